import { execFileSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { describeIf } from '../../utils/requirements';
import { startWebServer, WebServer } from './web-server';

export const CHROMIUM_NOT_FOUND = 'Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH';

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onSearchPath(name: string): string | null {
  try {
    const found = execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n')[0] ?? '';
    return found === '' ? null : found;
  } catch {
    return null;
  }
}

/** CHROMIUM_PATH when set (and then only that), else Debian's /usr/bin/chromium, else `which chromium`. */
export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH?.trim();
  if (configured) return isExecutable(configured) ? configured : null;
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  const found = onSearchPath('chromium');
  return found !== null && isExecutable(found) ? found : null;
}

export const chromiumPath = findChromium();

/** A describe block that needs Chromium: fails on CI (which installs it) when none is found, else skips saying why. */
export function describeWithChromium(title: string, body: () => void): void {
  describeIf({ what: 'Chromium', missing: chromiumPath === null ? CHROMIUM_NOT_FOUND : null, providedByCi: true }, title, body);
}

export async function launchChromium(): Promise<Browser> {
  if (chromiumPath === null) throw new Error(CHROMIUM_NOT_FOUND);
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: LAUNCH_ARGS, timeout: 60_000 });
}

/** A fresh profile (storage, cookies) at a desktop size, failing fast instead of waiting out jest's timeout. */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

export interface BrowserSession {
  server: WebServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Registers the hooks of a browser spec: one server and browser per file, a fresh context and page per test. */
export function useBrowserSession(): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    [session.server, session.browser] = await Promise.all([startWebServer(), launchChromium()]);
  });
  beforeEach(async () => {
    session.context = await newContext(session.browser, session.server.baseUrl);
    session.page = await session.context.newPage();
  });
  afterEach(async () => {
    await session.context?.close();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session;
}
