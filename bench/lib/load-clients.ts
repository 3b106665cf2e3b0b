/**
 * A separate process that plays N concurrent users of the QA endpoint, so the load generator does not share
 * the server's event loop. Started through `runClients` (a `fork` of this file); talks to it over IPC.
 */
import { fork } from 'node:child_process';

export interface LoadRequest {
  /** The QA endpoints to ask, taken in turn over all clients (one project, or many round-robin). */
  urls: string[];
  token: string;
  questions: string[];
  clients: number;
  seconds: number;
  /** Upper bound on requests over all clients, whatever the time. */
  maxRequests: number;
  timeoutMs: number;
  /** When set, one more client asks this URL (GET) every `healthEveryMs` for as long as the load lasts. */
  healthUrl?: string;
  healthEveryMs?: number;
}

export interface LoadResult {
  /** Milliseconds of each successful request, in completion order. */
  latencies: number[];
  failures: number;
  firstFailure: string | null;
  seconds: number;
  /** Milliseconds of each health request made during the load (failed ones are counted in `healthFailures`). */
  healthLatencies: number[];
  healthFailures: number;
}

async function runLoad(request: LoadRequest): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let issued = 0;
  const started = performance.now();
  const deadline = started + request.seconds * 1000;
  const client = async (offset: number): Promise<void> => {
    let turn = 0;
    while (performance.now() < deadline && issued < request.maxRequests) {
      issued += 1;
      const question = request.questions[(offset + turn * request.clients) % request.questions.length];
      const url = request.urls[issued % request.urls.length];
      turn += 1;
      const sent = performance.now();
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${request.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ question }),
          signal: AbortSignal.timeout(request.timeoutMs),
        });
        const body = await response.text();
        if (response.ok) latencies.push(performance.now() - sent);
        else {
          failures += 1;
          firstFailure ??= `HTTP ${response.status} ${body.slice(0, 200)}`;
        }
      } catch (error) {
        failures += 1;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        firstFailure ??= `${error instanceof Error ? error.message : String(error)}${cause ? ` (${[cause.code, cause.message].filter(Boolean).join(' ')})` : ''}`;
      }
    }
  };
  const healthLatencies: number[] = [];
  let healthFailures = 0;
  const prober = async (url: string): Promise<void> => {
    while (performance.now() < deadline && issued < request.maxRequests) {
      const sent = performance.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(request.timeoutMs) });
        await response.arrayBuffer();
        if (response.ok) healthLatencies.push(performance.now() - sent);
        else healthFailures += 1;
      } catch {
        healthFailures += 1;
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, request.healthEveryMs ?? 200));
    }
  };
  await Promise.all([...Array.from({ length: request.clients }, (_, i) => client(i)), ...(request.healthUrl === undefined ? [] : [prober(request.healthUrl)])]);
  return { latencies, failures, firstFailure, seconds: (performance.now() - started) / 1000, healthLatencies, healthFailures };
}

/** Runs the load in a child process of its own and resolves with what it measured. */
export function runClients(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(__filename, [], {
      execArgv: ['--require', require.resolve('@swc-node/register')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: LoadResult | null = null;
    child.once('message', (message: LoadResult) => (result = message));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolvePromise(result) : reject(new Error(`The load process ended (${code}) without a result`))));
    child.send(request);
  });
}

/**
 * `clients` concurrent users asking the QA endpoints of these matters in turn for `seconds`, while one more asks
 * GET /api/health/ every 200 ms; a request unanswered after a minute counts as failed.
 */
export function askUnderLoad(options: { baseUrl: string; projectIds: string[]; token: string; questions: string[]; clients: number; seconds: number; maxRequests: number }): Promise<LoadResult> {
  return runClients({
    urls: options.projectIds.map((id) => `${options.baseUrl}/api/projects/${id}/qa/`),
    token: options.token,
    questions: options.questions,
    clients: options.clients,
    seconds: options.seconds,
    maxRequests: options.maxRequests,
    timeoutMs: 60_000,
    healthUrl: `${options.baseUrl}/api/health/`,
  });
}

if (require.main === module && process.send) {
  process.once('message', (request: LoadRequest) => {
    runLoad(request).then(
      (result) => process.send?.(result, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
