import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import { createUser } from '@test/utils/factory';
import { createProject } from '@test/utils/projects';
import { announceSkip } from '@test/utils/requirements';
import { Cluster, descendants, openHandles, rssMb, startCluster } from './cluster';
import { GeneratedDocument, generateDocuments, longPdf } from './corpus';
import { Client, hungCount, newTally, steadyLoad, Tally, timedFetch, UploadRecord } from './load';
import { OwnPostgres, OwnRedis, startOwnPostgres, startOwnRedis } from './own-services';

// npm run test:reliability: the product under faults, with its own PostgreSQL and Redis (never the machine's), one
// API and two worker processes. Each fault is followed by the same checks; a table of the results is printed at the end.

const DOCUMENTS = Number(process.env.RELIABILITY_DOCUMENTS ?? 50);
const BURST = Number(process.env.RELIABILITY_BURST ?? 100);
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 0.5);
/** How long every document may take to reach ready or failed after a fault. */
const SETTLE_MS = 180_000;
const RECOVERY_LIMIT_S = 30;
/** Soak bounds: growth of each process between the start and the end of the soak (medians of three samples). */
const SOAK_RSS_GROWTH_MB = 150;
const SOAK_HANDLE_GROWTH = 25;
/** The soak's project holds at most this many documents: older ones are deleted as new ones arrive. */
const SOAK_KEEP = 60;
const DATA_DISK_MB = 96;
/** Redis out of reach for longer than any request may wait for it, and the longest wait allowed meanwhile. */
const REDIS_OUTAGE_MS = 15_000;
const OUTAGE_ANSWER_MS = 8_000;
const CHROMIUM_WENT_AWAY = 'Chromium went away during a render';

interface Row {
  fault: string;
  documents: number;
  ready: number;
  failed: number;
  lost: number;
  duplicates: number;
  stuck: number;
  hung: number;
  recovery: number | null;
  note: string;
}

const rows: Row[] = [];
let soakLine = 'soak: not run';

describe('reliability under faults', () => {
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let cluster: Cluster;
  let db: PgClient;
  let client: Client;
  let dataDir: string;
  let mounted = false;
  const phases: GeneratedDocument[][] = [];
  const started = Date.now();

  /** Runs a query on the suite's own PostgreSQL, reconnecting once when the server was restarted under the client. */
  async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    try {
      return (await db.query(sql, params)).rows as T[];
    } catch {
      await db.end().catch(() => undefined);
      db = new PgClient({ connectionString: pg.url });
      db.on('error', () => undefined);
      await db.connect();
      return (await db.query(sql, params)).rows as T[];
    }
  }

  beforeAll(async () => {
    pg = await startOwnPostgres();
    redis = await startOwnRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'casewise-reliability-data-'));
    if (process.getuid?.() === 0) {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DATA_DISK_MB}m,mode=0700`, 'tmpfs', dataDir]);
      mounted = true;
    } else {
      announceSkip('reliability: the full data disk', 'mounting a small tmpfs needs root');
    }
    cluster = await startCluster({ databaseUrl: pg.url, redisUrl: redis.url, dataDir, workers: 2 });
    db = new PgClient({ connectionString: pg.url });
    db.on('error', () => undefined);
    await db.connect();
    const user = await createUser(cluster, 'reliability');
    client = new Client(cluster.baseUrl, user.token, newTally());
    const all = generateDocuments('matter', DOCUMENTS);
    // Baseline, worker kill, PostgreSQL, Redis, full disk, soak: the documents in six slices.
    const slice = Math.ceil(all.length / 6);
    for (let i = 0; i < 6; i++) phases.push(all.slice(i * slice, (i + 1) * slice));
  }, 300_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await cluster?.stop();
    await redis?.destroy();
    await pg?.destroy();
    if (mounted) execFileSync('umount', ['-l', dataDir]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    printTable((Date.now() - started) / 1000);
  }, 120_000);

  async function newProject(name: string): Promise<string> {
    return (await createProject(cluster, { email: '', password: '', token: client.token }, name)).id;
  }

  /** The documents of the project that have not settled after SETTLE_MS (none when all did). */
  async function settle(projectId: string): Promise<{ id: string; filename: string; status: string; error: string | null }[]> {
    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      const unsettled = await query<{ id: string; filename: string; status: string; error: string | null }>(
        `SELECT id, filename, status, error FROM documents WHERE project_id = $1 AND status NOT IN ('ready', 'failed')`,
        [projectId],
      );
      if (unsettled.length === 0 || Date.now() > deadline) return unsettled;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** The checks after each fault, recorded as one row of the table, then asserted. */
  async function check(fault: string, projectId: string, tally: Tally, recovery: number | null, note = ''): Promise<Row> {
    const stuck = await settle(projectId);
    const documents = await query<{ id: string; filename: string; status: string; error: string | null; storage_key: string }>(
      `SELECT id, filename, status, error, storage_key FROM documents WHERE project_id = $1`,
      [projectId],
    );
    const byId = new Map(documents.map((document) => [document.id, document]));
    const created = tally.uploads.filter((upload) => upload.status === 201);
    const accepted = tally.uploads.filter(
      (upload): upload is UploadRecord & { documentId: string } => (upload.status === 200 || upload.status === 201) && upload.documentId !== null && !upload.deleted,
    );
    // Lost: answered 201 (or 200, the same file again) but no document row, or a stored file that cannot be read back.
    const lost: string[] = [];
    for (const upload of accepted) {
      if (!byId.has(upload.documentId)) {
        lost.push(`${upload.name}: no document row`);
        continue;
      }
      const content = await client.call('content', `/api/projects/${projectId}/documents/${upload.documentId}/content`);
      if (content.status !== 200) lost.push(`${upload.name}: its file answers ${String(content.status)}`);
    }
    const [{ duplicates }] = await query<{ duplicates: string }>(
      `SELECT (SELECT COUNT(*) - COUNT(DISTINCT (document_id, start, "end")) FROM chunks WHERE project_id = $1)
            + (SELECT COUNT(*) FROM (SELECT document_id FROM chunks WHERE project_id = $1 GROUP BY document_id HAVING MAX(ordinal) + 1 <> COUNT(*)) gaps) AS duplicates`,
      [projectId],
    );
    const failedWithoutReason = documents.filter((document) => document.status === 'failed' && !document.error?.trim());
    const failures = documents.filter((document) => document.status === 'failed');
    const row: Row = {
      fault,
      documents: created.length,
      ready: documents.filter((document) => document.status === 'ready').length,
      failed: failures.length,
      lost: lost.length,
      duplicates: Number(duplicates),
      stuck: stuck.length + failedWithoutReason.length,
      hung: hungCount(tally),
      recovery,
      note: [
        note,
        `uploads answered ${statusCounts(tally.uploads)}; questions ${statusCounts(tally.questions)}`,
        ...[...new Set(tally.uploads.flatMap((upload) => (upload.error ? [upload.error] : [])))].map((error) => `upload unanswered: ${error}`),
        ...[...new Set(failures.map((document) => document.error))].map((error) => `failed: ${error}`),
      ]
        .filter(Boolean)
        .join('; '),
    };
    rows.push(row);
    if (process.env.RELIABILITY_VERBOSE) process.stdout.write(`--- ${fault}: API output ---\n${cluster.api.output().slice(-20_000)}\n`);
    // A signed-in user is never told to sign in again because a server behind the API was out of reach.
    const unauthorized = [...tally.uploads, ...tally.questions, ...tally.other].filter((record) => record.status === 401).length;
    // Every generated document is readable: one that failed, failed because of the fault, which it must outlive.
    const failed = failures.map((document) => `${document.filename}: ${document.error ?? ''}`);
    // Every request gets an answer, an error answer included: never a connection closed on it.
    const unanswered = [...tally.uploads, ...tally.questions, ...tally.other].filter((record) => record.status === 'network').length;
    expect({ fault, stuck, failedWithoutReason, failed, lost, duplicates: row.duplicates, hung: row.hung, unanswered, unauthorized }).toEqual({
      fault,
      stuck: [],
      failedWithoutReason: [],
      failed: [],
      lost: [],
      duplicates: 0,
      hung: 0,
      unanswered: 0,
      unauthorized: 0,
    });
    expect({ fault, recovery: recovery !== null && recovery <= RECOVERY_LIMIT_S }).toEqual({ fault, recovery: true });
    return row;
  }

  /** Steady load on a fresh project while `fault` runs; resolves with the project, the tally and the recovery time. */
  async function underLoad(name: string, documents: GeneratedDocument[], fault: (tally: Tally, projectId: string) => Promise<number | null>) {
    const projectId = await newProject(name);
    const tally = newTally();
    const phaseClient = new Client(cluster.baseUrl, client.token, tally);
    // Spread so that uploads and questions keep coming before, during and after the fault.
    const load = steadyLoad(phaseClient, projectId, documents, { uploadGapMs: 600, questionGapMs: 400 });
    const recovery = await fault(tally, projectId);
    await load.done;
    return { projectId, tally, recovery, client: phaseClient };
  }

  it('baseline: no fault', async () => {
    const { projectId, tally, recovery } = await underLoad('Baseline', phases[0], async () => client.secondsUntilReady(Date.now()));
    await check('none (baseline)', projectId, tally, recovery);
  }, 400_000);

  it('a worker killed with SIGKILL in the middle of a job', async () => {
    const { projectId, tally, recovery } = await underLoad('Worker kill', phases[1], async (tally, projectId) => {
      // Three long documents sent at once keep three of the four job slots busy for seconds (each worker runs at
      // most two), so both workers are in the middle of a job when one is killed.
      const longClient = new Client(cluster.baseUrl, client.token, tally);
      await Promise.all(['long-a', 'long-b', 'long-c'].map((label) => longClient.upload(projectId, longPdf(label))));
      const deadline = Date.now() + 120_000;
      let running = 0;
      while (running < 3 && Date.now() < deadline) {
        [{ running }] = (await query<{ running: string }>(`SELECT COUNT(*) AS running FROM jobs WHERE status = 'running'`)).map((row) => ({ running: Number(row.running) }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(running).toBeGreaterThanOrEqual(3);
      const killed = Date.now();
      cluster.workers[0].signal('SIGKILL');
      await cluster.workers[0].exited();
      await cluster.replaceWorker(0);
      return client.secondsUntilReady(killed);
    });
    const row = await check('worker SIGKILL mid-job', projectId, tally, recovery);
    // The kill really cut a try short: a job of this project needed another.
    const [{ retried }] = await query<{ retried: string }>(
      `SELECT COUNT(*) AS retried FROM jobs j JOIN documents d ON d.id::text = j.payload->>'documentId' WHERE d.project_id = $1 AND j.attempts > 1`,
      [projectId],
    );
    row.note = [`${retried} job(s) tried again`, row.note].filter(Boolean).join('; ');
    expect(Number(retried)).toBeGreaterThan(0);
  }, 600_000);

  it.each([
    { server: 'PostgreSQL', phase: 2, restart: () => pg.restart(2000) },
    { server: 'Redis', phase: 3, restart: () => redis.restart(2000) },
  ])('$server restarted under load', async ({ server, phase, restart }) => {
    const fault = `${server} restart`;
    const { projectId, tally, recovery } = await underLoad(fault, phases[phase], async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await restart();
      return client.secondsUntilReady(Date.now());
    });
    await check(fault, projectId, tally, recovery);
  }, 600_000);

  it('Redis restarted with its data lost', async () => {
    // A backlog of queued jobs lives in Redis at the moment it comes back empty.
    const backlog = [longPdf('backlog-a', 150), longPdf('backlog-b', 150), ...generateDocuments('backlog', 8, 20_000)];
    const { projectId, tally, recovery } = await underLoad('Redis data lost', [...backlog, ...phases[3].slice(0, 3)], async () => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await redis.restart(1000, { lose: true });
      return client.secondsUntilReady(Date.now());
    });
    await check('Redis restart, data lost', projectId, tally, recovery);
  }, 600_000);

  it('Redis out of reach for longer than a request may wait', async () => {
    const fault = `Redis down ${REDIS_OUTAGE_MS / 1000} s`;
    let readyProbe: { status: number | string; ms: number } = { status: 'not asked', ms: 0 };
    const { projectId, tally, recovery } = await underLoad(fault, generateDocuments('outage', 10, 8_000), async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const restarting = redis.restart(REDIS_OUTAGE_MS);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // A load balancer asking meanwhile is told at once that this server is not ready.
      const probe = await timedFetch(`${cluster.baseUrl}/api/health/ready`, { headers: { Connection: 'close' } });
      readyProbe = { status: probe.status, ms: probe.ms };
      await restarting;
      return client.secondsUntilReady(Date.now());
    });
    const row = await check(fault, projectId, tally, recovery);
    const slow = [...tally.uploads, ...tally.questions].filter((record) => record.ms > OUTAGE_ANSWER_MS).map((record) => `${String(record.status)} after ${record.ms} ms`);
    const longest = Math.max(...[...tally.uploads, ...tally.questions].map((record) => record.ms));
    row.note = [`longest answer ${longest} ms; /api/health/ready during the outage: ${String(readyProbe.status)} in ${readyProbe.ms} ms`, row.note].join('; ');
    expect({ slow, ready: readyProbe.status, readyInTime: readyProbe.ms < OUTAGE_ANSWER_MS }).toEqual({ slow: [], ready: 503, readyInTime: true });
  }, 600_000);

  it('Chromium killed during a PDF report render', async () => {
    const projectId = await newProject('Report');
    const tally = newTally();
    const reportClient = new Client(cluster.baseUrl, client.token, tally);
    for (const document of phases[0].slice(0, 3)) await reportClient.upload(projectId, document);
    expect(await settle(projectId)).toEqual([]);
    const generated = await reportClient.call('generate', '/api/generate_case_summary/', { method: 'POST', body: JSON.stringify({ project_id: projectId }) });
    expect(generated.status).toBe(200);
    const download = (): ReturnType<Client['call']> => reportClient.call('pdf', `/api/download/case-summary-pdf/?project_id=${projectId}`);
    // The first render starts Chromium; it is then kept warm for the next.
    expect((await download()).status).toBe(200);
    const chromium = (): { pid: number; command: string }[] => descendants(cluster.api.pid).filter((process_) => /chrom/i.test(process_.command));
    expect(chromium().length).toBeGreaterThan(0);
    const retriedBefore = cluster.api.output().split(CHROMIUM_WENT_AWAY).length;
    const inFlight = [download(), download(), download()];
    await new Promise((resolve) => setTimeout(resolve, 150));
    const browser = chromium()[0];
    const killed = Date.now();
    process.kill(browser.pid, 'SIGKILL');
    const answers = await Promise.all(inFlight);
    // Each render in flight either succeeded on a fresh Chromium or answered a clean 503; none hung.
    const statuses = answers.map((answer) => answer.status);
    if (answers.some((answer) => answer.status !== 200 && answer.status !== 503)) {
      process.stdout.write(`renders in flight: ${JSON.stringify(answers.map(({ status, error, body }) => ({ status, error, body })))}\n--- API output ---\n${cluster.api.output().slice(-8000)}\n`);
    }
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 200) expect(answer.bytes?.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The kill came in the middle of a render: the renderer saw Chromium go.
    expect(cluster.api.output().split(CHROMIUM_WENT_AWAY).length).toBeGreaterThan(retriedBefore);
    let recovery: number | null = null;
    while (recovery === null && Date.now() - killed < 60_000) {
      const answer = await download();
      if (answer.status === 200 && answer.bytes?.subarray(0, 5).toString() === '%PDF-') recovery = (Date.now() - killed) / 1000;
    }
    await check('Chromium killed mid-render', projectId, tally, recovery, `renders in flight answered ${statuses.join(', ')}`);
  }, 300_000);

  it('the data disk full, then freed', async () => {
    if (!mounted) {
      rows.push({ fault: 'data disk full', documents: 0, ready: 0, failed: 0, lost: 0, duplicates: 0, stuck: 0, hung: 0, recovery: null, note: 'skipped: needs root to mount a tmpfs' });
      return;
    }
    const filler = join(dataDir, 'filler');
    const { projectId, tally, recovery } = await underLoad('Full disk', phases[4], async (phaseTally) => {
      // Fill the data disk to the last byte.
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(1024 * 1024);
      try {
        for (;;) writeSync(fd, block);
      } catch {
        // ENOSPC: full.
      }
      try {
        for (;;) writeSync(fd, block, 0, 1024);
      } catch {
        // Not even a kilobyte left.
      }
      closeSync(fd);
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const refused = phaseTally.uploads.filter((upload) => upload.status !== 201 && upload.status !== 200).length;
      expect(refused).toBeGreaterThan(0);
      rmSync(filler);
      const freed = Date.now();
      // Recovered: ready, and an upload stored again.
      const ready = await client.secondsUntilReady(freed);
      const probeProject = await newProject('After the full disk');
      while (Date.now() - freed < 60_000) {
        const upload = await new Client(cluster.baseUrl, client.token, newTally()).upload(probeProject, { name: `probe-${Date.now()}.txt`, bytes: Buffer.from('The Supplier shall deliver the goods within 30 days.') });
        if (upload.status === 201) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return ready === null ? null : Math.max(ready, (Date.now() - freed) / 1000);
    });
    const refusals = [...new Set(tally.uploads.filter((upload) => upload.status !== 201 && upload.status !== 200).map((upload) => String(upload.status)))];
    // The uploads refused while the disk was full go through once it is freed.
    const retryClient = new Client(cluster.baseUrl, client.token, tally);
    for (const document of phases[4].filter((candidate) => !tally.uploads.some((upload) => upload.name === candidate.name && (upload.status === 201 || upload.status === 200)))) {
      expect((await retryClient.upload(projectId, document)).status).toBe(201);
    }
    await check('data disk full', projectId, tally, recovery, `uploads refused while full: ${refusals.join(', ')}`);
    // Refused as unavailable for now (503), not as an unexplained 500.
    expect(refusals).toEqual(['503']);
  }, 600_000);

  it(`${BURST} uploads at once`, async () => {
    const projectId = await newProject('Burst');
    const tally = newTally();
    const burstClient = new Client(cluster.baseUrl, client.token, tally);
    // One in five is the same file sent twice at the same moment: it must become one document.
    const distinct = generateDocuments('burst', Math.ceil(BURST * 0.8), 6_000);
    const sent = [...distinct, ...distinct.slice(0, BURST - distinct.length)];
    const started = Date.now();
    await Promise.all(sent.map((document) => burstClient.upload(projectId, document)));
    const recovery = await client.secondsUntilReady(started);
    const row = await check(`${BURST} uploads at once`, projectId, tally, recovery);
    const answered = tally.uploads.filter((upload) => upload.status === 200 || upload.status === 201);
    const [{ count }] = await query<{ count: string }>(`SELECT COUNT(*) AS count FROM documents WHERE project_id = $1`, [projectId]);
    row.note = [`${answered.length}/${sent.length} answered 200/201 (${tally.uploads.filter((upload) => upload.status === 201).length} created), ${count} documents`, row.note].filter(Boolean).join('; ');
    expect(answered.length).toBe(sent.length);
    expect(Number(count)).toBe(distinct.length);
  }, 600_000);

  it(`soak: ${SOAK_MINUTES} minute(s) of steady uploads and questions`, async () => {
    const projectId = await newProject('Soak');
    const tally = newTally();
    const soakClient = new Client(cluster.baseUrl, client.token, tally);
    const pids = [{ name: 'api', pid: cluster.api.pid }, ...cluster.workers.map((worker, index) => ({ name: `worker ${index + 1}`, pid: worker.pid }))];
    const samples: { rss: number; handles: number }[][] = [];
    const sample = (): void => {
      samples.push(pids.map(({ pid }) => ({ rss: rssMb(pid), handles: openHandles(pid) })));
    };
    // One upload a second at most: enough distinct documents for the whole soak, the project kept to SOAK_KEEP of them.
    const documents = [...phases[5], ...generateDocuments('soak', Math.ceil(SOAK_MINUTES * 60) + 20, 8_000)];
    const load = steadyLoad(soakClient, projectId, documents, { uploadGapMs: 1000, questionGapMs: 500, keep: SOAK_KEEP });
    const end = Date.now() + SOAK_MINUTES * 60_000;
    sample();
    while (Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(3000, Math.max(0, end - Date.now()))));
      sample();
    }
    load.stop();
    await load.done;
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const head = samples.slice(0, 3);
    const tail = samples.slice(-3);
    const growth = pids.map(({ name }, index) => ({
      name,
      rss: median(tail.map((s) => s[index].rss)) - median(head.map((s) => s[index].rss)),
      handles: median(tail.map((s) => s[index].handles)) - median(head.map((s) => s[index].handles)),
      peakRss: Math.max(...samples.map((s) => s[index].rss)),
    }));
    const row = await check(`soak ${SOAK_MINUTES} min`, projectId, tally, 0);
    // Resident memory at the start, each quarter and the end of the soak: flat or not, at a glance.
    const timeline = pids
      .map(({ name }, index) => `${name} ${[0, 0.25, 0.5, 0.75, 1].map((at) => samples[Math.min(samples.length - 1, Math.round(at * (samples.length - 1)))][index].rss.toFixed(0)).join(' → ')} MB`)
      .join('; ');
    const deleted = tally.uploads.filter((upload) => upload.deleted).length;
    soakLine = `soak: ${SOAK_MINUTES} min, ${tally.uploads.length} uploads (${deleted} deleted again), ${tally.questions.length} questions, ${samples.length} samples; RSS at start, quarters and end: ${timeline}; growth (bound ${SOAK_RSS_GROWTH_MB} MB RSS, ${SOAK_HANDLE_GROWTH} handles per process): ${growth
      .map((g) => `${g.name} ${g.rss >= 0 ? '+' : ''}${g.rss.toFixed(0)} MB (peak ${g.peakRss.toFixed(0)} MB), ${g.handles >= 0 ? '+' : ''}${g.handles} fds`)
      .join('; ')}`;
    row.note = soakLine;
    for (const g of growth) expect({ process: g.name, rssWithinBound: g.rss <= SOAK_RSS_GROWTH_MB, handlesWithinBound: g.handles <= SOAK_HANDLE_GROWTH }).toEqual({ process: g.name, rssWithinBound: true, handlesWithinBound: true });
  }, SOAK_MINUTES * 60_000 + 600_000);
});

/** "201×7, 500×2": how the requests of a phase were answered. */
function statusCounts(records: { status: number | string }[]): string {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(String(record.status), (counts.get(String(record.status)) ?? 0) + 1);
  return [...counts].sort().map(([status, count]) => `${status}×${count}`).join(', ') || 'none';
}

function printTable(seconds: number): void {
  const header = ['fault', 'documents', 'ready', 'failed', 'lost', 'duplicates', 'stuck', 'hung', 'recovery s'];
  const lines = rows.map((row) => [row.fault, row.documents, row.ready, row.failed, row.lost, row.duplicates, row.stuck, row.hung, row.recovery === null ? '—' : row.recovery.toFixed(1)].map(String));
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]): string => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  const out = [
    '',
    format(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...lines.map(format),
    '',
    ...rows.filter((row) => row.note).map((row) => `${row.fault}: ${row.note}`),
    soakLine,
    `reliability: ${rows.length} rows in ${seconds.toFixed(0)} s`,
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}
