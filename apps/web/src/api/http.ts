import { createCasewiseClient, failureDetail, type CasewiseClient } from '@casewise/api-client';
import type { Middleware } from 'openapi-fetch';
import { clearToken, getToken } from '../auth/session';

/** The body of every failed call: `{ statusCode, detail, error }`; some answers also carry `message`. */
export interface ErrorBody {
  statusCode?: number;
  detail?: string;
  error?: string;
  message?: string;
}

/**
 * `response`: the server answered with an error status; `network`: no response arrived;
 * `other`: anything else (an unreadable body, unexpected data).
 */
export type ApiErrorKind = 'response' | 'network' | 'other';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: ErrorBody,
  ) {
    super(message);
  }

  get detail(): string | undefined {
    return nonEmpty(this.body?.detail);
  }

  get error(): string | undefined {
    return nonEmpty(this.body?.error);
  }

  get serverMessage(): string | undefined {
    return nonEmpty(this.body?.message);
  }
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

const UNREADABLE = 'The server sent a response that could not be read.';

let unauthorizedHandler: (() => void) | null = null;

/** Registers what happens after a 401 has cleared the stored token (the app goes to /login). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined' || !document.cookie) return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

// A 401 on a call made without a token (a wrong password at login) is not an expired session.
function endSessionOn401(status: number, sentToken: boolean): void {
  if (status !== 401 || !sentToken) return;
  clearToken();
  unauthorizedHandler?.();
}

/**
 * Adds the XSRF header and ends the session on a 401. The generated client's own hook fires on every 401;
 * this one looks at the request, so only a call that carried a token counts.
 */
const session: Middleware = {
  onRequest({ request }) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
    return request;
  },
  onResponse({ request, response }) {
    endSessionOn401(response.status, request.headers.has('Authorization'));
    return response;
  },
};

/** openapi-fetch builds a Request, which needs an absolute URL outside a page (the unit tests run in Node). */
function clientBaseUrl(): string {
  if (API_BASE) return API_BASE;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** The generated, typed client over openapi.yaml; every call sends credentials and the bearer token. */
export const api: CasewiseClient = createCasewiseClient({
  baseUrl: clientBaseUrl(),
  getToken,
  // Looked up on each call, so a fetch replaced after start-up (a test double) is the one used.
  fetch: (input, init) => globalThis.fetch(input, init),
});
api.use(session);

function networkError(cause: unknown): ApiError {
  const message = cause instanceof Error && cause.message ? cause.message : 'Network error';
  return new ApiError('network', message);
}

function errorBody(value: unknown): ErrorBody | undefined {
  return typeof value === 'object' && value !== null ? (value as ErrorBody) : undefined;
}

function responseError(status: number, body: ErrorBody | undefined): ApiError {
  const message = failureDetail(body) ?? `Request failed with status code ${status}`;
  return new ApiError('response', message, status, body);
}

interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Waits for a generated-client call and turns every failure into an ApiError; resolves to the parsed body. */
export async function settle<T>(pending: Promise<Outcome<T>>): Promise<T | undefined> {
  let outcome: Outcome<T>;
  try {
    outcome = await pending;
  } catch (cause) {
    // openapi-fetch parses a successful body itself; a SyntaxError means the answer arrived but was not JSON.
    if (cause instanceof SyntaxError) throw new ApiError('other', UNREADABLE);
    throw networkError(cause);
  }
  if (outcome.response.ok) return outcome.data;
  throw responseError(outcome.response.status, errorBody(outcome.error));
}

/** A body the caller cannot do without; an empty answer is unreadable. */
export function required<T>(data: T | undefined): T {
  if (data === undefined) throw new ApiError('other', UNREADABLE);
  return data;
}
