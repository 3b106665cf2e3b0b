import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { Env } from '@api/modules/config/load-config';
import { startProcess } from './server-process';

const READY = 'Worker started';

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

/**
 * Starts `APP_ROLE=worker` as its own OS process (TypeScript through @swc-node/register) on the same
 * database, queue and data directory as `config`; resolves once its job workers run. The process leads
 * its own process group, so a kill reaches the parse processes it forked too.
 */
export async function startWorkerProcess(config: AppConfig, timeoutMs = 30_000): Promise<WorkerProcess> {
  const child = startProcess(process.execPath, ['-r', '@swc-node/register', join('apps', 'api', 'src', 'main.ts')], workerEnv(config));
  const worker: WorkerProcess = {
    pid: child.pid,
    output: () => child.output(),
    async kill(signal) {
      child.signal(signal);
      await child.exited();
    },
  };
  try {
    await child.waitFor(READY, timeoutMs);
  } catch (error) {
    await worker.kill('SIGKILL');
    throw new Error(`The worker process did not start: ${(error as Error).message}`);
  }
  return worker;
}
