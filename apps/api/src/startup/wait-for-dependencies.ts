import IORedis from 'ioredis';
import { Client } from 'pg';
import { AppConfig } from '@api/modules/config/config.types';

/** A server the process needs did not answer within the configured attempts (STARTUP_RETRIES, STARTUP_RETRY_DELAY_MS). */
export class DependencyUnavailableError extends Error {}

export interface Dependency {
  /** Names the server without credentials, e.g. `PostgreSQL (127.0.0.1:5432)`. */
  name: string;
  /** Resolves once the server answers; rejects with the reason it did not. */
  probe(): Promise<void>;
}

export interface WaitLog {
  log(message: string): void;
  warn(message: string): void;
}

const PROBE_TIMEOUT_MS = 5_000;

/** host:port of a URL, never its user or password. */
function where(raw: string, defaultPort: number): string {
  const url = new URL(raw);
  return `${url.hostname}:${url.port || defaultPort}`;
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  const message = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error);
  return message.replace(/\/\/[^@\s/]*@/g, '//');
}

async function probePostgres(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  // A failed connection also emits 'error'; unheard, it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function probeRedis(url: string): Promise<void> {
  const redis = new IORedis(url, { lazyConnect: true, connectTimeout: PROBE_TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

/** Resolves once Qdrant's /readyz answers 2xx; rejects with the reason it did not. */
export async function probeQdrant(url: string, apiKey: string | null, timeoutMs = PROBE_TIMEOUT_MS): Promise<void> {
  const response = await fetch(new URL('/readyz', url), {
    headers: apiKey ? { 'api-key': apiKey } : {},
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`/readyz answered ${response.status}`);
}

/** The servers this configuration names: PostgreSQL, Redis and Qdrant, each only when its variable is set. */
export function configuredDependencies(config: AppConfig): Dependency[] {
  const found: Dependency[] = [];
  const databaseUrl = config.database.url?.reveal();
  if (databaseUrl) found.push({ name: `PostgreSQL (${where(databaseUrl, 5432)})`, probe: () => probePostgres(databaseUrl) });
  const redisUrl = config.redis.url?.reveal();
  if (redisUrl) found.push({ name: `Redis (${where(redisUrl, 6379)})`, probe: () => probeRedis(redisUrl) });
  const qdrantUrl = config.qdrant.url;
  if (qdrantUrl) found.push({ name: `Qdrant (${where(qdrantUrl, 6333)})`, probe: () => probeQdrant(qdrantUrl, config.qdrant.apiKey?.reveal() ?? null) });
  return found;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForOne(dependency: Dependency, attempts: number, delayMs: number, log: WaitLog): Promise<string | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dependency.probe();
      if (attempt > 1) log.log(`${dependency.name} answers (attempt ${attempt} of ${attempts}).`);
      return null;
    } catch (error) {
      if (attempt >= attempts) return `${dependency.name} did not answer after ${attempts} attempts ${delayMs} ms apart: ${describe(error)}`;
      log.warn(`Waiting for ${dependency.name}: attempt ${attempt} of ${attempts} failed (${describe(error)}); next in ${delayMs} ms.`);
      await sleep(delayMs);
    }
  }
}

/**
 * Waits for every configured server at once, each with at most `attempts` tries `delayMs` apart; fails naming each
 * that never answered. Servers started together (compose, systemd) come up in any order; this bounds the wait.
 */
export async function waitForDependencies(dependencies: readonly Dependency[], options: { attempts: number; delayMs: number }, log: WaitLog): Promise<void> {
  if (dependencies.length === 0) return;
  const failures = (await Promise.all(dependencies.map((dependency) => waitForOne(dependency, options.attempts, options.delayMs, log)))).filter(
    (failure): failure is string => failure !== null,
  );
  if (failures.length > 0) throw new DependencyUnavailableError(`Casewise could not start: ${failures.join('; ')}.`);
}
