// The console keeps the session where the user app does (see @casewise/api-client's token storage).
export { readStoredToken as getToken, removeStoredToken as clearToken, storeToken as setToken } from '@casewise/api-client';
