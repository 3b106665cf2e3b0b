import { readStoredToken, removeStoredToken, storeToken, TOKEN_KEY } from '@casewise/api-client';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getToken(): string | null {
  return readStoredToken();
}

export function setToken(token: string): void {
  storeToken(token);
  notify();
}

export function clearToken(): void {
  removeStoredToken();
  notify();
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
