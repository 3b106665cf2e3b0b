import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { Env, loadConfig } from '@api/modules/config/load-config';
import { announceSkip, type Requirement } from './requirements';

/** Servers named by `npm run test:services`; absent in `npm test`, which runs on the embedded defaults. */
export const services = {
  databaseUrl: process.env.DATABASE_URL,
  redisUrl: process.env.REDIS_URL,
};

/**
 * The servers as requirements of the suites that need them. `npm run test:services` names both (and checks that they
 * answer before any test starts), so in `npm test` these suites are skipped with their reason, on CI too: CI runs
 * them in its test:services step.
 */
export const serverRequirements = {
  postgres: {
    what: 'PostgreSQL (DATABASE_URL)',
    missing: services.databaseUrl ? null : 'DATABASE_URL is not set; this suite runs in npm run test:services',
    providedByCi: false,
  },
  redis: {
    what: 'Redis (REDIS_URL)',
    missing: services.redisUrl ? null : 'REDIS_URL is not set; this suite runs in npm run test:services',
    providedByCi: false,
  },
} satisfies Record<string, Requirement>;

/** The job transports a suite can run over here: inline always, Redis when REDIS_URL names it (else it says so). */
export function jobTransports(suite: string): ('inline' | 'redis')[] {
  if (services.redisUrl) return ['inline', 'redis'];
  announceSkip(`${suite} over the redis transport`, serverRequirements.redis.missing as string);
  return ['inline'];
}

/**
 * A new folder for a test's data: inside the run's folder in the tiers that start apps (test/utils/global-setup.js),
 * which is removed when the run ends, else in the system's temporary folder.
 */
export function tempDir(prefix = 'casewise-test-'): string {
  return mkdtempSync(join(process.env.CASEWISE_TEST_TMP ?? tmpdir(), prefix));
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
    // Suites that are not about the per-user limits must never meet them; theirs set small ones.
    RATE_LIMIT_QUESTIONS: '100000',
    RATE_LIMIT_UPLOADS: '100000',
    RATE_LIMIT_REPORTS: '100000',
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
