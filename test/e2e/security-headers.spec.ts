import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { api, expectStatus } from '../utils/api';
import { startTestApp, TestApp } from '../utils/test-app';
import { tempDir, testConfig } from '../utils/test-config';

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** A built web app in miniature: the index page and one asset, as Vite writes them. */
function webBuild(): string {
  const dir = tempDir('casewise-web-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app");');
  return dir;
}

/** Response headers by lower-case name: supertest's as they are, fetch's through `headersOf`. */
type HeaderMap = Record<string, string | undefined>;

const headersOf = (response: Response): HeaderMap => Object.fromEntries(response.headers);

/** The headers of the health check, through the typed client. */
const healthHeaders = async (app: TestApp): Promise<HeaderMap> => headersOf((await expectStatus(api(app).GET('/api/health/'), 200)).response);

function expectSecurityHeaders(headers: HeaderMap): void {
  expect(headers['content-security-policy']).toBe(CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ WEB_DIR: webBuild() }));
  });

  afterAll(() => ctx.close());

  it.each([
    ['an API answer', healthHeaders],
    ['an API error', async (app: TestApp) => headersOf((await expectStatus(api(app).GET('/api/projects/'), 401)).response)],
    // Raw: none of these is an operation of the contract (an unknown route, a body the parser refuses, the web app, its files, the docs).
    ['an unknown API route', async (app: TestApp) => (await app.http.get('/api/nope/').expect(404)).headers],
    ['a body the parser refuses', async (app: TestApp) => (await app.http.post('/api/login/').set('Content-Type', 'application/json').send('{"email": ').expect(400)).headers],
    ['the web app', async (app: TestApp) => (await app.http.get('/').set('Accept', 'text/html').expect(200)).headers],
    ['a client route of the web app', async (app: TestApp) => (await app.http.get('/project/abc').set('Accept', 'text/html').expect(200)).headers],
    ['a static asset', async (app: TestApp) => (await app.http.get('/assets/app.js').expect(200)).headers],
    ['the API docs', async (app: TestApp) => (await app.http.get('/api/docs').expect(200)).headers],
    ['the API document', async (app: TestApp) => (await app.http.get('/api/docs-json').expect(200)).headers],
    ['the console path', async (app: TestApp) => (await app.http.get('/admin/').set('Accept', 'text/html')).headers],
  ])('sends the CSP and the other security headers on %s', async (_kind, send) => {
    expectSecurityHeaders(await send(ctx));
  });

  it('keeps API answers out of caches and lets static assets be cached', async () => {
    expect((await healthHeaders(ctx))['cache-control']).toBe('no-store');
    // Raw: a static asset of the web app is not an operation of the contract.
    expect((await ctx.http.get('/assets/app.js').expect(200)).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends no HSTS on a plain-http deployment', async () => {
    expect((await healthHeaders(ctx))['strict-transport-security']).toBeUndefined();
  });

  it('serves Swagger UI with external scripts only, so the strict policy holds for it', async () => {
    // Raw: the docs page is not an operation of the contract.
    const page = await ctx.http.get('/api/docs').expect(200);
    expect(page.text).toContain('swagger-ui-init.js');
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });
});

describe('security headers behind https', () => {
  it('sends HSTS when the public address is https', async () => {
    const ctx = await startTestApp(testConfig({ PUBLIC_URL: 'https://casewise.example' }));
    try {
      expect((await healthHeaders(ctx))['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    } finally {
      await ctx.close();
    }
  });
});

describe('API docs setting', () => {
  it.each([
    ['API_DOCS=off', { API_DOCS: 'off' }],
    ['production by default', { NODE_ENV: 'production' }],
  ])('serves neither the UI nor the document with %s', async (_label, env) => {
    const ctx = await startTestApp(testConfig(env));
    try {
      // Raw: the docs routes are not operations of the contract.
      for (const path of ['/api/docs', '/api/docs/', '/api/docs-json', '/api/docs-yaml', '/api/docs/swagger-ui-init.js']) {
        const response = await ctx.http.get(path).expect(404);
        expect(response.body).toEqual({ statusCode: 404, detail: `Cannot GET ${path}`, error: `Cannot GET ${path}` });
        expectSecurityHeaders(response.headers);
      }
    } finally {
      await ctx.close();
    }
  });

  it('serves the document with API_DOCS=public, in production too', async () => {
    const ctx = await startTestApp(testConfig({ NODE_ENV: 'production', API_DOCS: 'public' }));
    try {
      // Raw: the API document is served beside the contract, not described in it.
      const response = await ctx.http.get('/api/docs-json').expect(200);
      expect(response.body.info.title).toBe('Casewise API');
    } finally {
      await ctx.close();
    }
  });
});

describe('API docs of a production process', () => {
  jest.setTimeout(60_000);

  async function freePort(): Promise<number> {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    return port;
  }

  it('are not served by `npm start` with NODE_ENV=production and no API_DOCS', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/api/src/main.ts'], {
      cwd: join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: tempDir(), PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    const exited = once(child, 'exit');
    try {
      let health: globalThis.Response | null = null;
      for (let i = 0; i < 200 && health === null; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health/`).catch(() => null);
        if (health === null) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(health?.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/docs-json`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/docs`)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
