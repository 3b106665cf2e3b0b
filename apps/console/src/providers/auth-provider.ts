import type { AuthProvider, UserIdentity } from 'react-admin';
import { api, type Schemas, settle } from './api';
import { clearToken, getToken, setToken } from './session';

type Me = Schemas['MeResponseDto'];

let cached: { token: string; me: Promise<Me> } | null = null;

/** Who the stored token belongs to, asked once per token. */
function whoAmI(): Promise<Me> {
  const token = getToken();
  if (!token) return Promise.reject(new Error('Signed out.'));
  if (cached?.token !== token) {
    const me = settle(api.GET('/api/me/'));
    cached = { token, me };
    me.catch(() => {
      if (cached?.me === me) cached = null;
    });
  }
  return cached.me;
}

function forget(): void {
  cached = null;
  clearToken();
}

/**
 * Signs in through the same `/api/login/` as the user app (same rules, same throttling) and keeps the
 * token where the user app does. A member may sign in; the layout then shows only the refusal.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { token } = await settle(api.POST('/api/login/', { body: { email: username.trim(), password } }));
    if (!token) throw new Error('The server sent a response that could not be read.');
    cached = null;
    setToken(token);
  },

  async logout() {
    if (getToken()) await api.POST('/api/logout/').catch(() => undefined);
    forget();
  },

  async checkAuth() {
    if (!getToken()) throw new Error('Signed out.');
  },

  async checkError(error: { status?: number }) {
    // 401: the session ended (signed out elsewhere, password reset, account disabled). 403 is a refusal, not a sign-out.
    if (error?.status === 401) {
      forget();
      throw new Error('Your session has ended. Please sign in again.');
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const me = await whoAmI();
    // No fullName: the account menu's button stays an icon named "Profile" (see ConsoleUserMenu).
    return { id: me.id, email: me.email, firm: me.firm.name, role: me.role };
  },

  async getPermissions(): Promise<Me['role']> {
    return (await whoAmI()).role;
  },
};
