import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type CasewiseClient = Client<paths>;

export interface ClientOptions {
  /** Origin of the API, e.g. http://localhost:3000; empty for the same origin in a browser. */
  baseUrl?: string;
  /** Returns the bearer token to send, or null when signed out. */
  getToken?: () => string | null;
  /** Called on any 401 answer, after which the caller should treat the session as over. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** A typed client over the OpenAPI contract (openapi.yaml), shared by the web app, console, CLI and tests. */
export function createCasewiseClient(options: ClientOptions = {}): CasewiseClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl ?? '', fetch: options.fetch, credentials: 'include' });
  const auth: Middleware = {
    onRequest({ request }) {
      const token = options.getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) options.onUnauthorized?.();
      return response;
    },
  };
  client.use(auth);
  return client;
}

export { readStoredToken, removeStoredToken, storeToken, TOKEN_KEY } from './token-storage';
