/**
 * QA latency under load: one project of CUAD contracts, then concurrent clients asking dev questions about
 * them over real HTTP on loopback, on the offline engine. The clients run in a child process.
 *
 *   npm run bench:qa -- [--contracts 100] [--clients 20] [--seconds 30] [--corpus <txt dir>] [--queries <queries.json>]
 *     [--topology embedded|scaled] [--workers 2] [--threads N] [--json]
 *
 * While the clients ask, one more client asks GET /api/health/ every 200 ms: a busy server must still answer it.
 * The server is the built one (npm run build:api, which the npm script runs first), started as `npm start` starts it
 * (the environment and Node options of start:api) in a process of its own on the embedded defaults; --topology scaled
 * runs it as one API process and --workers worker processes on PostgreSQL and Redis (DATABASE_URL and REDIS_URL, this
 * machine's by default; a schema and a key prefix of their own, removed afterwards). --threads sets WORKER_THREADS
 * (0: questions scored and answered on the event loop), by default the machine's cores less one. The server's CPU an
 * answer is that of its processes (the API's and the workers') during the load, read from /proc.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiClient, type ServerProcess, startScaledOut, startServerProcess } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { processCpuSeconds } from './lib/cpu';
import { byCodeUnits, cuadPath, pooledQuestion, readQueries } from './lib/cuad';
import { fixed, mapLimit, percentile, seconds, table } from './lib/format';
import { askUnderLoad } from './lib/load-clients';
import { describeMachineState, machineStateJson, probeMachine } from './lib/machine';

const UPLOAD_CONCURRENCY = 4;
const MAX_REQUESTS = 200_000;

async function main(): Promise<void> {
  const machine = probeMachine();
  const args = new BenchArgs(process.argv.slice(2), { options: ['contracts', 'clients', 'seconds', 'corpus', 'queries', 'topology', 'workers', 'threads'], switches: ['json'] });
  const topology = args.string('topology') ?? 'embedded';
  if (topology !== 'embedded' && topology !== 'scaled') throw new Error(`--topology is embedded or scaled, not "${topology}"`);
  const corpus = resolve(args.string('corpus') ?? cuadPath('txt'));
  const all = readQueries(resolve(args.string('queries') ?? cuadPath('dev', 'queries.json')));
  const files = [...new Set(all.map((query) => query.file))].sort(byCodeUnits).slice(0, args.count('contracts', 100));
  const chosen = new Set(files);
  const questions = all
    .filter((query) => chosen.has(query.file))
    .sort((a, b) => byCodeUnits(a.id, b.id))
    .map(pooledQuestion);
  if (questions.length === 0) throw new Error('No dev questions about the chosen contracts.');
  const clients = args.count('clients', 20);
  const duration = args.count('seconds', 30);

  const threads: Record<string, string> = args.string('threads') === undefined ? {} : { WORKER_THREADS: String(args.count('threads', 1, 0)) };
  const scaled = topology === 'scaled' ? await startScaledOut('qa', args.count('workers', 2), { settings: threads }) : undefined;
  const bench: ServerProcess = scaled ?? (await startServerProcess('qa', undefined, { settings: threads }));
  const serverPids = [bench.pid, ...(scaled?.workerPids ?? [])];
  const serverCpuSeconds = (): number => serverPids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  try {
    const api = new ApiClient(bench.baseUrl);
    await api.createUser(bench.config);
    const projectId = await api.createProject('bench qa');
    let started = process.hrtime.bigint();
    await mapLimit(files, UPLOAD_CONCURRENCY, async (file) => api.upload(projectId, file, readFileSync(join(corpus, file))));
    const documents = await api.waitUntilSettled(projectId, 30 * 60_000);
    const failed = documents.filter((document) => document.status !== 'ready');
    if (failed.length > 0) throw new Error(`${failed.length} contract(s) failed to ingest: ${failed[0].filename}: ${failed[0].error}`);
    const ingestSeconds = seconds(started);

    // The first question builds the project's search index; it is reported apart from the steady state.
    started = process.hrtime.bigint();
    await api.ask(projectId, questions[0]);
    const coldMs = seconds(started) * 1000;

    const cpuBefore = serverCpuSeconds();
    const load = await askUnderLoad({ baseUrl: bench.baseUrl, projectIds: [projectId], token: api.bearer, questions, clients, seconds: duration, maxRequests: MAX_REQUESTS });
    const cpuMsPerAnswer = load.latencies.length > 0 ? ((serverCpuSeconds() - cpuBefore) * 1000) / load.latencies.length : NaN;
    const clientCpuMsPerAnswer = load.latencies.length > 0 ? load.cpuMs / load.latencies.length : NaN;
    const sorted = [...load.latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const p99 = percentile(sorted, 99);
    const rps = load.latencies.length / load.seconds;
    const health = [...load.healthLatencies].sort((a, b) => a - b);
    const healthP95 = percentile(health, 95);

    console.log(describeMachineState(machine));
    console.log(
      `topology=${topology === 'scaled' ? `scaled (PostgreSQL, Redis, 1 API + ${args.count('workers', 2)} workers)` : 'embedded'} ` +
        `worker threads=${bench.config.workers.threads} contracts=${files.length} questions=${questions.length} clients=${clients} duration=${fixed(load.seconds)}s ` +
        `ingest=${fixed(ingestSeconds)}s first question (index build)=${fixed(coldMs, 0)}ms`,
    );
    console.log(
      table(
        ['requests', 'failed', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'health p95 ms', 'health failed', 'server CPU ms/answer', 'clients CPU ms/answer'],
        [[load.latencies.length, load.failures, fixed(rps), fixed(p50, 0), fixed(p95, 0), fixed(p99, 0), fixed(sorted[sorted.length - 1] ?? NaN, 0), fixed(healthP95, 1), load.healthFailures, fixed(cpuMsPerAnswer, 2), fixed(clientCpuMsPerAnswer, 2)]],
        false,
      ),
    );
    if (load.firstFailure) console.log(`first failure: ${load.firstFailure}`);
    const met = p95 < 150 && load.failures === 0 && healthP95 < 20 && load.healthFailures === 0;
    console.log(`target: answers p95 < 150 ms with no failure, health p95 < 20 ms: ${met ? 'met' : 'missed'}`);
    if (args.has('json')) {
      console.log(
        JSON.stringify({
          machine: machineStateJson(machine),
          contracts: files.length,
          clients,
          seconds: Math.round(load.seconds * 10) / 10,
          requests: load.latencies.length,
          failures: load.failures,
          requests_per_s: Math.round(rps * 10) / 10,
          p50_ms: Math.round(p50),
          p95_ms: Math.round(p95),
          p99_ms: Math.round(p99),
          cold_ms: Math.round(coldMs),
          health_p95_ms: Math.round(healthP95 * 10) / 10,
          health_failures: load.healthFailures,
          ...(Number.isNaN(cpuMsPerAnswer) ? {} : { server_cpu_ms_per_answer: Math.round(cpuMsPerAnswer * 100) / 100 }),
          clients_cpu_ms_per_answer: Math.round(clientCpuMsPerAnswer * 100) / 100,
          topology,
        }),
      );
    }
  } finally {
    await bench.close();
  }
}

runBench(main);
