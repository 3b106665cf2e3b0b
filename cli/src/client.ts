import { createCasewiseClient, failureDetail, type CasewiseClient, type Schemas } from '@casewise/api-client';
import { CliError, EXIT } from './errors';

export type { Schemas };

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);
const MAX_TRIES = 6;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });
}

/** Seconds from `Retry-After` (a number or an HTTP date), else exponential back-off from half a second. */
export function retryDelayMs(response: Response | null, attempt: number, now = Date.now()): number {
  const header = response?.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.min(Math.max(seconds, 0) * 1000, 120_000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.min(Math.max(date - now, 0), 120_000);
  }
  return Math.min(500 * 2 ** attempt, 16_000);
}

/** fetch that tries again after a network error, a 429 or a 502/503/504, honouring Retry-After. */
export function retryingFetch(signal?: AbortSignal, onRetry?: (reason: string, ms: number) => void): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt += 1) {
      const request = input instanceof Request ? input.clone() : input;
      let response: Response | null = null;
      try {
        response = await fetch(request, { ...init, signal });
        if (!RETRIED_STATUSES.has(response.status) || attempt + 1 >= MAX_TRIES) return response;
      } catch (error) {
        if (signal?.aborted || attempt + 1 >= MAX_TRIES) throw error;
      }
      const wait = retryDelayMs(response, attempt);
      onRetry?.(response ? `HTTP ${response.status}` : 'no connection', wait);
      await sleep(wait, signal);
    }
  };
}

export interface Connection {
  url: string;
  client: CasewiseClient;
}

export function connect(url: string, token: string | null, signal?: AbortSignal, onRetry?: (reason: string, ms: number) => void): Connection {
  const client = createCasewiseClient({ baseUrl: url, getToken: () => token, fetch: retryingFetch(signal, onRetry) });
  return { url, client };
}

interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** An API failure, with its status and the API's own words. */
export class ApiFailure extends CliError {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail, EXIT.usage);
  }
}

/** Waits for a call; a failure becomes a one-line error that says what to do. */
export async function settle<T>(connection: Connection, pending: Promise<Outcome<T>>): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await pending;
  } catch (error) {
    if (error instanceof Error && (error.name === 'AbortError' || error.message === 'aborted')) throw error;
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new CliError(`Cannot reach ${connection.url} (${reason}): check the address and that the server is running.`);
  }
  const { response } = outcome;
  if (response.ok) return outcome.data as T;
  const detail = failureDetail(outcome.error) ?? `HTTP ${response.status}`;
  if (response.status === 401) throw new ApiFailure(401, `Not signed in (${detail}): run casewise login --url ${connection.url} --email <address>, or set a valid CASEWISE_API_KEY.`);
  throw new ApiFailure(response.status, detail);
}
