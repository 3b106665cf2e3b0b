/**
 * Data-room scale: one matter of 100, 510 and 2,000 contracts, then many small matters asked in turn, on the
 * embedded defaults, with the built server in a process of its own (run `npm run build:api` first); with
 * --topology scaled, on PostgreSQL and Redis with one API process and --workers worker processes instead.
 *
 *   npm run bench:scale -- [--sizes 100,510,2000] [--clients 20] [--seconds 30] [--projects 300] [--per-project 20]
 *     [--cache-mb 256] [--corpus <txt dir>] [--queries <queries.json>] [--topology embedded|scaled] [--workers 2] [--json]
 *
 * Per size: the time to ingest the matter, what the data directory holds on disk (the database apart), the
 * server's memory (its parsing processes included) after ingestion, the first answer after a restart (the search
 * index is built from the database again), then p50/p95/p99 of answers for concurrent clients and GET /api/health/
 * p95 during that load. Above 510 documents the CUAD texts repeat, each copy under altered party names and a file
 * name of its own, so that no two documents are the same. Then --projects matters of --per-project documents are
 * asked round-robin after a restart with SEARCH_CACHE_MB=--cache-mb: the server's memory must grow by no more than
 * the cache bound plus 200 MB. --projects 0 skips that case.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractParties } from '../libs/legal/src/extraction/parties';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ApiClient, removeScaledOut, type ScaledIdentity, type ScaledOut, type ServerProcess, startScaledOut, startServerProcess } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { processCpuSeconds } from './lib/cpu';
import { byCodeUnits, cuadPath, type DevQuery, pooledQuestion, readQueries } from './lib/cuad';
import { fixed, mapLimit, percentile, seconds, table } from './lib/format';
import { askUnderLoad, type LoadResult } from './lib/load-clients';
import { MemorySampler } from './lib/memory';
import { describeMachineState, machineStateJson, probeMachine } from './lib/machine';

const UPLOAD_CONCURRENCY = 4;
const MAX_REQUESTS = 500_000;
const SETTLE_MS = 90 * 60_000;
/** Targets of the largest matter (issue 21). */
const TARGET = { p95Ms: 300, coldMs: 3000, diskMb: 1024, memoryMb: 1536, cacheSlackMb: 200 };

interface RoomDocument {
  name: string;
  bytes: Buffer;
  /** The CUAD file it was made from. */
  source: string;
}

/**
 * Document `index` of a data room over `files`: the file itself the first time round, then copies whose parties
 * are renamed ("Acme Inc." → "Acme 2 Inc.") under a file name of their own, each opened by a line naming it.
 */
function roomDocument(corpus: string, files: readonly string[], index: number): RoomDocument {
  const source = files[index % files.length];
  const round = Math.floor(index / files.length);
  const bytes = readFileSync(join(corpus, source));
  if (round === 0) return { name: source, bytes, source };
  let text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const names = [...new Set(extractParties(text.slice(0, 20_000)).map((party) => party.value.trim()))].filter((name) => name.length >= 3);
  for (const name of names.sort((a, b) => b.length - a.length)) text = text.split(name).join(name.replace(/^(\S+)/, `$1 ${round + 1}`));
  const stem = source.replace(/\.[^.]+$/, '');
  return { name: `${stem} (copy ${round + 1}).txt`, bytes: Buffer.from(`Data room document ${index + 1}\n\n${text}`), source };
}

/** Bytes under `path`, every file counted. */
function diskBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += diskBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

const mb = (bytes: number): number => bytes / 1024 / 1024;

/**
 * The load's figures. `cpuMsPerAnswer` is the server's CPU time per answer (every thread: the event loop, the
 * answering and database threads, the garbage collector's): steadier from run to run than the percentiles, which
 * move with everything else on the machine, and what two cores must share.
 */
interface Percentiles {
  cpuMsPerAnswer: number;
  requests: number;
  failures: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  healthP95: number;
  healthFailures: number;
  firstFailure: string | null;
}

function summarise(load: LoadResult, cpuSeconds: number): Percentiles {
  const sorted = [...load.latencies].sort((a, b) => a - b);
  const health = [...load.healthLatencies].sort((a, b) => a - b);
  return {
    cpuMsPerAnswer: load.latencies.length > 0 ? (cpuSeconds * 1000) / load.latencies.length : NaN,
    requests: load.latencies.length,
    failures: load.failures,
    rps: load.latencies.length / load.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    healthP95: percentile(health, 95),
    healthFailures: load.healthFailures,
    firstFailure: load.firstFailure,
  };
}

type Topology = 'embedded' | 'scaled';

/**
 * The server, restartable on its data (and, scaled out, its schema), with its memory sampled from its start: the
 * server and its parsing processes, or the API and worker processes together (the sum of their peaks).
 */
class Deployment {
  server: ServerProcess | null = null;
  private samplers: MemorySampler[] = [];
  readonly dataDir: string;
  private readonly identity: ScaledIdentity;

  constructor(
    private readonly label: string,
    private readonly topology: { kind: Topology; workers: number },
    private readonly settings: Record<string, string> = {},
  ) {
    this.dataDir = mkdtempSync(join(tmpdir(), `casewise-bench-${label}-`));
    this.identity = { tag: randomBytes(4).toString('hex'), dataDir: this.dataDir };
  }

  async start(): Promise<ServerProcess> {
    if (this.topology.kind === 'scaled') {
      const server: ScaledOut = await startScaledOut(this.label, this.topology.workers, { identity: this.identity, settings: this.settings });
      this.samplers = [server.pid, ...server.workerPids].map((pid) => new MemorySampler([], 250, pid));
      this.samplers.forEach((sampler) => sampler.start());
      this.server = server;
      return server;
    }
    this.server = await startServerProcess(
      this.label,
      (pid) => {
        this.samplers = [new MemorySampler([], 250, pid)];
        this.samplers[0].start();
      },
      { dataDir: this.dataDir, settings: this.settings },
    );
    return this.server;
  }

  resetPeaks(): void {
    this.samplers.forEach((sampler) => sampler.reset());
  }

  /** The peak since the last reset, MB. */
  peakMb(): number {
    return this.samplers.length === 0 ? NaN : this.samplers.reduce((sum, sampler) => sum + sampler.peek().concurrentMb, 0);
  }

  /** The server's processes: the API, and scaled out its worker processes. */
  private pids(): number[] {
    if (this.server === null) return [];
    return this.topology.kind === 'scaled' ? [this.server.pid, ...(this.server as ScaledOut).workerPids] : [this.server.pid];
  }

  /** Resident memory of the server's processes now, MB. */
  memoryNowMb(): number {
    return this.server === null ? NaN : this.pids().reduce((sum, pid) => sum + new MemorySampler([], 250, pid).peek().concurrentMb, 0);
  }

  /** CPU seconds the server's processes have spent so far, every thread counted (its idle parsing processes not). */
  cpuSeconds(): number {
    return this.server === null ? NaN : this.pids().reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  }

  /** What the database holds on disk: PGlite's folder, or the deployment's PostgreSQL schema (tables, indexes, TOAST). */
  async databaseBytes(): Promise<number> {
    const config = this.server?.config;
    if (config === undefined) return NaN;
    if (config.database.kind === 'pglite') return diskBytes(config.database.pgliteDir);
    const client = new Client({ connectionString: config.database.url?.reveal() });
    await client.connect();
    try {
      const result = await client.query<{ bytes: string | null }>(
        `SELECT sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)::regclass)) AS bytes FROM pg_tables WHERE schemaname = $1`,
        [config.database.schema],
      );
      return Number(result.rows[0]?.bytes ?? 0);
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    this.samplers.forEach((sampler) => sampler.stop());
    this.samplers = [];
    await this.server?.close();
    this.server = null;
  }

  async remove(): Promise<void> {
    await this.stop();
    if (this.topology.kind === 'scaled') await removeScaledOut(this.label, this.identity);
    else rmSync(this.dataDir, { recursive: true, force: true });
  }
}

async function ingest(api: ApiClient, projectId: string, documents: readonly RoomDocument[]): Promise<number> {
  await mapLimit(documents, UPLOAD_CONCURRENCY, async (document) => api.upload(projectId, document.name, document.bytes));
  const settled = await api.waitUntilSettled(projectId, SETTLE_MS, 2000);
  return settled.filter((document) => document.status !== 'ready').length;
}

interface SizeRow {
  documents: number;
  ingestS: number;
  failed: number;
  diskMb: number;
  databaseMb: number;
  peakIngestMb: number;
  afterIngestMb: number;
  coldMs: number;
  load: Percentiles;
  peakLoadMb: number;
}

async function oneMatter(corpus: string, files: readonly string[], queries: readonly DevQuery[], size: number, clients: number, duration: number, topology: Deployment['topology']): Promise<SizeRow> {
  const deployment = new Deployment(`scale-${size}`, topology);
  try {
    let server = await deployment.start();
    let api = new ApiClient(server.baseUrl);
    await api.createUser(server.config);
    const projectId = await api.createProject(`Data room of ${size}`);
    const documents = Array.from({ length: size }, (_, index) => roomDocument(corpus, files, index));
    deployment.resetPeaks();
    const started = process.hrtime.bigint();
    const failed = await ingest(api, projectId, documents);
    const ingestS = seconds(started);
    const peakIngestMb = deployment.peakMb();
    const afterIngestMb = deployment.memoryNowMb();
    const databaseMb = mb(await deployment.databaseBytes());
    // Scaled out, the database is not in the data directory: it counts apart.
    const diskMb = mb(diskBytes(deployment.dataDir)) + (topology.kind === 'scaled' ? databaseMb : 0);

    // A restart: the first question builds the matter's search index from the database again.
    await deployment.stop();
    server = await deployment.start();
    api = api.on(server.baseUrl);
    const present = new Set(documents.slice(0, files.length).map((document) => document.source));
    const questions = queries.filter((query) => present.has(query.file)).map(pooledQuestion);
    if (questions.length === 0) throw new Error('No dev questions about the chosen contracts.');
    const coldStarted = process.hrtime.bigint();
    await api.ask(projectId, questions[0]);
    const coldMs = seconds(coldStarted) * 1000;

    deployment.resetPeaks();
    const cpuBefore = deployment.cpuSeconds();
    const load = await askUnderLoad({ baseUrl: server.baseUrl, projectIds: [projectId], token: api.bearer, questions, clients, seconds: duration, maxRequests: MAX_REQUESTS });
    const cpuSeconds = deployment.cpuSeconds() - cpuBefore;
    const peakLoadMb = deployment.peakMb();
    return { documents: size, ingestS, failed, diskMb, databaseMb, peakIngestMb, afterIngestMb, coldMs, load: summarise(load, cpuSeconds), peakLoadMb };
  } finally {
    await deployment.remove();
  }
}

interface RoundRobinRow {
  projects: number;
  perProject: number;
  cacheMb: number;
  ingestS: number;
  failed: number;
  idleMb: number;
  peakMb: number;
  load: Percentiles;
}

async function manyMatters(
  corpus: string,
  files: readonly string[],
  queries: readonly DevQuery[],
  projects: number,
  perProject: number,
  cacheMb: number,
  clients: number,
  duration: number,
  topology: Deployment['topology'],
): Promise<RoundRobinRow> {
  const deployment = new Deployment('scale-projects', topology, { SEARCH_CACHE_MB: String(cacheMb) });
  try {
    let server = await deployment.start();
    let api = new ApiClient(server.baseUrl);
    await api.createUser(server.config);
    const started = process.hrtime.bigint();
    const ids = await mapLimit(Array.from({ length: projects }, (_, p) => p), 2, async (p) => {
      const id = await api.createProject(`Matter ${p + 1}`);
      const documents = Array.from({ length: perProject }, (_, d) => roomDocument(corpus, files, p * perProject + d));
      return { id, failed: await ingest(api, id, documents) };
    });
    const ingestS = seconds(started);

    await deployment.stop();
    server = await deployment.start();
    api = api.on(server.baseUrl);
    const idleMb = deployment.memoryNowMb();
    deployment.resetPeaks();
    // Questions that name no contract, as a lawyer asks them of any matter.
    const questions = [...new Set(queries.map((query) => query.question))].sort(byCodeUnits);
    const cpuBefore = deployment.cpuSeconds();
    const load = await askUnderLoad({ baseUrl: server.baseUrl, projectIds: ids.map(({ id }) => id), token: api.bearer, questions, clients, seconds: duration, maxRequests: MAX_REQUESTS });
    const cpuSeconds = deployment.cpuSeconds() - cpuBefore;
    const peakMb = deployment.peakMb();
    return { projects, perProject, cacheMb, ingestS, failed: ids.reduce((sum, { failed }) => sum + failed, 0), idleMb, peakMb, load: summarise(load, cpuSeconds) };
  } finally {
    await deployment.remove();
  }
}

async function main(): Promise<void> {
  const machine = probeMachine();
  const args = new BenchArgs(process.argv.slice(2), {
    options: ['sizes', 'clients', 'seconds', 'projects', 'per-project', 'cache-mb', 'corpus', 'queries', 'topology', 'workers'],
    switches: ['json'],
  });
  const corpus = resolve(args.string('corpus') ?? cuadPath('txt'));
  const queries = readQueries(resolve(args.string('queries') ?? cuadPath('dev', 'queries.json')));
  const files = readdirSync(corpus)
    .filter((name) => name.endsWith('.txt'))
    .sort(byCodeUnits);
  if (files.length === 0) throw new Error(`No .txt contracts in ${corpus}`);
  const sizes = args.numbers('sizes') ?? [100, 510, 2000];
  if (sizes.some((size) => !Number.isInteger(size) || size < 1)) throw new Error(`--sizes is a list of document counts such as 100,510,2000, not "${args.string('sizes')}"`);
  const clients = args.count('clients', 20);
  const duration = args.count('seconds', 30);
  const projects = args.count('projects', 300, 0);
  const perProject = args.count('per-project', 20);
  const cacheMb = args.count('cache-mb', 256);
  const kind = args.string('topology') ?? 'embedded';
  if (kind !== 'embedded' && kind !== 'scaled') throw new Error(`--topology is embedded or scaled, not "${kind}"`);
  const topology = { kind, workers: args.count('workers', 2) } as const;

  const rows: SizeRow[] = [];
  for (const size of sizes) {
    rows.push(await oneMatter(corpus, files, queries, size, clients, duration, topology));
    const row = rows.at(-1) as SizeRow;
    if (row.load.firstFailure) console.log(`${size} documents, first failure: ${row.load.firstFailure}`);
  }
  console.log(describeMachineState(machine));
  console.log(
    topology.kind === 'scaled'
      ? `scaled out: PostgreSQL and Redis, 1 API and ${topology.workers} worker processes of the built server; ${clients} clients for ${duration} s per size; memory is the sum of their processes' peaks, disk includes the schema`
      : `embedded defaults, built server in its own process; ${clients} clients for ${duration} s per size; memory is the server's with its parsing processes`,
  );
  console.log(
    table(
      ['documents', 'ingest s', 'docs/s', 'failed', 'disk MB', 'database MB', 'memory peak ingesting MB', 'memory after MB', 'cold first answer ms', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failed answers', 'health p95 ms', 'server CPU ms/answer', 'memory under load MB'],
      rows.map((row) => [
        row.documents,
        fixed(row.ingestS),
        fixed(row.documents / row.ingestS),
        row.failed,
        fixed(row.diskMb, 0),
        fixed(row.databaseMb, 0),
        fixed(row.peakIngestMb, 0),
        fixed(row.afterIngestMb, 0),
        fixed(row.coldMs, 0),
        fixed(row.load.rps),
        fixed(row.load.p50, 0),
        fixed(row.load.p95, 0),
        fixed(row.load.p99, 0),
        row.load.failures,
        fixed(row.load.healthP95, 1),
        fixed(row.load.cpuMsPerAnswer, 1),
        fixed(row.peakLoadMb, 0),
      ]),
    ),
  );
  const largest = rows.reduce((best, row) => (row.documents > best.documents ? row : best), rows[0]);
  const largestMet =
    largest.load.p95 < TARGET.p95Ms && largest.coldMs < TARGET.coldMs && largest.diskMb < TARGET.diskMb && Math.max(largest.peakIngestMb, largest.peakLoadMb) < TARGET.memoryMb && largest.failed === 0 && largest.load.failures === 0;
  console.log(
    `target at ${largest.documents} documents: answers p95 < ${TARGET.p95Ms} ms, cold first answer < ${TARGET.coldMs} ms, disk < 1 GB, memory < 1.5 GB, nothing failed: ${largestMet ? 'met' : 'missed'}`,
  );

  let roundRobin: RoundRobinRow | null = null;
  if (projects > 0) {
    roundRobin = await manyMatters(corpus, files, queries, projects, perProject, cacheMb, clients, duration, topology);
    const growth = roundRobin.peakMb - roundRobin.idleMb;
    console.log(
      table(
        ['matters × documents', 'SEARCH_CACHE_MB', 'ingest s', 'failed', 'memory after restart MB', 'peak asking round-robin MB', 'growth MB', 'req/s', 'p95 ms', 'failed answers', 'health p95 ms', 'server CPU ms/answer'],
        [
          [
            `${roundRobin.projects} × ${roundRobin.perProject}`,
            roundRobin.cacheMb,
            fixed(roundRobin.ingestS),
            roundRobin.failed,
            fixed(roundRobin.idleMb, 0),
            fixed(roundRobin.peakMb, 0),
            fixed(growth, 0),
            fixed(roundRobin.load.rps),
            fixed(roundRobin.load.p95, 0),
            roundRobin.load.failures,
            fixed(roundRobin.load.healthP95, 1),
            fixed(roundRobin.load.cpuMsPerAnswer, 1),
          ],
        ],
      ),
    );
    if (roundRobin.load.firstFailure) console.log(`round-robin, first failure: ${roundRobin.load.firstFailure}`);
    console.log(`target: memory grows by less than SEARCH_CACHE_MB + ${TARGET.cacheSlackMb} MB while asking every matter in turn: ${growth < roundRobin.cacheMb + TARGET.cacheSlackMb ? 'met' : 'missed'}`);
  }

  if (args.has('json')) {
    console.log(
      JSON.stringify({
        machine: machineStateJson(machine),
        topology: topology.kind,
        sizes: rows.map((row) => ({
          documents: row.documents,
          ingest_s: Math.round(row.ingestS * 10) / 10,
          failed: row.failed,
          disk_mb: Math.round(row.diskMb),
          database_mb: Math.round(row.databaseMb),
          memory_peak_ingest_mb: Math.round(row.peakIngestMb),
          memory_after_ingest_mb: Math.round(row.afterIngestMb),
          cold_first_answer_ms: Math.round(row.coldMs),
          requests_per_s: Math.round(row.load.rps * 10) / 10,
          p50_ms: Math.round(row.load.p50),
          p95_ms: Math.round(row.load.p95),
          p99_ms: Math.round(row.load.p99),
          failed_answers: row.load.failures,
          health_p95_ms: Math.round(row.load.healthP95 * 10) / 10,
          server_cpu_ms_per_answer: Math.round(row.load.cpuMsPerAnswer * 10) / 10,
          memory_under_load_mb: Math.round(row.peakLoadMb),
        })),
        round_robin:
          roundRobin === null
            ? null
            : {
                projects: roundRobin.projects,
                per_project: roundRobin.perProject,
                search_cache_mb: roundRobin.cacheMb,
                ingest_s: Math.round(roundRobin.ingestS * 10) / 10,
                failed: roundRobin.failed,
                memory_after_restart_mb: Math.round(roundRobin.idleMb),
                memory_peak_mb: Math.round(roundRobin.peakMb),
                p95_ms: Math.round(roundRobin.load.p95),
                failed_answers: roundRobin.load.failures,
                health_p95_ms: Math.round(roundRobin.load.healthP95 * 10) / 10,
                server_cpu_ms_per_answer: Math.round(roundRobin.load.cpuMsPerAnswer * 10) / 10,
              },
      }),
    );
  }
}

runBench(main);
