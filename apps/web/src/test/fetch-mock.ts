import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  json: unknown;
  form: FormData | null;
}

export type Reply = Response | Error | Promise<Response | Error>;
export type Route = (request: RecordedRequest) => Reply;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error body as the API sends it. */
export function apiError(status: number, detail?: string, error?: string): Response {
  return json(status, { statusCode: status, ...(detail === undefined ? {} : { detail }), ...(error === undefined ? {} : { error }) });
}

/** A reply that never settles, to observe busy states. */
export function pendingForever(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

export function deferred(): { promise: Promise<Response>; resolve: (response: Response) => void } {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Replaces the global fetch with a router keyed by "METHOD /path" (query string included when given).
 * Unrouted calls fail the test loudly with a 599 so nothing silently passes.
 */
export function mockFetch(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body;
    const request: RecordedRequest = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      json: typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined,
      form: body instanceof FormData ? body : null,
    };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) return json(599, { detail: `unrouted ${method} ${request.path}` });
    const reply = await route(request);
    if (reply instanceof Error) throw reply;
    return reply;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock, calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}`.startsWith(key)) };
}
