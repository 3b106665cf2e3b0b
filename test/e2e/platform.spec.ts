import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { JobName } from '@api/modules/jobs/job.constants';
import mammoth from 'mammoth';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { api, downloadReport, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser } from '../utils/factory';
import { cuadText, firstCuadContract } from '../utils/fixtures';
import { startTestApp, TestApp } from '../utils/test-app';
import { services, tempDir, testConfig } from '../utils/test-config';

const ROOT = join(__dirname, '..', '..');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

/** Starts `apps/api/src/main.ts` as its own process, as `npm start` does after the build. */
function startProcess(env: Record<string, string>): { exit: Promise<{ code: number | null; signal: string | null; output: string }>; stop(): void } {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as string | null, output }));
  return { exit, stop: () => child.kill('SIGTERM') };
}

describe('platform', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
  });

  afterAll(() => ctx.close());

  it('reports health with the database and queue in use', async () => {
    expect(await ok(api(ctx).GET('/api/health/'))).toEqual({
      status: 'ok',
      database: services.databaseUrl ? 'postgres' : 'pglite',
      queue: services.redisUrl ? 'redis' : 'inline',
      vectors: 'database',
      version: ctx.config.app.version,
    });
  });

  it('is ready for a load balancer once the database and the queue answer', async () => {
    expect(await ok(api(ctx).GET('/api/health/ready/'))).toEqual({ status: 'ready' });
  });

  it('answers an unknown API route with 404 and the contract body', async () => {
    // Raw: the route is not in the contract, so the typed client cannot name it.
    const response = await ctx.http.get('/api/nope/').expect(404);
    expect(response.body).toEqual({ statusCode: 404, detail: 'Cannot GET /api/nope/', error: 'Cannot GET /api/nope/' });
  });

  it('answers a malformed JSON body with 400 and a readable message', async () => {
    // Raw: a body that is not JSON is what the contract forbids.
    const response = await ctx.http.post('/api/nope/').set('Content-Type', 'application/json').send('{"broken": ').expect(400);
    expect(response.body.detail).toBe('The request body is not valid JSON.');
    expect(response.body.error).toBe(response.body.detail);
  });

  it('finds a user’s data again after a restart on the same DATA_DIR: account, project, document, chat and report', async () => {
    const first = await startTestApp(testConfig());
    // The second app loads its configuration afresh from the same DATA_DIR (keys included) and the same schema.
    const reload = testConfig({
      DATA_DIR: first.config.app.dataDir,
      ...(first.config.database.schema ? { DATABASE_SCHEMA: first.config.database.schema } : {}),
      ...(first.config.redis.url ? { REDIS_PREFIX: first.config.redis.prefix } : {}),
    });
    let second: TestApp | null = null;
    try {
      const user = await createUser(first, 'restart');
      const project = await ok(api(first, user).POST('/api/projects/', { body: { name: 'Restart matter', description: 'Kept on disk' } }), 201);
      const contract = firstCuadContract();
      const bytes = Buffer.from(cuadText(contract));
      await ok(uploadFile(first, user, project.id, contract, bytes), 201);
      const documents = await waitForDocuments(first, user.token, project.id);
      expect(documents.map((document) => document.status)).toEqual(['ready']);
      const question = 'Which state’s law governs this agreement?';
      const ask = (app: TestApp, token: string) => api(app, token).POST('/api/projects/{id}/qa/', { params: { path: { id: project.id } }, body: { question } });
      const answer = await ok(ask(first, user.token));
      expect(answer.citations.length).toBeGreaterThan(0);
      const summary = await ok(api(first, user).POST('/api/generate_case_summary/', { body: { project_id: project.id } }));
      const word = async (app: TestApp, token: string): Promise<string> => {
        const docx = await ok(downloadReport(app, token, 'case-summary', { project_id: project.id, format: 'docx' }));
        return (await mammoth.extractRawText({ buffer: Buffer.from(docx) })).value;
      };
      const reportText = await word(first, user.token);
      expect(summary.summary).toMatch(/^# Case Summary/);
      expect(reportText).toContain('Case Summary');
      await first.close({ keepData: true });

      second = await startTestApp(reload);
      const restarted = second;
      // The session signed before the restart still holds, and the password still signs in.
      await ok(api(restarted, user).GET('/api/me/'));
      const { token } = await ok(api(restarted).POST('/api/login/', { body: { email: user.email, password: user.password } }));
      const as = api(restarted, token);

      const projects = await ok(as.GET('/api/projects/'));
      expect(projects.projects).toEqual([expect.objectContaining({ id: project.id, name: 'Restart matter', description: 'Kept on disk', document_count: 1 })]);
      const listed = await ok(as.GET('/api/projects/{id}/documents/', { params: { path: { id: project.id } } }));
      expect(listed.documents).toEqual([expect.objectContaining({ id: documents[0]?.id, filename: contract, status: 'ready' })]);
      const content = await ok(as.GET('/api/projects/{id}/documents/{documentId}/content/', { params: { path: { id: project.id, documentId: documents[0]?.id ?? '' } }, parseAs: 'arrayBuffer' }));
      expect(Buffer.compare(Buffer.from(content), bytes)).toBe(0);

      const again = await ok(ask(restarted, token));
      expect(again.answer).toBe(answer.answer);
      expect(again.citations).toEqual(answer.citations);
      const history = await ok(as.GET('/api/projects/{id}/chat_history/', { params: { path: { id: project.id } } }));
      expect(history.history.map((entry) => [entry.message, entry.response])).toEqual([
        [question, answer.answer],
        [question, answer.answer],
      ]);
      expect(history.history[0].citations).toEqual(answer.citations);

      expect(await word(restarted, token)).toBe(reportText);
    } finally {
      await (second ?? first).close();
    }
  });

  it('keeps queued work across a restart on the same data', async () => {
    const config = testConfig({}, { redis: false });
    const first = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
    const jobId = await first.app.get(JobRepository).queue(JobName.IngestDocument, { documentId: 'kept' });
    await first.close({ keepData: true });
    const second = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
    try {
      const job = await second.app.get(JobRepository).get(jobId);
      expect(job?.payload).toEqual({ documentId: 'kept' });
      expect(job?.status).toBe('queued');
    } finally {
      await second.close();
    }
  });
});

describe('start-up', () => {
  jest.setTimeout(60_000);

  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://localhost/db'],
  ])('stops with a message naming %s when it is invalid', async (variable, value) => {
    const { exit } = startProcess({ DATA_DIR: tempDir(), [variable]: value });
    const { code, output } = await exit;
    expect(code).toBe(1);
    expect(output).toContain(`Invalid configuration: ${variable} must be`);
  });

  it('serves health from a real process, stops on SIGTERM and starts again on the same data', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const health = async (): Promise<{ database: string }> => {
      for (let i = 0; i < 200; i++) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/health/`);
          if (response.ok) return (await response.json()) as { database: string };
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('the server did not answer');
    };
    const first = startProcess(env);
    expect((await health()).database).toBe('pglite');
    first.stop();
    // The server drains on SIGTERM, closes the app and then re-raises the signal, so the exit is by that signal.
    expect((await first.exit).signal).toBe('SIGTERM');
    const second = startProcess(env);
    expect((await health()).database).toBe('pglite');
    second.stop();
    const { signal, output } = await second.exit;
    expect(signal).toBe('SIGTERM');
    expect(output).not.toContain('"level":"error"');
  });
});
