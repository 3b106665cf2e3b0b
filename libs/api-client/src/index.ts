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

/**
 * The API's own words for a failed call: its `detail`, else its `error` name; undefined when the body has neither
 * (the caller then names the status in its own way).
 */
export function failureDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { detail, error } = body as { detail?: unknown; error?: unknown };
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return undefined;
}
