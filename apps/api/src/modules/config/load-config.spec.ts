import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config.error';
import { loadConfig } from './load-config';
import { APP_VERSION } from './version';

function dataDir(): string {
  return mkdtempSync(join(tmpdir(), 'casewise-config-'));
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
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['APP_ROLE', 'everything'],
    ['MAX_UPLOAD_MB', '0'],
    ['JOB_LOCK_SECONDS', '0'],
    ['JWT_EXPIRES_IN', 'forever'],
    ['JWT_SECRET', 'short'],
  ])('stops on an invalid %s and names it', (variable, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} must be`));
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
