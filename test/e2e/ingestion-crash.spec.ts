import { DataSource } from 'typeorm';
import { JobName } from '@api/modules/jobs/job.constants';
import { cuadPdf, cuadPdfs, cuadText } from '../utils/fixtures';
import { waitForDocuments } from '../utils/documents';
import { createUser } from '../utils/factory';
import { api as typedApi, ok, uploadFile } from '../utils/api';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { until } from '../utils/poll';
import { describeIf } from '../utils/requirements';
import { jobTransports, serverRequirements, testConfig } from '../utils/test-config';
import { startWorkerProcess, WorkerProcess } from '../utils/worker-process';

const TXT = 'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.txt';
/** Real contracts with a text layer, so both workers parse, chunk and embed for real. */
const PDFS = cuadPdfs();
const TEXTS = [TXT, 'GSVINC_05_15_1998-EX-10-SPONSORSHIP AGREEMENT.txt'];
/** Short, so a killed worker's jobs are taken back in seconds rather than BullMQ's default 30. */
const LOCK_SECONDS = '2';

interface JobRow {
  status: string;
  attempts: number;
  document_id: string;
}

const transports = jobTransports('ingestion when its worker process is killed');

// Killing a worker process needs a database a second process can share: PostgreSQL, not PGlite.
describeIf(serverRequirements.postgres, 'ingestion when its worker process is killed', () => {
  describe.each(transports)('over the %s transport', (transport) => {
    const config = testConfig({ JOB_LOCK_SECONDS: LOCK_SECONDS }, { redis: transport === 'redis' });
    const workers: WorkerProcess[] = [];
    let api: TestApp | undefined;

    afterAll(async () => {
      for (const worker of workers) await worker.kill('SIGKILL');
      await api?.close();
    });

    it('brings every document to ready once a fresh worker starts, with no duplicate chunks and every job completed', async () => {
      api = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
      expect(config.redis.url !== null).toBe(transport === 'redis');
      const db = api.app.get(DataSource);
      const user = await createUser(api);
      const project = await createProject(api, user, 'Crash');
      for (const name of PDFS) await ok(uploadFile(api, user, project.id, name, cuadPdf(name)), 201);
      for (const name of TEXTS) await ok(uploadFile(api, user, project.id, name, cuadText(name)), 201);

      const first = await startWorkerProcess(config);
      workers.push(first);
      await until(() => 'Timed out waiting for a document in processing', async () => {
        const rows = (await db.query(`SELECT id FROM documents WHERE project_id = $1 AND status = 'processing'`, [project.id])) as unknown[];
        return rows.length > 0 ? rows : null;
      });
      await first.kill('SIGKILL');
      const cutOff = (await db.query(`SELECT id FROM documents WHERE project_id = $1 AND status = 'processing'`, [project.id])) as { id: string }[];
      expect(cutOff.length).toBeGreaterThan(0);

      workers.push(await startWorkerProcess(config));
      const documents = await waitForDocuments(api, user.token, project.id, 40_000);
      expect(documents).toHaveLength(PDFS.length + TEXTS.length);
      expect(documents.filter((document) => document.status !== 'ready')).toEqual([]);

      const duplicates = (await db.query(
        'SELECT document_id, ordinal, count(*) AS n FROM chunks WHERE project_id = $1 GROUP BY document_id, ordinal HAVING count(*) > 1',
        [project.id],
      )) as unknown[];
      expect(duplicates).toEqual([]);
      const readJobs = async (): Promise<JobRow[]> =>
        (await db.query(`SELECT status, attempts, payload->>'documentId' AS document_id FROM jobs WHERE name = $1`, [JobName.IngestDocument])) as JobRow[];
      // A job is recorded completed just after its document is marked ready: wait for that, not for ever.
      let jobs = await readJobs();
      await until(
        () => `Jobs not completed: ${JSON.stringify(jobs.filter((job) => job.status !== 'completed'))}`,
        async () => ((jobs = await readJobs()).every((job) => job.status === 'completed') ? jobs : null),
        15_000,
        100,
      ).catch(() => undefined);
      expect(jobs).toHaveLength(PDFS.length + TEXTS.length);
      expect(jobs.filter((job) => job.status !== 'completed')).toEqual([]);
      // A job cut off by the kill ran again: its first try counts.
      for (const { id } of cutOff) expect(jobs.find((job) => job.document_id === id)?.attempts).toBe(2);
    });
  });
});

describe('ingestion after a simulated crash', () => {
  it('brings every document left queued or processing to ready after a restart, with no duplicate chunks', async () => {
    const config = testConfig({}, { redis: false });
    const first = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
    const user = await createUser(first);
    const project = await createProject(first, user, 'Crash');
    await ok(uploadFile(first, user, project.id, 'a.txt', cuadText(TXT)), 201);
    await ok(uploadFile(first, user, project.id, 'b.txt', 'SECTION 1. TERM. This Agreement lasts five years.'), 201);
    const db = first.app.get(DataSource);
    // The crash: one document mid-processing, and one whose job was lost before it was queued.
    await db.query(`UPDATE documents SET status = 'processing' WHERE filename = 'a.txt'`);
    // A crashed worker's claim: on a shared server it is taken back once its lease (JOB_LOCK_SECONDS) has run out.
    await db.query(`UPDATE jobs SET status = 'running', locked_at = now() - interval '1 hour' WHERE name = $1`, [JobName.IngestDocument]);
    await db.query(`DELETE FROM jobs WHERE payload->>'documentId' = (SELECT id::text FROM documents WHERE filename = 'b.txt')`);
    await first.close({ keepData: true });

    const second = await startTestApp(config);
    try {
      const login = await ok(typedApi(second).POST('/api/login/', { body: { email: user.email, password: user.password } }));
      const documents = await waitForDocuments(second, login.token, project.id);
      expect(documents.map((document) => document.status)).toEqual(['ready', 'ready']);
      const duplicates = (await second.app
        .get(DataSource)
        .query('SELECT document_id, ordinal, count(*) AS n FROM chunks GROUP BY document_id, ordinal HAVING count(*) > 1')) as unknown[];
      expect(duplicates).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
