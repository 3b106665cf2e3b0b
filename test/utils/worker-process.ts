import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { Env } from '@api/modules/config/load-config';
import { until } from './poll';

const ROOT = join(__dirname, '..', '..');
const READY = 'Worker started';
const OUTPUT_KEPT = 20_000;

export interface WorkerProcess {
  readonly pid: number;
  /** The last of what the process printed, to explain a failure. */
  output(): string;
  /** Signals the process and everything it forked (its parse processes) and waits for it to exit; a no-op once it has. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** The environment under which `main.ts` loads the same configuration as `config`, with another role. */
export function workerEnv(config: AppConfig): Env {
  const env: Env = {
    PATH: process.env.PATH,
    APP_ROLE: 'worker',
    NODE_ENV: config.app.mode,
    LOG_LEVEL: 'info',
    DATA_DIR: config.app.dataDir,
    JOB_LOCK_SECONDS: String(config.jobs.lockSeconds),
    SHUTDOWN_TIMEOUT_SECONDS: String(config.shutdown.timeoutSeconds),
    DATABASE_URL: config.database.url?.reveal(),
    DATABASE_SCHEMA: config.database.schema ?? undefined,
    REDIS_URL: config.redis.url?.reveal(),
    REDIS_PREFIX: config.redis.prefix,
    QDRANT_URL: config.qdrant.url ?? undefined,
    QDRANT_API_KEY: config.qdrant.apiKey?.reveal(),
    QDRANT_COLLECTION: config.qdrant.collection,
    VOYAGE_API_KEY: config.voyage.apiKey?.reveal(),
    VOYAGE_MODEL: config.voyage.model,
    VOYAGE_BASE_URL: config.voyage.baseUrl,
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts `APP_ROLE=worker` as its own OS process (TypeScript through @swc-node/register) on the same
 * database, queue and data directory as `config`; resolves once its job workers run. The process leads
 * its own process group, so a kill reaches the parse processes it forked too.
 */
export async function startWorkerProcess(config: AppConfig, timeoutMs = 30_000): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join('apps', 'api', 'src', 'main.ts')], {
    cwd: ROOT,
    env: workerEnv(config),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (data: Buffer): void => {
    output = (output + data.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = once(child, 'exit');
  exit.catch(() => undefined);

  const worker: WorkerProcess = {
    pid: child.pid as number,
    output: () => output,
    async kill(signal) {
      if (exited(child)) return;
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // The group is already gone.
      }
      await exit;
    },
  };

  const failure = (): string => `The worker process did not start:\n${output}`;
  try {
    await until(
      failure,
      async () => {
        if (exited(child)) throw new Error(failure());
        return output.includes(READY) ? true : null;
      },
      timeoutMs,
      50,
    );
  } catch (error) {
    await worker.kill('SIGKILL');
    throw error;
  }
  return worker;
}
