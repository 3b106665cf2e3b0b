import { join } from 'node:path';
import { loadConfig } from '@api/modules/config/load-config';
import { ok, uploadFile } from '@test/utils/api';
import { waitForDocuments } from '@test/utils/documents';
import { createUser } from '@test/utils/factory';
import { cuadText } from '@test/utils/fixtures';
import { closedPort } from '@test/utils/local-server';
import { latestCode } from '@test/utils/outbox';
import { until } from '@test/utils/poll';
import { createProject } from '@test/utils/projects';
import { ServerProcess, startProcess } from '@test/utils/server-process';
import { startTestApp, TestApp } from '@test/utils/test-app';
import { tempDir, testConfig } from '@test/utils/test-config';

const TOKEN = 'metrics-token-0123456789abcdef';
const CONTRACT = 'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.txt';

describe('request ids', () => {
  let ctx: TestApp;
  beforeAll(async () => (ctx = await startTestApp(testConfig())));
  afterAll(() => ctx.close());

  it('echoes a sane incoming X-Request-Id', async () => {
    const response = await ctx.http.get('/api/health/').set('X-Request-Id', 'lb-7f3a.22:9');
    expect(response.headers['x-request-id']).toBe('lb-7f3a.22:9');
  });

  it.each([
    ['missing', undefined],
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'one two'],
    ['with a quote and braces', '"}{"level":"error'],
  ])('makes its own when the incoming one is %s', async (_case, incoming) => {
    const request = ctx.http.get('/api/nope/');
    const response = incoming === undefined ? await request : await request.set('X-Request-Id', incoming);
    expect(response.status).toBe(404);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/api/metrics', () => {
  it('answers 404, as an unknown route does, when METRICS_TOKEN is not set', async () => {
    const ctx = await startTestApp(testConfig());
    try {
      const response = await ctx.http.get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, detail: 'Cannot GET /api/metrics', error: 'Cannot GET /api/metrics' });
    } finally {
      await ctx.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let ctx: TestApp;
    beforeAll(async () => (ctx = await startTestApp(testConfig({ METRICS_TOKEN: TOKEN }))));
    afterAll(() => ctx.close());

    it.each([
      ['no token', undefined],
      ['another token', 'Bearer metrics-token-0123456789abcdeX'],
      ['the token without Bearer', TOKEN],
    ])('answers 404 to %s', async (_case, authorization) => {
      const request = ctx.http.get('/api/metrics');
      const response = authorization === undefined ? await request : await request.set('Authorization', authorization);
      expect(response.status).toBe(404);
    });

    it('serves Prometheus text: latency by route template and status, queue depth, job durations and failures, ingestion pages', async () => {
      const user = await createUser(ctx);
      const project = await createProject(ctx, user, 'Metrics');
      await ok(uploadFile(ctx, user, project.id, CONTRACT, cuadText(CONTRACT)), 201);
      await waitForDocuments(ctx, user.token, project.id);
      await ctx.http.get(`/api/projects/${project.id}/`).set('Authorization', `Bearer ${user.token}`).expect(200);

      const response = await ctx.http.get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
      const text = response.text;
      // The template, never the project's id.
      expect(text).toMatch(/casewise_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/projects\/:id\/?",status="200"\}/);
      expect(text).not.toContain(project.id);
      expect(text).toMatch(/casewise_http_request_duration_seconds_count\{method="POST",route="\/api\/login\/?",status="200"\} 1/);
      expect(text).toMatch(/casewise_jobs\{status="queued"\} 0/);
      expect(text).toMatch(/casewise_jobs\{status="running"\} 0/);
      expect(text).toMatch(/casewise_job_duration_seconds_count\{job="ingest-document",outcome="completed"\} 1/);
      expect(text).toContain('# TYPE casewise_job_failures_total counter');
      expect(text).toMatch(/casewise_ingested_pages_total [1-9]/);
      expect(text).toMatch(/casewise_ingestion_pages_per_second [0-9.e+-]+/);
      expect(text).toContain('casewise_process_resident_memory_bytes');
    });
  });
});

describe('JSON logs of a running server', () => {
  let server: ServerProcess | null = null;
  afterAll(async () => server?.stop());

  it('writes one JSON object per line, carries the request id into the job the request queued, and logs no secret', async () => {
    const port = await closedPort();
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: tempDir('casewise-logs-'), METRICS_TOKEN: TOKEN };
    server = startProcess(process.execPath, ['-r', '@swc-node/register', join('apps', 'api', 'src', 'main.ts')], env);
    await server.waitFor('listening on', 90_000);
    const ctx = { baseUrl: `http://127.0.0.1:${port}`, config: loadConfig(env) } as TestApp;
    const user = await createUser(ctx);
    const project = await createProject(ctx, user, 'Logs');

    const form = new FormData();
    form.append('project_id', project.id);
    form.append('file', new Blob([cuadText(CONTRACT)]), CONTRACT);
    const upload = await fetch(`${ctx.baseUrl}/api/upload/`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${user.token}`, 'X-Request-Id': 'upload-42' } });
    expect(upload.status).toBe(201);
    expect(upload.headers.get('x-request-id')).toBe('upload-42');
    await waitForDocuments(ctx, user.token, project.id);
    await fetch(`${ctx.baseUrl}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });

    const output = server.output();
    const lines = await until(
      () => `no job line with the upload's request id in:\n${output.slice(-3000)}`,
      async () => {
        const parsed = server?.output().trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) ?? [];
        return parsed.some((line) => line.request_id === 'upload-42' && /^Job ingest-document .* completed/.test(String(line.msg))) ? parsed : null;
      },
    );
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(expect.arrayContaining(['time', 'level', 'msg']));
      expect(new Date(String(line.time)).toISOString()).toBe(line.time);
      expect(['debug', 'info', 'warn', 'error']).toContain(line.level);
    }
    expect(lines).toContainEqual(expect.objectContaining({ request_id: 'upload-42', msg: expect.stringMatching(/^POST \/api\/upload\/? 201 \d+ ms$/) }));

    const everything = server.output();
    const code = await latestCode(ctx.config, user.email);
    expect(everything).not.toMatch(new RegExp(`\\b${code}\\b`));
    for (const secret of [user.password, user.token, TOKEN, user.token.split('.')[2]]) expect(everything).not.toContain(secret);
  }, 180_000);
});
