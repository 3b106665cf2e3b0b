import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { ConfigError } from './config.error';
import { ApiDocsAccess, AppConfig, AppRole, RunMode, Secret } from './config.types';
import { readStoredSecrets, StoredSecrets, writeStoredSecrets } from './stored-secrets';
import { APP_VERSION } from './version';

export type Env = Record<string, string | undefined>;

const ROLES: readonly AppRole[] = ['api', 'worker', 'all'];
const MODES: readonly RunMode[] = ['development', 'production', 'test'];
const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
const API_DOCS: readonly ApiDocsAccess[] = ['off', 'public'];
const HALF_A_YEAR_SECONDS = 15_552_000;

function text(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `a whole number from ${min} to ${max}`, raw);
  }
  return Number(raw);
}

function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+(?:\.\d+)?$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `a number from ${min} to ${max}`, raw);
  }
  return Number(raw);
}

/**
 * The vector ranking's weight when SEARCH_VECTOR_WEIGHT is not set, per embedder. The offline hashing embedder
 * lowered retrieval on the CUAD dev set at every weight tried (see the README), so it is off; Voyage's
 * voyage-law-2 is fused at equal weight (reciprocal rank fusion's usual choice; not measured on this machine,
 * which cannot reach Voyage).
 */
export const DEFAULT_VECTOR_WEIGHT = { offline: 0, voyage: 1 } as const;

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const found = allowed.find((value) => value === raw);
  if (!found) throw new ConfigError(name, `one of ${allowed.join(', ')}`, raw);
  return found;
}

function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `a URL starting with ${protocols.join(' or ')}`, redact(raw));
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `a URL starting with ${protocols.join(' or ')}`, redact(raw));
  }
  return raw;
}

/** Hides the password of a URL so a configuration error never prints a credential. */
function redact(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

function duration(env: Env, name: string, fallback: string): string {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+[smhd]$/.test(raw)) throw new ConfigError(name, 'a duration such as 45m, 12h or 7d', raw);
  return raw;
}

/** A hop count, or proxy addresses and ranges as Express names them (`loopback`, `10.0.0.0/8`, …). */
function trustProxy(env: Env): number | string | null {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null) return null;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 20);
  const parts = raw.split(',').map((part) => part.trim());
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  if (parts.some((part) => !named.includes(part) && !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part))) {
    throw new ConfigError('TRUST_PROXY', 'a hop count, or proxy addresses (loopback, an IP or a CIDR range) separated by commas', raw);
  }
  return parts.join(',');
}

/** JWT_SECRET and the files key are generated once per data directory and kept there (mode 0600). */
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const existing = readStoredSecrets(dataDir);
  if (existing) return existing;
  const secrets: StoredSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    filesKey: randomBytes(32).toString('base64'),
  };
  writeStoredSecrets(dataDir, secrets);
  return secrets;
}

function filesKey(env: Env, stored: () => StoredSecrets): Buffer {
  const raw = text(env, 'FILES_KEY');
  const key = Buffer.from(raw ?? stored().filesKey, 'base64');
  if (key.length !== 32) throw new ConfigError('FILES_KEY', 'a base64-encoded 32-byte key', raw ? '[hidden]' : '');
  return key;
}

/** The master key being rotated away from: FILES_KEY_PREVIOUS, or the one kept in secrets.json when FILES_KEY is not set. */
function filesKeyPrevious(env: Env, stored: () => StoredSecrets): Buffer | null {
  const raw = text(env, 'FILES_KEY_PREVIOUS') ?? (text(env, 'FILES_KEY') === null ? (stored().filesKeyPrevious ?? null) : null);
  if (raw === null) return null;
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError('FILES_KEY_PREVIOUS', 'a base64-encoded 32-byte key', '[hidden]');
  return key;
}

/** Reads and validates the configuration; the only place the app looks at environment variables. */
export function loadConfig(env: Env, cwd: string = process.cwd()): AppConfig {
  const dataDirRaw = text(env, 'DATA_DIR') ?? './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  let secrets: StoredSecrets | null = null;
  const stored = (): StoredSecrets => (secrets ??= loadOrCreateSecrets(dataDir));

  const port = integer(env, 'PORT', 3000, 1, 65535);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const schema = text(env, 'DATABASE_SCHEMA');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('DATABASE_SCHEMA', 'a lower-case SQL identifier', schema);
  }
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const redisPrefix = text(env, 'REDIS_PREFIX') ?? 'casewise';
  if (!/^[A-Za-z0-9_:-]+$/.test(redisPrefix)) {
    throw new ConfigError('REDIS_PREFIX', 'letters, digits, _, : or -', redisPrefix);
  }
  const jwtSecretRaw = text(env, 'JWT_SECRET');
  if (jwtSecretRaw !== null && jwtSecretRaw.length < 32) {
    throw new ConfigError('JWT_SECRET', 'at least 32 characters long', '[hidden]');
  }
  const jwtSecretPrevious = text(env, 'JWT_SECRET_PREVIOUS');
  if (jwtSecretPrevious !== null && jwtSecretPrevious.length < 32) {
    throw new ConfigError('JWT_SECRET_PREVIOUS', 'at least 32 characters long', '[hidden]');
  }
  const webDir = text(env, 'WEB_DIR');
  const consoleDir = text(env, 'CONSOLE_DIR');
  const mode = oneOf(env, 'NODE_ENV', MODES, 'development');
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;

  return {
    app: {
      role: oneOf(env, 'APP_ROLE', ROLES, 'all'),
      mode,
      dataDir,
      version: APP_VERSION,
      logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    },
    http: {
      port,
      host: text(env, 'HOST') ?? '0.0.0.0',
      publicUrl,
      webDir: webDir === null ? null : resolve(cwd, webDir),
      consoleDir: consoleDir === null ? null : resolve(cwd, consoleDir),
      trustProxy: trustProxy(env),
      apiDocs: oneOf(env, 'API_DOCS', API_DOCS, mode === 'production' ? 'off' : 'public'),
      hstsMaxAgeSeconds: integer(env, 'HSTS_MAX_AGE', publicUrl.startsWith('https:') ? HALF_A_YEAR_SECONDS : 0, 0, 63_072_000),
    },
    database: {
      kind: databaseUrl ? 'postgres' : 'pglite',
      url: databaseUrl ? new Secret(databaseUrl) : null,
      pgliteDir: join(dataDir, 'db'),
      schema,
    },
    redis: { url: redisUrl ? new Secret(redisUrl) : null, prefix: redisPrefix },
    jobs: { lockSeconds: integer(env, 'JOB_LOCK_SECONDS', 30, 1, 3600) },
    metrics: (() => {
      const token = text(env, 'METRICS_TOKEN');
      if (token !== null && token.length < 16) throw new ConfigError('METRICS_TOKEN', 'at least 16 characters long', '[hidden]');
      return { token: token === null ? null : new Secret(token) };
    })(),
    shutdown: { timeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 25, 1, 3600) },
    startup: { retries: integer(env, 'STARTUP_RETRIES', 30, 1, 10_000), retryDelayMs: integer(env, 'STARTUP_RETRY_DELAY_MS', 2000, 10, 600_000) },
    search: {
      cacheMb: integer(env, 'SEARCH_CACHE_MB', 256, 8, 65_536),
      vectorWeight: decimal(env, 'SEARCH_VECTOR_WEIGHT', text(env, 'VOYAGE_API_KEY') === null ? DEFAULT_VECTOR_WEIGHT.offline : DEFAULT_VECTOR_WEIGHT.voyage, 0, 10),
    },
    workers: { threads: integer(env, 'WORKER_THREADS', Math.min(4, Math.max(1, availableParallelism() - 1)), 0, 64) },
    qdrant: {
      url: url(env, 'QDRANT_URL', ['http:', 'https:']),
      apiKey: text(env, 'QDRANT_API_KEY') ? new Secret(text(env, 'QDRANT_API_KEY') as string) : null,
      collection: text(env, 'QDRANT_COLLECTION') ?? 'casewise_chunks',
    },
    anthropic: {
      apiKey: text(env, 'ANTHROPIC_API_KEY') ? new Secret(text(env, 'ANTHROPIC_API_KEY') as string) : null,
      model: text(env, 'ANTHROPIC_MODEL') ?? 'claude-sonnet-4-5',
      baseUrl: url(env, 'ANTHROPIC_BASE_URL', ['http:', 'https:']),
    },
    voyage: {
      apiKey: text(env, 'VOYAGE_API_KEY') ? new Secret(text(env, 'VOYAGE_API_KEY') as string) : null,
      model: text(env, 'VOYAGE_MODEL') ?? 'voyage-law-2',
      baseUrl: url(env, 'VOYAGE_BASE_URL', ['http:', 'https:']) ?? 'https://api.voyageai.com/v1',
    },
    mail: {
      smtpUrl: (() => {
        const smtp = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
        return smtp ? new Secret(smtp) : null;
      })(),
      from: text(env, 'MAIL_FROM') ?? 'Casewise <no-reply@casewise.local>',
      outboxDir: join(dataDir, 'outbox'),
    },
    storage: {
      filesDir: join(dataDir, 'files'),
      maxUploadMb: integer(env, 'MAX_UPLOAD_MB', 50, 1, 2048),
      filesKey: new Secret(filesKey(env, stored)),
      filesKeyInDataDir: text(env, 'FILES_KEY') === null,
      filesKeyPrevious: (() => {
        const previous = filesKeyPrevious(env, stored);
        return previous ? new Secret(previous) : null;
      })(),
    },
    pdf: { chromiumPath: text(env, 'CHROMIUM_PATH') },
    rateLimits: {
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400),
      questions: integer(env, 'RATE_LIMIT_QUESTIONS', 30, 1, 1_000_000),
      uploads: integer(env, 'RATE_LIMIT_UPLOADS', 120, 1, 1_000_000),
      reports: integer(env, 'RATE_LIMIT_REPORTS', 20, 1, 1_000_000),
    },
    auth: {
      jwtSecret: new Secret(jwtSecretRaw ?? stored().jwtSecret),
      jwtSecretPrevious: jwtSecretPrevious ? new Secret(jwtSecretPrevious) : null,
      jwtExpiresIn: duration(env, 'JWT_EXPIRES_IN', '12h'),
      limits: {
        requestsPerAddress: integer(env, 'THROTTLE_LIMIT', 300, 1, 1000000),
        addressWindowSeconds: integer(env, 'THROTTLE_TTL_SECONDS', 60, 1, 86400),
        failuresPerClient: integer(env, 'AUTH_FAILURE_LIMIT', 5, 1, 1000),
        failuresPerAccount: integer(env, 'AUTH_ACCOUNT_FAILURE_LIMIT', 20, 1, 100000),
        codeMailsPerAddress: integer(env, 'AUTH_CODE_MAIL_LIMIT', 5, 1, 1000),
      },
    },
  };
}
