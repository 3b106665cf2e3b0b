// The session token, kept where the user app keeps it (localStorage under `token`), so one sign-in on
// this origin serves both apps and signing out of one signs out of the other.
const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
}
