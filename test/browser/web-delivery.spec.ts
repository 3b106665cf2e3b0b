import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient, startServerProcess, type ServerProcess } from '../../bench/lib/app';
import { describeWithChromium, launchChromium } from './support/chromium';
import { countMatching, focusedElement, layoutShifts, recordLayoutShifts, storeTokenBeforeLoad } from './support/page-tools';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire: fetch would decompress them. */
  body: Buffer;
}

const YEAR = 'public, max-age=31536000, immutable';
const CONTRACTS = join(__dirname, '..', 'fixtures', 'cuad', 'txt');

/** The browser globals read inside page.evaluate; the tests' tsconfig has no DOM library. */
interface StyledPage {
  document: { querySelectorAll(selector: string): Iterable<{ classList: Iterable<string>; getAttribute(name: string): string | null }> };
}

/** The errors and warnings a page logs, and its uncaught errors, as they come. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
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
      const deepLink = page === '/' ? '/dashboard' : '/admin/users/1';
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
        // The login page names its chunks in advance, and comes with its form as a frame: inert, its fields read only
        // (nothing can be typed before the app has taken over), painted only once the whole of it has been read.
        const login = await get('/login', { Accept: 'text/html' });
        const loginHtml = login.body.toString('utf8');
        expect(login.headers['cache-control']).toBe('no-cache');
        expect(loginHtml).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/login-page-[^"]+\.js">/);
        expect(loginHtml).toMatch(/<div id="root" data-frame="\/login"><div inert="" aria-busy="true"[^>]*>.*Welcome Back/s);
        const fields = [...loginHtml.matchAll(/<input\b[^>]*>/g)].map(([field]) => field);
        expect(fields).toHaveLength(2);
        for (const field of fields) expect(field).toContain(' readonly=""');
        expect(loginHtml).toContain('<link rel="expect" href="#root-end" blocking="render">');
        expect(loginHtml).toMatch(/<\/div><template id="root-end"><\/template>/);
        // So does a project's workspace: its code is fetched with the entry, not after it.
        const workspace = await get('/project/some-project', { Accept: 'text/html' });
        const workspaceHtml = workspace.body.toString('utf8');
        expect(workspaceHtml).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/workspace-page-[^"]+\.js">/);
        // It comes with the workspace's frame in place of the empty root (what it shows while its projects load).
        expect(workspaceHtml).toMatch(/<div id="root" data-frame="\/projects"><div [^>]*inert=""[^>]*>/);
        // And a small second entry that asks for the matter's data as soon as the API client has come, run before the
        // app's code has arrived: with what it imports (named in the page too), a few kilobytes, no React, no MUI.
        const early = /<script type="module" async crossorigin src="(\/assets\/early-[^"]+\.js)"><\/script>/.exec(workspaceHtml)?.[1];
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
        for (const file of loaded.keys()) if (`/assets/${file}` !== early) expect(workspaceHtml).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
        // Only the workspace's page names it, and names it first: it is asked for ahead of the app's entry.
        expect(login.body.toString('utf8')).not.toContain(early as string);
        expect(workspaceHtml.indexOf(early as string)).toBeLessThan(workspaceHtml.indexOf('<script type="module" fetchpriority="low" crossorigin src="/assets/index-'));
        // What the workspace's first screen does not show is not in its first load: no dialog, no text field with its
        // select variants, no upload progress (they come as chunks of their own, fetched once the page has loaded).
        for (const [, file] of workspaceHtml.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)) await load(file);
        const firstLoad = [...loaded.values()].join('\n');
        expect(firstLoad).toContain('MuiOutlinedInput');
        for (const part of ['MuiDialog', 'MuiTextField', 'MuiLinearProgress']) expect(firstLoad).not.toContain(part);
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
        const errors = consoleErrors(page);
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

  describeWithChromium('the sign-in page’s frame', () => {
    it('shows the form before any script runs, where nothing can be focused or typed into', async () => {
      const browser = await launchChromium();
      try {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}/login`);
        await expect(page.getByRole('heading', { name: 'Welcome Back' }).isVisible()).resolves.toBe(true);
        const email = page.locator('#email');
        await expect(email.isVisible()).resolves.toBe(true);
        await expect(email.evaluate((field) => field.matches('[inert] *') && field.hasAttribute('readonly'))).resolves.toBe(true);
        await page.keyboard.press('Tab');
        await expect(focusedElement(page)).resolves.toEqual({ tag: 'BODY', id: '' });
        await email.click({ force: true });
        await page.keyboard.type('early@example.com');
        await expect(email.inputValue()).resolves.toBe('');
        await context.close();
      } finally {
        await browser.close();
      }
    });

    it('is replaced by the working form without a layout shift, on a phone’s network and CPU', async () => {
      const browser = await launchChromium();
      try {
        // Three loads: painted as it arrived, the centred form moved in most of them.
        for (let load = 0; load < 3; load++) {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
          const page = await context.newPage();
          const errors = consoleErrors(page);
          await recordLayoutShifts(context);
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
          await page.goto(`${server.baseUrl}/login`);
          // The app's form: no longer inert, focused, and what is typed is kept.
          await page.locator('#email:focus').waitFor({ timeout: 20_000 });
          await expect(countMatching(page, '#root [inert]')).resolves.toBe(0);
          await page.locator('#email').fill('lawyer@example.com');
          await expect(page.locator('#email').inputValue()).resolves.toBe('lawyer@example.com');
          await expect(layoutShifts(page)).resolves.toEqual([]);
          expect(errors).toEqual([]);
          await context.close();
        }
      } finally {
        await browser.close();
      }
    });
  });

  describeWithChromium('the workspace’s frame', () => {
    /** What the page holds of a workspace: its top bars, and the frame's inert page. */
    const frameParts = async (page: Page) => ({ topBars: await countMatching(page, 'header'), frames: await countMatching(page, '#root [inert][aria-busy="true"]') });

    /** A page of a new context `width` px wide whose storage holds the session `token` before anything loads. */
    async function signedInPage(browser: Browser, token: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ viewport: { width, height: 823 } });
      await storeTokenBeforeLoad(context, token);
      return { context, page: await context.newPage() };
    }

    /** A matter with one contract and one answered question, made once for the tests that open one. */
    let matter: Promise<{ api: ApiClient; projectId: string }> | undefined;
    const answeredMatter = (): Promise<{ api: ApiClient; projectId: string }> =>
      (matter ??= (async () => {
        const api = new ApiClient(server.baseUrl);
        await api.createUser(server.config);
        const projectId = await api.createProject('Answered matter');
        const contract = readdirSync(CONTRACTS).filter((name) => name.endsWith('.txt')).sort()[0];
        await api.upload(projectId, contract, readFileSync(join(CONTRACTS, contract)));
        await api.waitUntilSettled(projectId, 60_000);
        await api.ask(projectId, 'Which law governs this agreement?');
        return { api, projectId };
      })());

    it('shows the workspace’s top bar and loader before any script runs, and none of it can be used', async () => {
      const browser = await launchChromium();
      try {
        for (const width of [412, 1280]) {
          const context = await browser.newContext({ viewport: { width, height: 823 }, javaScriptEnabled: false });
          const page = await context.newPage();
          await page.goto(`${server.baseUrl}/project/some-project`);
          await expect(page.locator('header').getByText('Casewise', { exact: true }).isVisible()).resolves.toBe(true);
          await expect(page.locator('header').getByText('AI Assistant').isVisible()).resolves.toBe(true);
          await expect(page.locator('main [aria-label="Loading projects"]').isVisible()).resolves.toBe(true);
          // The sidebar's column shows where the workspace lays it beside the main area; a phone gets it as a drawer.
          await expect(page.getByText('Projects', { exact: true }).isVisible()).resolves.toBe(width >= 900);
          // Its buttons are out of reach (no handlers yet): inert, so neither focused nor clicked.
          await expect(page.getByRole('button', { name: 'Logout' }).evaluate((button) => button.matches('[inert] *'))).resolves.toBe(true);
          await page.keyboard.press('Tab');
          await expect(focusedElement(page)).resolves.toEqual({ tag: 'BODY', id: '' });
          await context.close();
        }
      } finally {
        await browser.close();
      }
    });

    it('brings the styles of a matter’s first screen, phone and desk, so the app’s first render writes none of its own', async () => {
      const { api, projectId } = await answeredMatter();
      const browser = await launchChromium();
      try {
        for (const width of [412, 1280]) {
          const { context, page } = await signedInPage(browser, api.bearer, width);
          await page.goto(`${server.baseUrl}/project/${projectId}`);
          await page.getByLabel('Assistant message').getByText('Source', { exact: false }).waitFor({ state: 'visible', timeout: 20_000 });
          // The page's styles are named in the attribute emotion takes them over by ("css <name> <name>..."); the
          // app's own would carry the class "css-<name>" without the page naming it.
          const unnamed = await page.evaluate(() => {
            const { document } = globalThis as unknown as StyledPage;
            const shipped = new Set(
              [...document.querySelectorAll('style[data-emotion^="css "]')].flatMap((style) => (style.getAttribute('data-emotion') ?? '').split(' ').slice(1).map((name) => `css-${name}`)),
            );
            const classes = [...document.querySelectorAll('#root *')].flatMap((element) => [...element.classList].filter((name) => name.startsWith('css-')));
            return { classes: new Set(classes).size, unnamed: [...new Set(classes.filter((name) => !shipped.has(name)))] };
          });
          expect(unnamed.classes).toBeGreaterThan(20);
          expect({ width, unnamed: unnamed.unnamed }).toEqual({ width, unnamed: [] });
          await context.close();
        }
      } finally {
        await browser.close();
      }
    });

    it('reads the locale’s data for the messages’ time stamps in a worker that then ends, and shows them', async () => {
      const { api, projectId } = await answeredMatter();
      const browser = await launchChromium();
      try {
        const { context, page } = await signedInPage(browser, api.bearer, 412);
        const errors = consoleErrors(page);
        const workers: { url: string; ended: Promise<void> }[] = [];
        page.on('worker', (worker) => workers.push({ url: worker.url(), ended: new Promise((resolve) => worker.once('close', () => resolve())) }));
        await page.goto(`${server.baseUrl}/project/${projectId}`);
        await page.getByLabel('Assistant message').waitFor({ state: 'visible', timeout: 20_000 });
        expect(workers.map((worker) => new URL(worker.url).pathname)).toEqual([expect.stringMatching(/^\/assets\/time-format-warmup\.worker-[\w-]+\.js$/)]);
        await Promise.race([workers[0].ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the worker did not end within 10 s')), 10_000))]);
        // Each message shows its time as the page's locale (en-US here) writes hours and minutes.
        const stamps = await page.locator('#root time').allTextContents();
        expect(stamps).toHaveLength(2);
        for (const stamp of stamps) expect(stamp).toMatch(/^\d{2}:\d{2}\s?[AP]M$/);
        expect(errors).toEqual([]);
        await context.close();
      } finally {
        await browser.close();
      }
    });

    it('is replaced by the app’s first render, whole: the signed-in workspace with one top bar, a signed-out visitor at the login', async () => {
      const api = new ApiClient(server.baseUrl);
      await api.createUser(server.config);
      const projectId = await api.createProject('Frame replaced matter');
      const browser = await launchChromium();
      try {
        const { context, page } = await signedInPage(browser, api.bearer, 1280);
        const errors = consoleErrors(page);
        await page.goto(`${server.baseUrl}/project/${projectId}`);
        await page.locator('header').getByText('Frame replaced matter').waitFor({ state: 'visible', timeout: 20_000 });
        await expect(frameParts(page)).resolves.toEqual({ topBars: 1, frames: 0 });
        await expect(page.getByRole('button', { name: 'Logout' }).isEnabled()).resolves.toBe(true);
        expect(errors).toEqual([]);
        await context.close();

        const visitor = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const signedOut = await visitor.newPage();
        await signedOut.goto(`${server.baseUrl}/projects`);
        await signedOut.getByRole('heading', { name: 'Welcome Back' }).waitFor({ state: 'visible', timeout: 20_000 });
        expect(new URL(signedOut.url()).pathname).toBe('/login');
        await expect(frameParts(signedOut)).resolves.toEqual({ topBars: 0, frames: 0 });
        await visitor.close();
      } finally {
        await browser.close();
      }
    });
  });
});
