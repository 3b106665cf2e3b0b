/**
 * Where a browser keeps the session token: localStorage under `token`, shared by the user app and the console
 * on the same origin, so one sign-in serves both and signing out of one signs out of the other.
 */
export const TOKEN_KEY = 'token';

interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): TokenStorage | undefined {
  return (globalThis as { localStorage?: TokenStorage }).localStorage;
}

/** The stored token, or null when signed out or when storage is unavailable (a private window's refusal). */
export function readStoredToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

export function removeStoredToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}
