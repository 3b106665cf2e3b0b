import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { ApiClient, startServerProcess, type ServerProcess } from '../../bench/lib/app';
import { describeWithChromium, launchChromium } from './support/chromium';
import { storeToken } from './support/page-tools';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire: fetch would decompress them. */
  body: Buffer;
}

const YEAR = 'public, max-age=31536000, immutable';

/** The browser's observer of layout shifts, as page.evaluate uses it. */
interface LayoutShiftGlobals {
  PerformanceObserver: new (callback: (list: { getEntries(): { value: number }[] }) => void) => {
    observe(options: { type: 'layout-shift'; buffered: boolean }): void;
  };
}

// The built product as `npm start` runs it (`npm run build`, which precompresses the builds, then start:api): what
// a browser downloads for the user app at / and the console at /admin/, byte for byte.
describe('the built product sends its web files compressed and cacheable', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess('web-delivery');
  }, 150_000);

  afterAll(() => server?.close());

  function get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const call = request(`${server.baseUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      call.on('error', reject);
      call.end();
    });
  }

  /** The page's entry script, as Vite writes it into index.html. */
  async function entryScript(page: string): Promise<string> {
    const html = (await get(page, { Accept: 'text/html' })).body.toString('utf8');
    const script = /<script type="module"[^>]*\ssrc="([^"]+\.js)"/.exec(html)?.[1];
    if (script === undefined) throw new Error(`${page} names no entry script`);
    return script;
  }

  function expectSecurityHeaders(response: RawResponse): void {
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  }

  describe.each([
    ['the user app', '/'],
    ['the console', '/admin/'],
  ])('%s at %s', (_app, page) => {
    it('sends its entry script as brotli, gzip or identity by Accept-Encoding, the same bytes once decompressed, cached for a year', async () => {
      const script = await entryScript(page);
      expect(script.startsWith(`${page}assets/`)).toBe(true);
      const identity = await get(script, { 'Accept-Encoding': 'identity' });
      const br = await get(script, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      const gzip = await get(script, { 'Accept-Encoding': 'gzip' });
      const none = await get(script);

      for (const response of [identity, br, gzip, none]) {
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(response.headers['cache-control']).toBe(YEAR);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(response.headers['content-length'])).toBe(response.body.length);
        expectSecurityHeaders(response);
      }
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body.equals(identity.body)).toBe(true);

      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.length).toBeLessThan(identity.body.length / 2);
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);

      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.body.length).toBeLessThan(identity.body.length / 2);
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
      // Each coding is its own representation: a cache revalidating one must not be handed another.
      expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    });

    it('honours q-values: a refused coding is never sent, a preferred one wins', async () => {
      const script = await entryScript(page);
      expect((await get(script, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
      expect((await get(script, { 'Accept-Encoding': 'gzip;q=1, br;q=0.5' })).headers['content-encoding']).toBe('gzip');
      expect((await get(script, { 'Accept-Encoding': '*' })).headers['content-encoding']).toBe('br');
      expect((await get(script, { 'Accept-Encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    });

    it('answers a revalidation of what it sent with 304', async () => {
      const script = await entryScript(page);
      const first = await get(script, { 'Accept-Encoding': 'br' });
      const again = await get(script, { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });

    it('sends index.html and client routes as no-cache, with the security headers', async () => {
      const deepLink = page === '/' ? '/project/123' : '/admin/users/1';
      const index = await get(page, { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' });
      const routed = await get(deepLink, { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' });
      for (const response of [index, routed]) {
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-cache');
        expectSecurityHeaders(response);
      }
      const decoded = (response: RawResponse): Buffer => {
        const coding = response.headers['content-encoding'];
        return coding === 'br' ? brotliDecompressSync(response.body) : coding === 'gzip' ? gunzipSync(response.body) : response.body;
      };
      // Client routes get the app's empty page; the user app's landing page comes rendered at build time.
      expect(decoded(routed).toString('utf8')).toContain('<div id="root"></div>');
      if (page === '/') {
        expect(decoded(index).toString('utf8')).toMatch(/<div id="root" data-prerendered="\/"[^>]*>.*Legal Documents, Reimagined/s);
        // The login page starts empty (a form must not be shown before it works) but names its chunks in advance.
        const login = await get('/login', { Accept: 'text/html' });
        expect(login.headers['cache-control']).toBe('no-cache');
        expect(login.body.toString('utf8')).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/login-page-[^"]+\.js">/);
        expect(login.body.toString('utf8')).toContain('<div id="root"></div>');
        // So does a project's workspace: its code is fetched with the entry, not after it.
        const workspace = await get('/project/some-project', { Accept: 'text/html' });
        const workspaceHtml = workspace.body.toString('utf8');
        // Fetched after what its first paint needs: the page shows the workspace's top bar before any script has run.
        expect(workspaceHtml).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/workspace-page-[^"]+\.js">/);
        // And a small second entry that asks for the matter's data as soon as the API client has come, run before the
        // app's code has arrived: with what it imports (named in the page too), a few kilobytes, no React, no MUI.
        const early = /<script type="module" async fetchpriority="low" crossorigin src="(\/assets\/early-[^"]+\.js)"><\/script>/.exec(workspaceHtml)?.[1];
        expect(early).toBeDefined();
        const imports = (code: string): string[] => [...code.matchAll(/\bfrom\s*["']\.\/([^"']+)["']|\bimport\s*["']\.\/([^"']+)["']/g)].map((m) => m[1] ?? m[2]);
        const loaded = new Map<string, string>();
        const load = async (file: string): Promise<void> => {
          if (loaded.has(file)) return;
          const code = (await get(`/assets/${file}`)).body.toString('utf8');
          loaded.set(file, code);
          for (const next of imports(code)) await load(next);
        };
        await load((early as string).replace('/assets/', ''));
        const earlyBytes = [...loaded.values()].reduce((sum, code) => sum + Buffer.byteLength(code), 0);
        expect(earlyBytes).toBeLessThan(32 * 1024);
        for (const file of loaded.keys()) if (`/assets/${file}` !== early) expect(workspaceHtml).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${file}">`);
        // Only the workspace's page names it.
        expect(login.body.toString('utf8')).not.toContain(early as string);
      } else {
        expect(decoded(routed).equals(decoded(index))).toBe(true);
      }
    });
  });

  it('keeps the console routes: /admin redirects to /admin/, a missing asset is a 404 and never cached for a year', async () => {
    const bare = await get('/admin', { Accept: 'text/html' });
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/admin/');
    const missing = await get('/admin/assets/missing-AbCdEf12.js', { Accept: '*/*', 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).not.toBe(YEAR);
    expect(missing.headers['content-encoding']).toBeUndefined();
    // Dot files of a build (Vite's manifest) are not served.
    expect((await get('/admin/.vite/manifest.json', { Accept: 'application/json' })).status).toBe(404);
  });

  describeWithChromium('the landing page rendered at build time', () => {
    it('shows its content before any script runs, then React takes it over without a mismatch', async () => {
      const browser = await launchChromium();
      try {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
        const still = await context.newPage();
        await still.goto(`${server.baseUrl}/`);
        await expect(still.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Legal Documents, Reimagined');
        await context.close();

        const live = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await live.newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
        // The menu opens only once React runs the page: the server's HTML has no handlers. React may take over the
        // page after its scripts have loaded (a busy machine), so the test waits until it holds the button.
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        const button = await menuButton.elementHandle();
        await page.waitForFunction((element) => element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps')), button, { timeout: 10_000 });
        await menuButton.click();
        await page.locator('#landing-menu').waitFor({ state: 'visible', timeout: 5_000 });
        // React reports a page that differs from what it renders (error #418) and then renders it anew.
        expect(errors).toEqual([]);
        await live.close();
      } finally {
        await browser.close();
      }
    });
  });

  describeWithChromium('the workspace page, sent with its top bar drawn at build time', () => {
    interface Box {
      x: number;
      y: number;
      width: number;
      height: number;
    }
    const boxOf = async (page: Page, selector: string): Promise<Box> => {
      const box = await page.locator(selector).first().boundingBox();
      if (box === null) throw new Error(`${selector} is not on the screen`);
      return box;
    };
    // The bar and its title, in the build-time frame or in the workspace.
    const title = (scope: string): string => `${scope} header p:text-is("Casewise")`;

    it('shows the bar before any script runs, where the workspace then draws its own, without a shift, and takes it off', async () => {
      const api = new ApiClient(server.baseUrl);
      await api.createUser(server.config);
      const projectId = await api.createProject('Frame check');
      // With a document, the bar also shows its badge, which comes after the bar: the bar keeps its height for it.
      await api.upload(projectId, 'supply-agreement.txt', Buffer.from('SUPPLY AGREEMENT\n\nThis Agreement is governed by the laws of the State of New York.\n'));
      const browser = await launchChromium();
      try {
        for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
          const still = await browser.newContext({ viewport, javaScriptEnabled: false });
          const before = await still.newPage();
          await before.goto(`${server.baseUrl}/project/${projectId}`);
          await expect(before.locator(title('#workspace-frame')).isVisible()).resolves.toBe(true);
          const frameBar = await boxOf(before, '#workspace-frame header');
          const frameTitle = await boxOf(before, title('#workspace-frame'));
          await still.close();

          const live = await browser.newContext({ viewport });
          const page = await live.newPage();
          await page.goto(`${server.baseUrl}/login`);
          await storeToken(page, api.bearer);
          await page.goto(`${server.baseUrl}/project/${projectId}`);
          // The project listed: the workspace has loaded (on a phone the list is open over the page).
          await page.locator('#projects-sidebar').getByText('Frame check').waitFor({ state: 'visible', timeout: 15_000 });
          await page.getByText('Documents Added').waitFor({ state: 'visible', timeout: 15_000 });
          await expect(page.locator('#workspace-frame').count()).resolves.toBe(0);
          await expect(page.locator('header p:text-is("Casewise")').count()).resolves.toBe(1);
          expect(await boxOf(page, '#root header')).toEqual(frameBar);
          expect(await boxOf(page, title('#root'))).toEqual(frameTitle);
          // The layout shifts the browser recorded since the page began (the tests' tsconfig has no DOM library).
          const shifted = await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                const { PerformanceObserver: Observer } = globalThis as unknown as LayoutShiftGlobals;
                new Observer((list) => resolve(list.getEntries().reduce((sum, entry) => sum + entry.value, 0))).observe({ type: 'layout-shift', buffered: true });
                setTimeout(() => resolve(0), 500);
              }),
          );
          expect(shifted).toBe(0);
          await live.close();
        }

        // A visitor who is not signed in is sent to the login page, which the bar does not stay on.
        const anonymous = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await anonymous.newPage();
        await page.goto(`${server.baseUrl}/projects`);
        await page.waitForURL(/\/login$/, { timeout: 15_000 });
        await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible', timeout: 15_000 });
        await expect(page.locator('#workspace-frame').count()).resolves.toBe(0);
        await anonymous.close();
      } finally {
        await browser.close();
      }
    });
  });
});
