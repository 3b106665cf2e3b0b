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

function baseHeaders(): { headers: Headers; sentToken: boolean } {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  return { headers, sentToken: Boolean(token) };
}

async function readErrorBody(response: Response): Promise<ErrorBody | undefined> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

async function send(path: string, init: RequestInit, sentToken: boolean): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, credentials: 'include' });
  } catch (cause) {
    const message = cause instanceof Error && cause.message ? cause.message : 'Network error';
    throw new ApiError('network', message);
  }
  if (response.ok) return response;

  const body = await readErrorBody(response);
  // A 401 on a call made without a token (a wrong password at login) is not an expired session.
  if (response.status === 401 && sentToken) {
    clearToken();
    unauthorizedHandler?.();
  }
  const message =
    nonEmpty(body?.detail) ?? nonEmpty(body?.error) ?? `Request failed with status code ${response.status}`;
  throw new ApiError('response', message, response.status, body);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('other', 'The server sent a response that could not be read.', response.status);
  }
}

export type JsonMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The JSON client. */
export async function requestJson<T>(method: JsonMethod, path: string, body?: unknown): Promise<T> {
  const { headers, sentToken } = baseHeaders();
  headers.set('Accept', 'application/json');
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  return readJson<T>(await send(path, init, sentToken));
}

/** The multipart client; the browser sets the boundary in Content-Type itself. */
export async function requestMultipart<T>(path: string, form: FormData): Promise<T> {
  const { headers, sentToken } = baseHeaders();
  headers.set('Accept', 'application/json');
  return readJson<T>(await send(path, { method: 'POST', headers, body: form }, sentToken));
}

export async function requestBlob(path: string): Promise<Blob> {
  const { headers, sentToken } = baseHeaders();
  const response = await send(path, { method: 'GET', headers }, sentToken);
  return response.blob();
}
