/**
 * A separate process that plays N concurrent users of the QA endpoint, so the load generator does not share
 * the server's event loop. Started through `runClients` (a `fork` of this file); talks to it over IPC.
 */
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';

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
  /** CPU milliseconds (user + system) the load process spent while asking: the clients share the machine. */
  cpuMs: number;
}

interface Reply {
  status: number;
  body: string;
}

/**
 * One HTTP request over a kept-alive connection. Node's own client rather than `fetch`: the clients share the
 * machine's cores with the server, and `fetch` spent about twice the CPU a request (2 ms of an answer's 12 to 14).
 */
function send(agent: Agent, url: string, timeoutMs: number, options: { method: 'GET' } | { method: 'POST'; token: string; json: string }): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    const headers: Record<string, string | number> =
      options.method === 'POST' ? { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.json) } : {};
    const outgoing = httpRequest(url, { method: options.method, agent, headers, timeout: timeoutMs }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolveReply({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(options.method === 'POST' ? options.json : undefined);
  });
}

async function runLoad(request: LoadRequest): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: request.clients + 1 });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let issued = 0;
  const cpuBefore = process.cpuUsage();
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
        const reply = await send(agent, url, request.timeoutMs, { method: 'POST', token: request.token, json: JSON.stringify({ question }) });
        if (reply.status >= 200 && reply.status < 300) latencies.push(performance.now() - sent);
        else {
          failures += 1;
          firstFailure ??= `HTTP ${reply.status} ${reply.body.slice(0, 200)}`;
        }
      } catch (error) {
        failures += 1;
        const code = (error as { code?: string }).code;
        firstFailure ??= `${error instanceof Error ? error.message : String(error)}${code ? ` (${code})` : ''}`;
      }
    }
  };
  const healthLatencies: number[] = [];
  let healthFailures = 0;
  const prober = async (url: string): Promise<void> => {
    while (performance.now() < deadline && issued < request.maxRequests) {
      const sent = performance.now();
      try {
        const reply = await send(agent, url, request.timeoutMs, { method: 'GET' });
        if (reply.status >= 200 && reply.status < 300) healthLatencies.push(performance.now() - sent);
        else healthFailures += 1;
      } catch {
        healthFailures += 1;
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, request.healthEveryMs ?? 200));
    }
  };
  await Promise.all([...Array.from({ length: request.clients }, (_, i) => client(i)), ...(request.healthUrl === undefined ? [] : [prober(request.healthUrl)])]);
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  return { latencies, failures, firstFailure, seconds: (performance.now() - started) / 1000, healthLatencies, healthFailures, cpuMs: (cpu.user + cpu.system) / 1000 };
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
