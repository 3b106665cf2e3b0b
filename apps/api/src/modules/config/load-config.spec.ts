import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@test/utils/test-config';
import { ConfigError } from './config.error';
import { loadConfig } from './load-config';
import { APP_VERSION } from './version';

function dataDir(): string {
  return tempDir('casewise-config-');
}

describe(loadConfig.name, () => {
  it('defaults to the embedded deployment', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.http.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.redis.url).toBeNull();
    expect(config.storage.maxUploadMb).toBe(50);
    expect(config.app.role).toBe('all');
    expect(config.auth.jwtExpiresIn).toBe('12h');
    expect(config.jobs.lockSeconds).toBe(30);
    expect(config.startup).toEqual({ retries: 30, retryDelayMs: 2000 });
    expect(config.shutdown).toEqual({ timeoutSeconds: 25 });
    expect(config.metrics.token).toBeNull();
    expect(config.http.trustProxy).toBeNull();
    expect(config.auth.limits).toEqual({ requestsPerAddress: 300, addressWindowSeconds: 60, failuresPerClient: 5, failuresPerAccount: 20, codeMailsPerAddress: 5 });
  });

  it.each([
    ['loopback', 'loopback'],
    ['2', 2],
    ['10.0.0.0/8, loopback', '10.0.0.0/8,loopback'],
  ])('reads TRUST_PROXY %j', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).http.trustProxy).toEqual(expected);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['APP_ROLE', 'everything'],
    ['TRUST_PROXY', 'everyone'],
    ['AUTH_FAILURE_LIMIT', '0'],
    ['MAX_UPLOAD_MB', '0'],
    ['JOB_LOCK_SECONDS', '0'],
    ['JWT_EXPIRES_IN', 'forever'],
    ['JWT_SECRET', 'short'],
    ['JWT_SECRET_PREVIOUS', 'short'],
    ['FILES_KEY_PREVIOUS', 'dG9vIHNob3J0'],
    ['API_DOCS', 'signed-in'],
    ['HSTS_MAX_AGE', '-1'],
    ['RATE_LIMIT_QUESTIONS', '0'],
    ['RATE_LIMIT_WINDOW_SECONDS', 'a minute'],
    ['SEARCH_VECTOR_WEIGHT', '-1'],
    ['SEARCH_VECTOR_WEIGHT', 'heavy'],
    ['SEARCH_VECTOR_WEIGHT', '11'],
    ['STARTUP_RETRIES', '0'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '0'],
    ['METRICS_TOKEN', 'short'],
    ['STARTUP_RETRY_DELAY_MS', '2s'],
  ])('stops on an invalid %s and names it', (variable, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} must be`));
  });

  it('reads the previous keys of a rotation: from the environment, or the master key kept in secrets.json', () => {
    const previous = Buffer.alloc(32, 7).toString('base64');
    const fromEnv = loadConfig({ DATA_DIR: dataDir(), JWT_SECRET_PREVIOUS: 'p'.repeat(32), FILES_KEY_PREVIOUS: previous });
    expect(fromEnv.auth.jwtSecretPrevious?.reveal()).toBe('p'.repeat(32));
    expect(fromEnv.storage.filesKeyPrevious?.reveal().toString('base64')).toBe(previous);
    const none = loadConfig({ DATA_DIR: dataDir() });
    expect(none.auth.jwtSecretPrevious).toBeNull();
    expect(none.storage.filesKeyPrevious).toBeNull();

    const dir = dataDir();
    const stored = { jwtSecret: 's'.repeat(48), filesKey: Buffer.alloc(32, 1).toString('base64'), filesKeyPrevious: previous };
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(stored));
    const rotating = loadConfig({ DATA_DIR: dir });
    expect(rotating.storage.filesKey.reveal().equals(Buffer.alloc(32, 1))).toBe(true);
    expect(rotating.storage.filesKeyPrevious?.reveal().toString('base64')).toBe(previous);
    // An explicit FILES_KEY is not paired with a previous key from the file.
    expect(loadConfig({ DATA_DIR: dir, FILES_KEY: Buffer.alloc(32, 2).toString('base64') }).storage.filesKeyPrevious).toBeNull();
  });

  it('serves the API docs in development and hides them in production unless API_DOCS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).http.apiDocs).toBe('public');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).http.apiDocs).toBe('off');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', API_DOCS: 'public' }).http.apiDocs).toBe('public');
    expect(loadConfig({ DATA_DIR: dataDir(), API_DOCS: 'off' }).http.apiDocs).toBe('off');
  });

  it('sends HSTS only when the public address is https, unless HSTS_MAX_AGE is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).http.hstsMaxAgeSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://casewise.example' }).http.hstsMaxAgeSeconds).toBe(15_552_000);
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://casewise.example', HSTS_MAX_AGE: '0' }).http.hstsMaxAgeSeconds).toBe(0);
  });

  it('gives vectors no weight with the offline embedder and an equal one with Voyage, unless SEARCH_VECTOR_WEIGHT says', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).search.vectorWeight).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), VOYAGE_API_KEY: 'key' }).search.vectorWeight).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), VOYAGE_API_KEY: 'key', SEARCH_VECTOR_WEIGHT: '0.25' }).search.vectorWeight).toBe(0.25);
  });

  it('limits questions, uploads and reports per user and minute by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimits).toEqual({ windowSeconds: 60, questions: 30, uploads: 120, reports: 20 });
  });

  it('never prints the password of a bad database URL', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://user:hunter2@host/db' })).toThrow(/user:\*\*\*@host/);
  });

  it('switches to the servers when their URLs are set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.database.kind).toBe('postgres');
    expect(config.redis.url?.reveal()).toBe('redis://127.0.0.1:6379');
  });

  it('generates the JWT secret and files key once and keeps them in the data directory, private', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.auth.jwtSecret.reveal()).toBe(first.auth.jwtSecret.reveal());
    expect(second.storage.filesKey.reveal().equals(first.storage.filesKey.reveal())).toBe(true);
    expect(first.storage.filesKey.reveal()).toHaveLength(32);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('hides secrets when the configuration is serialised', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://app:s3cret@db:5432/casewise' });
    expect(JSON.stringify(config)).not.toContain('s3cret');
    expect(JSON.stringify(config)).not.toContain(config.auth.jwtSecret.reveal());
  });

  it('reports the version of the package', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../../../package.json'), 'utf8')) as { version: string };
    expect(APP_VERSION).toBe(pkg.version);
  });
});
