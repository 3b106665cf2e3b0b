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

function pathOf(href: string): string {
  const url = new URL(href, 'http://localhost');
  return url.pathname + url.search;
}

function fromInit(input: string | URL, init: RequestInit): RecordedRequest {
  const body = init.body;
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    path: pathOf(typeof input === 'string' ? input : input.href),
    headers: new Headers(init.headers),
    credentials: init.credentials,
    json: typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined,
    form: body instanceof FormData ? body : null,
  };
}

/**
 * The generated client hands fetch a Request. Under jsdom a multipart body loses its file names and bytes on
 * the way into a Request, so tests can read its plain fields only.
 */
async function fromRequest(request: Request): Promise<RecordedRequest> {
  const type = request.headers.get('Content-Type') ?? '';
  const text = type.startsWith('application/json') ? await request.clone().text() : '';
  return {
    method: request.method.toUpperCase(),
    path: pathOf(request.url),
    headers: new Headers(request.headers),
    credentials: request.credentials,
    json: text ? (JSON.parse(text) as unknown) : undefined,
    form: type.startsWith('multipart/form-data') ? ((await request.clone().formData()) as FormData) : null,
  };
}

/**
 * Replaces the global fetch with a router keyed by "METHOD /path" (query string included when given).
 * Unrouted calls fail the test loudly with a 599 so nothing silently passes.
 */
export function mockFetch(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? await fromRequest(input) : fromInit(input, init);
    requests.push(request);
    const url = new URL(request.path, 'http://localhost');
    const route = routes[`${request.method} ${url.pathname}${url.search}`] ?? routes[`${request.method} ${url.pathname}`];
    if (!route) return json(599, { detail: `unrouted ${request.method} ${request.path}` });
    const reply = await route(request);
    if (reply instanceof Error) throw reply;
    return reply;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock, calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}`.startsWith(key)) };
}
