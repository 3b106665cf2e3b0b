import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { Env, loadConfig } from '@api/modules/config/load-config';

/** Servers named by `npm run test:services`; absent in `npm test`, which runs on the embedded defaults. */
export const services = {
  databaseUrl: process.env.DATABASE_URL,
  redisUrl: process.env.REDIS_URL,
};

export function tempDir(prefix = 'casewise-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/**
 * A configuration for one test app: a fresh data directory, and on the servers its own schema and
 * Redis prefix, so parallel runs never see each other's data.
 */
export function testConfig(overrides: Env = {}, options: { redis?: boolean } = {}): AppConfig {
  const env: Env = {
    DATA_DIR: tempDir(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    THROTTLE_LIMIT: '1000',
  };
  if (services.databaseUrl) {
    env.DATABASE_URL = services.databaseUrl;
    env.DATABASE_SCHEMA = uniqueName('t');
  }
  if (services.redisUrl && options.redis !== false) {
    env.REDIS_URL = services.redisUrl;
    env.REDIS_PREFIX = uniqueName('cwtest');
  }
  return loadConfig({ ...env, ...overrides });
}
