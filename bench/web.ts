/**
 * What a first visit costs a phone: Lighthouse (default mobile settings: simulated slow 4G, 4x CPU slowdown) on
 * the built product (`npm run build:api && npm run build:web`, started as `npm run start:api` starts it) for the
 * landing page, the login page and a signed-in workspace (a matter with one contract and one answered question).
 * Each page is measured --runs times and the run with the median performance score is reported.
 *
 *   npm run bench:web -- [--runs 3] [--json] [--reports DIR] [--pages landing,login,workspace]
 *
 * --reports keeps every Lighthouse report (JSON) in DIR as <page>-<run>.json, to see what an audit found.
 *
 * Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH), headless, with background networking off; nothing is
 * downloaded. Lighthouse's scores move with the machine's load: its CPU timings are the observed ones times 4.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { BenchArgs, runBench } from './lib/args';
import { ApiClient, startServerProcess } from './lib/app';
import { fixed, table } from './lib/format';
import { describeMachineState, machineStateJson, probeMachine } from './lib/machine';

const ROOT = resolve(__dirname, '..');
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CONTRACTS = join(ROOT, 'test', 'fixtures', 'cuad', 'txt');
/** Headless, unsandboxed (root in a container), and none of the background traffic a fresh profile starts. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-sync',
  '--metrics-recording-only',
  '--no-first-run',
  '--no-default-browser-check',
];
const TARGETS = { performance: 0.95, accessibility: 1, bestPractices: 1 };

const run = promisify(execFile);

interface PageSpec {
  name: string;
  path: string;
  signedIn: boolean;
}

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of JavaScript on the wire (after compression), every script the page loaded. */
  jsBytes: number;
  /** What Lighthouse estimates the page loaded and never ran. */
  unusedJsBytes: number;
}

interface PageResult extends Measure {
  name: string;
  path: string;
  runs: number;
  performanceMin: number;
  performanceMax: number;
}

/** The parts of a Lighthouse result (LHR) read here. */
interface LighthouseResult {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
  categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ resourceType?: string; transferSize?: number; wastedBytes?: number }> } }>;
}

function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH`);
  return path;
}

/** Starts Chromium with a DevTools port for Lighthouse to drive, in a profile of its own. */
async function startChromium(profileDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(chromiumPath(), [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolvePort, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Chromium did not open its DevTools port within 30 s: ${seen.slice(-500)}`));
    }, 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code} before it was ready: ${seen.slice(-500)}`));
    });
  });
  return { child, port };
}

/** The page's storage, as the script run inside it sees it (this file is compiled without the DOM's types). */
interface PageStorage {
  localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void };
}

/** Puts the session token into (or takes it out of) the origin's localStorage, where the web app keeps it. */
async function setSession(port: number, baseUrl: string, token: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // A same-origin address that loads no script of the app.
    await page.goto(`${baseUrl}/api/health/`);
    await page.evaluate((value) => {
      const { localStorage } = globalThis as unknown as PageStorage;
      if (value === null) localStorage.removeItem('token');
      else localStorage.setItem('token', value);
    }, token);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Lighthouse's own failures to record a page load's trace, which say to run it again: they are not the page's. */
const TRACE_NOT_RECORDED = /\b(?:NO_NAVSTART|NO_TRACING_STARTED)\b/;

/** One Lighthouse run; a run whose trace Lighthouse failed to record is run once more. */
async function lighthouse(port: number, url: string, output: string): Promise<LighthouseResult> {
  try {
    return await lighthouseOnce(port, url, output);
  } catch (error) {
    if (!TRACE_NOT_RECORDED.test((error as Error).message)) throw error;
    console.error(`${(error as Error).message.split('\n')[0]}; running it again`);
    return lighthouseOnce(port, url, output);
  }
}

async function lighthouseOnce(port: number, url: string, output: string): Promise<LighthouseResult> {
  try {
    await run(
      process.execPath,
      [LIGHTHOUSE_CLI, url, `--port=${port}`, '--only-categories=performance,accessibility,best-practices', '--output=json', `--output-path=${output}`, '--quiet'],
      { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`Lighthouse failed on ${url}: ${stderr.trim().split('\n').slice(-5).join('\n') || (error as Error).message}`);
  }
  const result = JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult;
  if (result.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${result.runtimeError.code} ${result.runtimeError.message}`);
  return result;
}

function measure(result: LighthouseResult): Measure {
  const score = (id: keyof LighthouseResult['categories']): number => result.categories[id].score ?? NaN;
  const value = (id: string): number => result.audits[id]?.numericValue ?? NaN;
  const requests = result.audits['network-requests']?.details?.items ?? [];
  const unused = result.audits['unused-javascript']?.details?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    jsBytes: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    unusedJsBytes: unused.reduce((sum, item) => sum + (item.wastedBytes ?? 0), 0),
  };
}

/** A workspace worth looking at: one matter, one contract read, one question answered with citations. */
async function signedInWorkspace(api: ApiClient, config: Parameters<ApiClient['createUser']>[0]): Promise<string> {
  await api.createUser(config);
  const projectId = await api.createProject('Distribution agreement review');
  const contract = readdirSync(CONTRACTS).filter((name) => name.endsWith('.txt')).sort()[0];
  if (contract === undefined) throw new Error(`No contract text in ${CONTRACTS}`);
  await api.upload(projectId, contract, readFileSync(join(CONTRACTS, contract)));
  await api.waitUntilSettled(projectId, 120_000);
  await api.ask(projectId, 'Which law governs this agreement?');
  return projectId;
}

const kb = (bytes: number): string => fixed(bytes / 1024);
const seconds = (ms: number): string => `${fixed(ms / 1000)} s`;

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['runs', 'reports', 'pages'], switches: ['json'] });
  const runs = args.count('runs', 3);
  const machine = probeMachine();
  if (!existsSync(join(ROOT, 'apps', 'web', 'dist', 'index.html'))) throw new Error('apps/web/dist is missing: run npm run build:web first');
  if (!existsSync(LIGHTHOUSE_CLI)) throw new Error('Lighthouse is missing: run npm install');

  const workDir = mkdtempSync(join(tmpdir(), 'casewise-bench-web-'));
  const reportsDir = resolve(args.string('reports') ?? join(workDir, 'reports'));
  mkdirSync(reportsDir, { recursive: true });
  const server = await startServerProcess('web');
  let browser: ChildProcess | undefined;
  try {
    const api = new ApiClient(server.baseUrl);
    const projectId = await signedInWorkspace(api, server.config);
    const only = args.string('pages')?.split(',');
    const pages: PageSpec[] = [
      { name: 'landing', path: '/', signedIn: false },
      { name: 'login', path: '/login', signedIn: false },
      { name: 'workspace', path: `/project/${projectId}`, signedIn: true },
    ].filter((page) => only === undefined || only.includes(page.name));
    if (pages.length === 0) throw new Error(`--pages names none of landing, login, workspace: ${only?.join(',')}`);
    const started = await startChromium(join(workDir, 'profile'));
    browser = started.child;
    const results: PageResult[] = [];
    let about: LighthouseResult | undefined;
    for (const page of pages) {
      await setSession(started.port, server.baseUrl, page.signedIn ? api.bearer : null);
      const measured: Measure[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(started.port, `${server.baseUrl}${page.path}`, join(reportsDir, `${page.name}-${i + 1}.json`));
        // A workspace run that lands on /login measured the wrong page: the session did not reach the app.
        const landed = new URL(result.finalDisplayedUrl).pathname;
        if (landed !== page.path) throw new Error(`${page.name}: Lighthouse ended on ${landed}, not ${page.path}`);
        about ??= result;
        measured.push(measure(result));
      }
      const sorted = [...measured].sort((a, b) => a.performance - b.performance);
      results.push({ ...sorted[Math.floor((sorted.length - 1) / 2)], name: page.name, path: page.path, runs, performanceMin: sorted[0].performance, performanceMax: sorted[sorted.length - 1].performance });
    }

    const chromiumVersion = /\d+(?:\.\d+)+/.exec((await run(chromiumPath(), ['--version'])).stdout)?.[0] ?? 'unknown';
    console.log(
      `machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadavg()[0].toFixed(1)}; ` +
        `Lighthouse ${about?.lighthouseVersion}, Chromium ${chromiumVersion}, benchmark index ${Math.round(about?.environment.benchmarkIndex ?? NaN)}`,
    );
    console.log(describeMachineState(machine));
    console.log(`mobile defaults (simulated: 150 ms RTT, 1.6 Mbps, 4x CPU slowdown); median of ${runs} run(s) per page by performance score`);
    console.log(
      table(
        ['page', 'performance', 'range', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS', 'JS kB', 'unused JS kB'],
        results.map((r) => [
          r.name,
          fixed(r.performance, 2),
          `${fixed(r.performanceMin, 2)}-${fixed(r.performanceMax, 2)}`,
          fixed(r.accessibility, 2),
          fixed(r.bestPractices, 2),
          seconds(r.fcpMs),
          seconds(r.lcpMs),
          `${fixed(r.tbtMs, 0)} ms`,
          fixed(r.cls, 3),
          kb(r.jsBytes),
          kb(r.unusedJsBytes),
        ]),
      ),
    );
    const misses = results.flatMap((r) => [
      ...(r.performance < TARGETS.performance ? [`${r.name} performance ${fixed(r.performance, 2)}`] : []),
      ...(r.accessibility < TARGETS.accessibility ? [`${r.name} accessibility ${fixed(r.accessibility, 2)}`] : []),
      ...(r.bestPractices < TARGETS.bestPractices ? [`${r.name} best practices ${fixed(r.bestPractices, 2)}`] : []),
    ]);
    console.log(`target: performance >= ${TARGETS.performance}, accessibility and best practices 1.0 on every page: ${misses.length === 0 ? 'met' : `missed (${misses.join(', ')})`}`);
    if (args.has('json')) {
      console.log(
        JSON.stringify({
          machine: machineStateJson(machine),
          runs,
          cores: cpus().length,
          load_average: Math.round(loadavg()[0] * 10) / 10,
          lighthouse: about?.lighthouseVersion,
          chromium: chromiumVersion,
          pages: Object.fromEntries(
            results.map((r) => [
              r.name,
              {
                performance: r.performance,
                performance_min: r.performanceMin,
                performance_max: r.performanceMax,
                accessibility: r.accessibility,
                best_practices: r.bestPractices,
                fcp_ms: Math.round(r.fcpMs),
                lcp_ms: Math.round(r.lcpMs),
                tbt_ms: Math.round(r.tbtMs),
                cls: Math.round(r.cls * 1000) / 1000,
                speed_index_ms: Math.round(r.speedIndexMs),
                js_bytes: r.jsBytes,
                unused_js_bytes: r.unusedJsBytes,
              },
            ]),
          ),
          targets_met: misses.length === 0,
        }),
      );
    }
  } finally {
    if (browser && browser.exitCode === null) {
      const exited = new Promise((resolveExit) => browser?.once('exit', resolveExit));
      browser.kill('SIGTERM');
      await exited;
    }
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runBench(main);
