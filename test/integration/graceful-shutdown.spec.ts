import { connect, Socket } from 'node:net';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ok, uploadFile } from '@test/utils/api';
import { waitForDocuments } from '@test/utils/documents';
import { createUser } from '@test/utils/factory';
import { cuadPdf, cuadPdfs } from '@test/utils/fixtures';
import { closedPort } from '@test/utils/local-server';
import { buildPdf } from '@test/utils/pdf';
import { until } from '@test/utils/poll';
import { createProject } from '@test/utils/projects';
import { describeIf } from '@test/utils/requirements';
import { ServerProcess, startProcess } from '@test/utils/server-process';
import { startTestApp, TestApp } from '@test/utils/test-app';
import { jobTransports, serverRequirements, tempDir, testConfig } from '@test/utils/test-config';
import { workerEnv } from '@test/utils/worker-process';

// SIGTERM as `docker stop` (through tini) sends it: to the server process alone, which must stop taking work, let
// what runs finish or hand it back, and exit within 30 s.

const MAIN = join('apps', 'api', 'src', 'main.ts');
const start = (env: Record<string, string | undefined>): ServerProcess => startProcess(process.execPath, ['-r', '@swc-node/register', MAIN], env);

function connectTo(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('SIGTERM', () => {
  let server: ServerProcess | null = null;

  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('refuses new connections, lets a request in flight finish with Connection: close, and exits by the signal', async () => {
    const port = await closedPort();
    server = start({ NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: tempDir('casewise-sigterm-') });
    await server.waitFor('listening on', 90_000);

    // A sign-in whose body is half sent: the request is in flight when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const socket = await connectTo(port);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(`POST /api/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const signalled = Date.now();
    process.kill(server.pid, 'SIGTERM');
    await server.waitFor('SIGTERM: taking no new requests or jobs', 10_000);
    await expect(connectTo(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 (400|401) /);
    expect(answer.toLowerCase()).toContain('connection: close');

    const exit = await server.exited();
    expect(Date.now() - signalled).toBeLessThan(30_000);
    expect(exit.signal).toBe('SIGTERM');
    expect(server.output()).toContain('Stopped.');
  }, 120_000);
});

const transports = jobTransports('SIGTERM to a worker running an ingestion job');

// A worker process shares the jobs with the API only through a database both can open: PostgreSQL.
describeIf(serverRequirements.postgres, 'SIGTERM to a worker running an ingestion job', () => {
  describe.each(transports)('over the %s transport', (transport) => {
    let api: TestApp | undefined;
    const workers: ServerProcess[] = [];

    afterEach(async () => {
      for (const worker of workers.splice(0)) await worker.stop();
      await api?.close();
      api = undefined;
    });

    async function processingDocuments(db: DataSource, projectId: string): Promise<string[]> {
      const rows = (await db.query(`SELECT id FROM documents WHERE project_id = $1 AND status = 'processing'`, [projectId])) as { id: string }[];
      return rows.map((row) => row.id);
    }

    async function jobsOf(db: DataSource, documentIds: string[]): Promise<{ status: string; attempts: number }[]> {
      return (await db.query(`SELECT status, attempts FROM jobs WHERE payload->>'documentId' = ANY($1::text[])`, [documentIds])) as { status: string; attempts: number }[];
    }

    it('lets the running job finish, takes no other, and exits within 30 s; a restart does the rest', async () => {
      const config = testConfig({ JOB_LOCK_SECONDS: '5' }, { redis: transport === 'redis' });
      api = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
      const db = api.app.get(DataSource);
      const user = await createUser(api);
      const project = await createProject(api, user, 'Drain');
      for (const name of cuadPdfs().slice(0, 4)) await ok(uploadFile(api, user, project.id, name, cuadPdf(name)), 201);

      const worker = start(workerEnv(config));
      workers.push(worker);
      await worker.waitFor('Worker started', 90_000);
      const running = await until(() => 'no document went to processing', async () => {
        const ids = await processingDocuments(db, project.id);
        return ids.length > 0 ? ids : null;
      }, 60_000, 20);
      const signalled = Date.now();
      process.kill(worker.pid, 'SIGTERM');
      const exit = await worker.exited();
      expect(Date.now() - signalled).toBeLessThan(30_000);
      expect(exit.signal).toBe('SIGTERM');

      const statuses = (await db.query(`SELECT id, status FROM documents WHERE project_id = $1`, [project.id])) as { id: string; status: string }[];
      for (const id of running) expect(statuses.find((row) => row.id === id)?.status).toBe('ready');
      expect(worker.output()).not.toContain('back to the queue');

      workers.push(start(workerEnv(config)));
      const settled = await waitForDocuments(api, user.token, project.id);
      expect(settled.map((document) => document.status)).toEqual(settled.map(() => 'ready'));
    }, 240_000);

    it('hands a job still running at the deadline back to the queue, uncounted, and a restart finishes it', async () => {
      const config = testConfig({ JOB_LOCK_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '1' }, { redis: transport === 'redis' });
      api = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
      const db = api.app.get(DataSource);
      const user = await createUser(api);
      const project = await createProject(api, user, 'Hand back');
      // Hundreds of pages: parsing, chunking and saving keep the job running for seconds.
      const line = (page: number, n: number): string => `${page}.${n} The Supplier shall deliver the Goods described in Schedule ${page} within ${n} days of the order.`;
      const long = buildPdf(Array.from({ length: 400 }, (_, page) => ({ text: Array.from({ length: 40 }, (_, n) => line(page + 1, n + 1)) })));
      await ok(uploadFile(api, user, project.id, 'long.pdf', long), 201);

      const worker = start(workerEnv(config));
      workers.push(worker);
      await worker.waitFor('Worker started', 90_000);
      const running = await until(() => 'the document did not go to processing', async () => {
        const ids = await processingDocuments(db, project.id);
        return ids.length > 0 ? ids : null;
      }, 60_000, 20);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalled = Date.now();
      process.kill(worker.pid, 'SIGTERM');
      const exit = await worker.exited();
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(exit.signal).toBe('SIGTERM');
      expect(worker.output()).toContain('Handed 1 running job(s) back to the queue');
      expect(await jobsOf(db, running)).toEqual([{ status: 'queued', attempts: 0 }]);

      workers.push(start(workerEnv(config)));
      const [settled] = await waitForDocuments(api, user.token, project.id, 180_000);
      expect(settled.status).toBe('ready');
      // The job row is marked completed just after the document is.
      const [finished] = await until(() => 'the job was not marked completed', async () => {
        const rows = await jobsOf(db, running);
        return rows[0]?.status === 'completed' ? rows : null;
      });
      expect(finished).toEqual({ status: 'completed', attempts: 1 });
      const [{ duplicates }] = (await db.query(`SELECT COUNT(*) - COUNT(DISTINCT ordinal) AS duplicates FROM chunks WHERE document_id = $1`, [settled.id])) as { duplicates: string }[];
      expect(Number(duplicates)).toBe(0);
    }, 300_000);
  });
});
