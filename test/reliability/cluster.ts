import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { Env, loadConfig } from '@api/modules/config/load-config';
import { closedPort } from '@test/utils/local-server';
import { ServerProcess, startProcess } from '@test/utils/server-process';

const MAIN = join('apps', 'api', 'src', 'main.ts');

export interface Cluster {
  readonly baseUrl: string;
  readonly config: AppConfig;
  readonly api: ServerProcess;
  /** The worker processes now running (a killed one is replaced in its slot). */
  readonly workers: ServerProcess[];
  /** Starts a fresh worker in slot `index`, as an orchestrator restarts a dead container. */
  replaceWorker(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** One API process and `workers` worker processes (from the source, as `npm start` runs it) on the given servers and data folder. */
export async function startCluster(options: { databaseUrl: string; redisUrl: string; dataDir: string; workers: number }): Promise<Cluster> {
  const port = await closedPort();
  const env: Env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: 'reliability',
    // Keys given rather than generated into DATA_DIR, which this suite fills.
    FILES_KEY: randomBytes(32).toString('base64'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    JOB_LOCK_SECONDS: '5',
    SHUTDOWN_TIMEOUT_SECONDS: '5',
    STARTUP_RETRIES: '30',
    STARTUP_RETRY_DELAY_MS: '1000',
    THROTTLE_LIMIT: '100000',
    RATE_LIMIT_QUESTIONS: '100000',
    RATE_LIMIT_UPLOADS: '100000',
    RATE_LIMIT_REPORTS: '100000',
  };
  const start = (role: 'api' | 'worker'): ServerProcess => startProcess(process.execPath, ['-r', '@swc-node/register', MAIN], { ...env, APP_ROLE: role });
  const api = start('api');
  const workers: ServerProcess[] = [];
  try {
    await api.waitFor('listening on', 120_000);
    for (let i = 0; i < options.workers; i++) workers.push(start('worker'));
    await Promise.all(workers.map((worker) => worker.waitFor('Worker started', 120_000)));
  } catch (error) {
    await Promise.all([api, ...workers].map((process_) => process_.stop()));
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config: loadConfig(env),
    api,
    workers,
    async replaceWorker(index) {
      await workers[index].stop();
      workers[index] = start('worker');
      await workers[index].waitFor('Worker started', 120_000);
    },
    async stop() {
      await Promise.all([api, ...workers].map((process_) => process_.stop()));
    },
  };
}

/** Resident memory (VmRSS) of a process, in MB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Open file descriptors (sockets, files, pipes) of a process. */
export function openHandles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Every process below `pid` with its command name, read from /proc. */
export function descendants(pid: number): { pid: number; command: string }[] {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
      const close = stat.lastIndexOf(')');
      commands.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number): void => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push({ pid: child, command: commands.get(child) ?? '' });
      walk(child);
    }
  };
  walk(pid);
  return found;
}
