import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { simpleParser } from 'mailparser';
import { createHttpApp } from '@api/app.factory';
import type { AppConfig } from '@api/modules/config/config.types';
import { loadConfig } from '@api/modules/config/load-config';
import { clearRedisPrefix, dropSchema } from '@test/utils/test-app';
import { mapLimit } from './format';

/** The benchmarks drive one account far past any per-user limit a person would meet. */
const UNLIMITED = { RATE_LIMIT_QUESTIONS: '1000000', RATE_LIMIT_UPLOADS: '1000000', RATE_LIMIT_REPORTS: '1000000' };

export interface BenchApp {
  app: NestExpressApplication;
  config: AppConfig;
  dataDir: string;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Boots the real application on the embedded defaults (PGlite, in-process jobs, offline engines) in a fresh
 * data directory, listening on loopback only. The environment is built here, not read, so no server or
 * API key of the caller's shell can change what is measured.
 */
export async function startBenchApp(label: string, settings: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `casewise-bench-${label}-`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'test', THROTTLE_LIMIT: '100000', ...UNLIMITED, ...settings });
  const app = await createHttpApp(config, { logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    config,
    dataDir,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  /** The server's own process: its descendants are the parsing processes (and any other helper it starts). */
  pid: number;
  config: AppConfig;
  baseUrl: string;
  close(): Promise<void>;
}

const ROOT = resolve(__dirname, '../..');

/**
 * The command of `npm run start:api` (`[NAME=value ...] node <options> <script>`), so that the server runs as
 * `npm start` runs it: the same environment settings, Node options and script.
 */
function startCommand(): { environment: Record<string, string>; nodeOptions: string[]; script: string } {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = manifest.scripts['start:api'].trim().split(/\s+/);
  const environment: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_]+=/.test(words[0])) {
    const [name, value] = (words.shift() as string).split('=');
    environment[name] = value;
  }
  const [command, ...rest] = words;
  const script = rest.pop();
  if (command !== 'node' || script === undefined) throw new Error(`start:api is not "[NAME=value] node [options] <script>": ${manifest.scripts['start:api']}`);
  return { environment, nodeOptions: rest, script: join(ROOT, script) };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${baseUrl}/api/health/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`The server did not answer ${baseUrl}/api/health/ within ${timeoutMs} ms`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/**
 * Starts the built server (`npm run build:api`) as its own process with the options of `npm run start:api`, on
 * the embedded defaults in a fresh data directory: what it holds in memory is the product's, not this script's.
 */
export async function startServerProcess(
  label: string,
  onSpawn?: (pid: number) => void,
  options: {
    /** A data directory to start on and leave in place on close (a restart of the same deployment). */
    dataDir?: string;
    /** More environment settings (SEARCH_CACHE_MB, ...). */
    settings?: Record<string, string>;
  } = {},
): Promise<ServerProcess> {
  const { environment, nodeOptions, script } = startCommand();
  if (!existsSync(script)) throw new Error(`${script} is missing: run npm run build:api first`);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `casewise-bench-${label}-`));
  const removeDataDir = (): void => {
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', THROTTLE_LIMIT: '100000', ...UNLIMITED, ...options.settings };
  const config = loadConfig(env);
  const child = spawn(process.execPath, [...nodeOptions, script], { env: { ...environment, ...env, PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  if (child.pid !== undefined) onSpawn?.(child.pid);
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    removeDataDir();
    throw error;
  }
  return {
    pid: child.pid as number,
    config,
    baseUrl,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }
      removeDataDir();
    },
  };
}

/** The scaled-out topology of the README: one API process and worker processes on PostgreSQL and Redis. */
export interface ScaledOut extends ServerProcess {
  workerPids: number[];
}

const WORKER_READY = 'Worker started';

/** Who a scaled-out deployment is: the data directory, and the tag of its schema and Redis prefix. */
export interface ScaledIdentity {
  tag: string;
  dataDir: string;
}

function scaledConfig(label: string, identity: ScaledIdentity, port: number, settings: Record<string, string>): { env: Record<string, string>; config: AppConfig } {
  // A schema name is a lower-case SQL identifier.
  const name = label.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const env = {
    DATA_DIR: identity.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    THROTTLE_LIMIT: '100000',
    ...UNLIMITED,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    DATABASE_SCHEMA: `bench_${name}_${identity.tag}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bench-${name}-${identity.tag}`,
    ...settings,
  };
  return { env, config: loadConfig(env) };
}

/** Removes what a scaled-out deployment kept: its schema, its Redis keys and its data directory. */
export async function removeScaledOut(label: string, identity: ScaledIdentity): Promise<void> {
  const { config } = scaledConfig(label, identity, 1, {});
  await dropSchema(config);
  await clearRedisPrefix(config);
  rmSync(identity.dataDir, { recursive: true, force: true });
}

/**
 * Starts the built server as the README's scaled-out topology: one `APP_ROLE=api` process and `workers`
 * `APP_ROLE=worker` processes sharing a data directory, on PostgreSQL (`DATABASE_URL`, this machine's by default) in a
 * schema of their own and Redis (`REDIS_URL`) under a prefix of their own. A fresh deployment is removed on close;
 * one started again on its `identity` (a restart) only stops its processes, and `removeScaledOut` removes it.
 */
export async function startScaledOut(label: string, workers: number, options: { identity?: ScaledIdentity; settings?: Record<string, string> } = {}): Promise<ScaledOut> {
  const { environment, nodeOptions, script } = startCommand();
  if (!existsSync(script)) throw new Error(`${script} is missing: run npm run build:api first`);
  const identity = options.identity ?? { tag: randomBytes(4).toString('hex'), dataDir: mkdtempSync(join(tmpdir(), `casewise-bench-${label}-`)) };
  const port = await freePort();
  const { env, config } = scaledConfig(label, identity, port, options.settings ?? {});
  const spawnRole = (role: 'api' | 'worker'): ChildProcess =>
    spawn(process.execPath, [...nodeOptions, script], {
      env: { ...environment, ...env, APP_ROLE: role, PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  const children: ChildProcess[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }),
    );
  };
  const close = async (): Promise<void> => {
    await stopAll();
    if (options.identity === undefined) await removeScaledOut(label, identity);
  };
  try {
    const api = spawnRole('api');
    children.push(api);
    api.stdout?.resume();
    const ready = Array.from({ length: workers }, () => {
      const worker = spawnRole('worker');
      children.push(worker);
      return new Promise<void>((resolveReady, reject) => {
        let seen = '';
        worker.stdout?.on('data', (data: Buffer) => {
          if (seen.includes(WORKER_READY)) return;
          seen = (seen + data.toString('utf8')).slice(-4096);
          if (seen.includes(WORKER_READY)) resolveReady();
        });
        worker.once('exit', (code) => reject(new Error(`A worker exited with ${code} before it was ready`)));
      });
    });
    await waitForHealth(`http://127.0.0.1:${port}`, api, 120_000);
    await Promise.all(ready);
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    await close().catch(() => undefined);
    throw error;
  }
  return {
    pid: children[0].pid as number,
    workerPids: children.slice(1).map((child) => child.pid as number),
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    close,
  };
}

export interface DocumentRow {
  id: string;
  filename: string;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  error: string | null;
  pages: number | null;
}

export interface Citation {
  file: string;
  page: number;
  start: number;
  end: number;
  quote: string;
}

export interface Answer {
  answer: string;
  context: string[];
  citations: Citation[];
  abstained: boolean;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${body.slice(0, 300)}`);
  }
}

/** The public HTTP API as a user sees it: the same calls the web app makes. */
export class ApiClient {
  private token = '';

  constructor(readonly baseUrl: string) {}

  get bearer(): string {
    return this.token;
  }

  /** The same signed-in user against another address (the same deployment, restarted on another port). */
  on(baseUrl: string): ApiClient {
    const client = new ApiClient(baseUrl);
    client.token = this.token;
    return client;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    if (!response.ok) throw new HttpError(response.status, text, `${method} ${path}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** Signs up, reads the mailed code from the outbox, verifies and logs in. */
  async createUser(config: AppConfig): Promise<void> {
    const email = `bench-${randomBytes(4).toString('hex')}@firm.example`;
    const password = `pw-${randomBytes(12).toString('hex')}`;
    await this.call('POST', '/api/signup/', { email, password });
    const otp = await mailedCode(config.mail.outboxDir, email);
    await this.call('POST', '/api/verify-otp/', { email, otp });
    this.token = (await this.call<{ token: string }>('POST', '/api/login/', { email, password })).token;
  }

  async createProject(name: string): Promise<string> {
    return (await this.call<{ id: string }>('POST', '/api/projects/', { name, description: '' })).id;
  }

  async upload(projectId: string, filename: string, bytes: Buffer): Promise<void> {
    const form = new FormData();
    form.append('project_id', projectId);
    form.append('file', new Blob([bytes]), filename);
    await this.call('POST', '/api/upload/', form);
  }

  async documents(projectId: string): Promise<DocumentRow[]> {
    return (await this.call<{ documents: DocumentRow[] }>('GET', `/api/projects/${projectId}/documents/`)).documents;
  }

  /** Polls the document list until every document is ready or failed. */
  async waitUntilSettled(projectId: string, timeoutMs: number, pollMs = 100): Promise<DocumentRow[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const documents = await this.documents(projectId);
      if (documents.every((document) => document.status === 'ready' || document.status === 'failed')) return documents;
      if (Date.now() > deadline) {
        const waiting = documents.filter((document) => document.status !== 'ready' && document.status !== 'failed').length;
        throw new Error(`${waiting} document(s) of project ${projectId} still not processed after ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Generates a stored report (kind as the generate route names it) and downloads it as PDF. */
  async report(projectId: string, kind: 'case_summary' | 'liability_analysis'): Promise<Buffer> {
    await this.call('POST', `/api/generate_${kind}/`, { project_id: projectId });
    const route = kind === 'case_summary' ? 'case-summary-pdf' : 'liability-analysis-pdf';
    const response = await fetch(`${this.baseUrl}/api/download/${route}/?project_id=${projectId}`, { headers: { authorization: `Bearer ${this.token}` } });
    if (!response.ok) throw new HttpError(response.status, await response.text(), `GET /api/download/${route}/`);
    return Buffer.from(await response.arrayBuffer());
  }

  ask(projectId: string, question: string): Promise<Answer> {
    return this.call<Answer>('POST', `/api/projects/${projectId}/qa/`, { question });
  }
}

async function mailedCode(outboxDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const mail = await simpleParser(await readFile(join(outboxDir, name)));
      const to = Array.isArray(mail.to) ? mail.to.map((address) => address.text).join(', ') : (mail.to?.text ?? '');
      const code = /\b(\d{6})\b/.exec(mail.text ?? '');
      if (to.includes(email) && code) return code[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code was mailed to ${email}`);
}

/**
 * One project per file, each holding that file alone, uploaded `concurrency` at a time and read to the end;
 * fails naming the first file that did not become ready. Returns the project ids in the order of `files`.
 */
export async function projectPerFile(api: ApiClient, corpus: string, files: readonly string[], concurrency = 4): Promise<string[]> {
  const projects = await mapLimit(files, concurrency, async (file) => {
    const id = await api.createProject(`bench ${file}`.slice(0, 100));
    await api.upload(id, file, await readFile(join(corpus, file)));
    return id;
  });
  for (const [i, id] of projects.entries()) {
    const [row] = await api.waitUntilSettled(id, 10 * 60_000);
    if (row.status !== 'ready') throw new Error(`${files[i]} failed to ingest: ${row.error}`);
  }
  return projects;
}

export interface ProjectBench {
  bench: BenchApp;
  api: ApiClient;
  /** One project per file, in the order of the files, each holding that file, read to the end. */
  projects: string[];
  ingestSeconds: number;
}

/** Starts the app for a benchmark, signs a user up and puts each file in a project of its own (see projectPerFile). */
export async function startProjectBench(label: string, corpus: string, files: readonly string[]): Promise<ProjectBench> {
  const bench = await startBenchApp(label);
  try {
    const api = new ApiClient(bench.baseUrl);
    await api.createUser(bench.config);
    const started = process.hrtime.bigint();
    const projects = await projectPerFile(api, corpus, files);
    return { bench, api, projects, ingestSeconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } catch (error) {
    await bench.close();
    throw error;
  }
}
