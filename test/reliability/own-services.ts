import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { closedPort } from '@test/utils/local-server';
import { ServerProcess, startProcess } from '@test/utils/server-process';

// The fault suite's own PostgreSQL and Redis, on free ports, in temp folders: it stops and restarts them, so it must
// never touch the machine's shared servers (127.0.0.1:5432 and :6379).

const run = promisify(execFile);
const SHARED_PORTS = new Set([5432, 6379]);

/** A port nothing listens on, never one of the shared servers'. */
async function ownPort(): Promise<number> {
  for (;;) {
    const port = await closedPort();
    if (!SHARED_PORTS.has(port)) return port;
  }
}

/** The folder holding initdb and pg_ctl: PATH first, else the newest Debian install. */
function postgresBin(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, 'pg_ctl'))) return dir;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(join(root, version, 'bin', 'pg_ctl'))) return join(root, version, 'bin');
  throw new Error('PostgreSQL binaries (initdb, pg_ctl) are not on PATH nor under /usr/lib/postgresql/*/bin');
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` account. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export interface OwnPostgres {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops (fast: open sessions are cut) and starts again. */
  restart(pauseMs: number): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const root = mkdtempSync(join(tmpdir(), 'casewise-reliability-pg-'));
  const data = join(root, 'data');
  const log = join(root, 'server.log');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(group.trim()));
  }
  const port = await ownPort();
  const pg = async (command: string, args: string[]): Promise<void> => {
    const [file, argv] = asServerUser(join(bin, command), args);
    await run(file, argv, { cwd: root });
  };
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = (): Promise<void> => pg('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
  const stop = (): Promise<void> => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async restart(pauseMs) {
      await stop();
      running = false;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => undefined);
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  readonly url: string;
  /**
   * Stops the server as an orchestrator does (SIGTERM: it writes its append-only file) and starts it again on the same
   * files, or with `lose: true` on none: a Redis without persistence, or whose volume was lost.
   */
  restart(pauseMs: number, options?: { lose?: boolean }): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'casewise-reliability-redis-'));
  const port = await ownPort();
  // As docker/compose.yaml runs it: persisted in an append-only file.
  const launch = async (): Promise<ServerProcess> => {
    const server = startProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''], {});
    await server.waitFor('Ready to accept connections', 30_000);
    return server;
  };
  let server: ServerProcess | null = await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart(pauseMs, options = {}) {
      server?.signal('SIGTERM');
      await server?.exited();
      server = null;
      if (options.lose) for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      server = await launch();
    },
    async destroy() {
      await server?.stop();
      server = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
