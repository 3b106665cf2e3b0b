import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { api, ok, uploadFile } from '../utils/api';
import { createUser, factory, TestUser } from '../utils/factory';
import { latestCode } from '../utils/outbox';
import { waitForDocuments } from '../utils/documents';
import { opsEnv, populate, runOps, snapshot, Snapshot } from '../utils/ops';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');

/** Every stored file's bytes, by name. */
async function storedFiles(filesDir: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const shard of await readdir(filesDir)) {
    if (shard.startsWith('.')) continue;
    for (const name of await readdir(join(filesDir, shard))) found.set(name, await readFile(join(filesDir, shard, name)));
  }
  return found;
}

/** Starts `rotate-keys` and kills it (SIGKILL) as soon as it has rewrapped the text data keys, before the files. */
function rotateAndCrash(env: Record<string, string>, args: string[] = []): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'apps/api/src/ops/ops.ts'), 'rotate-keys', ...args], { cwd: ROOT, env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/Rewrapped \d+ text data key/.test(out)) child.kill('SIGKILL');
    });
    child.once('exit', () => resolve(out));
  });
}

/**
 * npm run rotate-keys: a new master key rewraps every data key without re-encrypting anything, a crash half-way
 * leaves everything readable and a second run finishes; JWT_SECRET_PREVIOUS keeps sessions of the old secret
 * valid until they expire.
 */
describe('key rotation', () => {
  const oldKey = randomBytes(32).toString('base64');
  const newKey = randomBytes(32).toString('base64');
  const oldSecret = randomBytes(32).toString('hex');
  const newSecret = randomBytes(32).toString('hex');
  const LIFETIME_SECONDS = 30;
  let config: AppConfig;
  let ctx: TestApp;
  let owner: TestUser;
  let before: Snapshot;
  let filesBefore: Map<string, Buffer>;
  /** The keys the running server has: what the next test rotates from. */
  let current = { FILES_KEY: oldKey, JWT_SECRET: oldSecret };

  /** The same deployment (data directory and schema) under other keys. */
  function restart(env: Record<string, string>): Promise<TestApp> {
    return startTestApp(testConfig({ DATA_DIR: config.app.dataDir, DATABASE_SCHEMA: config.database.schema ?? '', JWT_EXPIRES_IN: `${LIFETIME_SECONDS}s`, ...env }, { redis: false }));
  }

  beforeAll(async () => {
    config = testConfig({ FILES_KEY: oldKey, JWT_SECRET: oldSecret, JWT_EXPIRES_IN: `${LIFETIME_SECONDS}s` }, { redis: false });
    ctx = await startTestApp(config);
    owner = await createUser(ctx, 'owner');
    await populate(ctx, owner);
    before = await snapshot(ctx, owner);
    filesBefore = await storedFiles(config.storage.filesDir);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('rewraps every data key to the new master key, survives a crash half-way, and re-encrypts nothing', async () => {
    const oldToken = (await ok(api(ctx).POST('/api/login/', { body: { email: owner.email, password: owner.password } }))).token;
    const signedAt = Date.now();
    // Servers move to the new key first, keeping the old one to read what is not rewrapped yet (PGlite: stopped).
    await ctx.close({ keepData: true });
    const both = { FILES_KEY: newKey, FILES_KEY_PREVIOUS: oldKey, JWT_SECRET: newSecret, JWT_SECRET_PREVIOUS: oldSecret };
    const env = opsEnv(config, both);
    const online = config.database.kind === 'postgres';
    if (online) ctx = await restart(both);

    const crashed = await rotateAndCrash(env);
    expect(crashed).toMatch(/Rewrapped \d+ text data key\(s\)/);
    expect(crashed).not.toMatch(/file key/);
    if (!online) ctx = await restart(both);
    // Half-rotated: text keys under the new master key, file keys under the old one; all of it reads.
    expect(await snapshot(ctx, { ...owner, token: oldToken })).toEqual(before);
    if (!online) await ctx.close({ keepData: true });

    const run = await runOps(['rotate-keys'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Rewrapped 0 text data key\(s\) \([1-9]\d* already under the new key\)/);
    expect(run.stdout).toMatch(/Rewrapped 3 file key\(s\) \(0 already under the new key\)/);
    const again = await runOps(['rotate-keys'], env);
    expect(again.stdout).toMatch(/Rotation complete: 0 data key\(s\) and 0 file key\(s\) rewrapped/);

    // The same ciphertext, a new wrapped key in each header (magic 4 bytes, wrapped key 60).
    const filesAfter = await storedFiles(config.storage.filesDir);
    expect([...filesAfter.keys()].sort()).toEqual([...filesBefore.keys()].sort());
    for (const [name, bytes] of filesAfter) {
      const earlier = filesBefore.get(name) as Buffer;
      expect(bytes.subarray(64).equals(earlier.subarray(64))).toBe(true);
      expect(bytes.subarray(4, 64).equals(earlier.subarray(4, 64))).toBe(false);
    }

    // The old master key is gone from the configuration: everything still reads under the new one alone.
    if (online) await ctx.close({ keepData: true });
    ctx = await restart({ FILES_KEY: newKey, JWT_SECRET: newSecret, JWT_SECRET_PREVIOUS: oldSecret });
    current = { FILES_KEY: newKey, JWT_SECRET: newSecret };
    const fresh = (await ok(api(ctx).POST('/api/login/', { body: { email: owner.email, password: owner.password } }))).token;
    expect(await snapshot(ctx, { ...owner, token: fresh })).toEqual(before);

    // Sessions signed with the previous JWT secret hold until they expire (checked above), and not after.
    expect(JSON.parse(Buffer.from(fresh.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const wait = signedAt + LIFETIME_SECONDS * 1000 + 1500 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await ctx.http.get('/api/projects/').set('Authorization', `Bearer ${oldToken}`).expect(401);
    await ctx.http.get('/api/projects/').set('Authorization', `Bearer ${fresh}`).expect(200);
  });

  it('accepts a token of the previous JWT secret only while JWT_SECRET_PREVIOUS names it, and signs new ones with the new secret', async () => {
    const token = (await ok(api(ctx).POST('/api/login/', { body: { email: owner.email, password: owner.password } }))).token;
    const newcomer = { email: factory.email('newcomer'), password: factory.password() };
    await ok(api(ctx).POST('/api/signup/', { body: newcomer }));
    const otp = await latestCode(ctx.config, newcomer.email);
    await ctx.close({ keepData: true });
    // Rotate again: the secret that signed the token above becomes the previous one.
    const third = randomBytes(32).toString('hex');
    ctx = await restart({ FILES_KEY: current.FILES_KEY, JWT_SECRET: third, JWT_SECRET_PREVIOUS: current.JWT_SECRET });
    await ctx.http.get('/api/projects/').set('Authorization', `Bearer ${token}`).expect(200);
    // A code mailed before the change still verifies (it was hashed with the previous secret).
    await ok(api(ctx).POST('/api/verify-otp/', { body: { email: newcomer.email, otp } }));
    const signedNow = (await ok(api(ctx).POST('/api/login/', { body: { email: owner.email, password: owner.password } }))).token;
    await ctx.close({ keepData: true });
    ctx = await restart({ FILES_KEY: current.FILES_KEY, JWT_SECRET: third });
    await ctx.http.get('/api/projects/').set('Authorization', `Bearer ${token}`).expect(401);
    await ctx.http.get('/api/projects/').set('Authorization', `Bearer ${signedNow}`).expect(200);
  });

  it('refuses to rotate without a previous key, and names a configuration that is wrong', async () => {
    const none = await runOps(['rotate-keys'], opsEnv(config, { FILES_KEY: newKey }));
    expect(none.stderr).toMatch(/No previous master key: set FILES_KEY to the new key and FILES_KEY_PREVIOUS to the old one/);
    expect(none.code).toBe(2);
  });

  it('rotates a master key kept in DATA_DIR/secrets.json (--new-key), resuming after a crash', async () => {
    const stored = testConfig({}, { redis: false });
    const secretsPath = join(stored.app.dataDir, 'secrets.json');
    let app = await startTestApp(stored);
    const user = await createUser(app, 'solo');
    await populate(app, user);
    const earlier = await snapshot(app, user);
    await app.close({ keepData: true });
    const first = JSON.parse(await readFile(secretsPath, 'utf8')) as { jwtSecret: string; filesKey: string; filesKeyPrevious?: string };

    const env = opsEnv(stored);
    const crashed = await rotateAndCrash(env, ['--new-key']);
    expect(crashed).toMatch(/A new master key is in secrets.json/);
    const during = JSON.parse(await readFile(secretsPath, 'utf8')) as typeof first;
    expect(during.filesKeyPrevious).toBe(first.filesKey);
    expect(during.filesKey).not.toBe(first.filesKey);

    const run = await runOps(['rotate-keys', '--new-key'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Resuming the rotation under way/);
    expect(run.stdout).toMatch(/Rotation complete/);
    const after = JSON.parse(await readFile(secretsPath, 'utf8')) as typeof first;
    expect(after).toEqual({ jwtSecret: first.jwtSecret, filesKey: during.filesKey });

    app = await startTestApp(testConfig({ DATA_DIR: stored.app.dataDir, DATABASE_SCHEMA: stored.database.schema ?? '' }, { redis: false }));
    try {
      expect(await snapshot(app, user)).toEqual(earlier);
    } finally {
      await app.close();
    }
  });

  it('rotates a key kept in secrets.json while the server runs and keeps serving, uploads during the rotation included', async () => {
    const stored = testConfig({}, { redis: false });
    const secretsPath = join(stored.app.dataDir, 'secrets.json');
    const app = await startTestApp(stored);
    try {
      const user = await createUser(app, 'live');
      await populate(app, user);
      const projectId = (await ok(api(app, user).GET('/api/projects/'))).projects.find((project) => project.name === 'Backed-up matter')?.id as string;
      const first = JSON.parse(await readFile(secretsPath, 'utf8')) as { jwtSecret: string; filesKey: string; filesKeyPrevious?: string };
      const filesBefore = await storedFiles(stored.storage.filesDir);

      // The rotation runs beside the server, which keeps taking uploads all the while.
      let rotating = true;
      const uploaded: string[] = [];
      const uploads = (async () => {
        while (rotating) {
          const name = `during-${uploaded.length + 1}.txt`;
          await ok(uploadFile(app, user, projectId, name, `Side letter ${name}. The Supplier shall keep the records for ${uploaded.length + 2} years.`), 201);
          uploaded.push(name);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const run = await runOps(['rotate-keys', '--new-key'], opsEnv(stored)).finally(() => (rotating = false));
      await uploads;
      expect(uploaded.length).toBeGreaterThan(3);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/A running server holds the database|Rotation complete/);
      expect(run.stdout).toMatch(/Rotation complete: \d+ data key\(s\) and \d+ file key\(s\) rewrapped/);
      const after = JSON.parse(await readFile(secretsPath, 'utf8')) as typeof first;
      expect(after.filesKeyPrevious).toBeUndefined();
      expect(after.filesKey).not.toBe(first.filesKey);
      expect(after.jwtSecret).toBe(first.jwtSecret);

      // The files that were there keep their ciphertext under a new wrapped key.
      const filesAfter = await storedFiles(stored.storage.filesDir);
      for (const [name, bytes] of filesBefore) {
        const now = filesAfter.get(name) as Buffer;
        expect(now.subarray(64).equals(bytes.subarray(64))).toBe(true);
        expect(now.subarray(4, 64).equals(bytes.subarray(4, 64))).toBe(false);
      }
      await waitForDocuments(app, user.token, projectId);
      const live = await snapshot(app, user);
      // One more upload after the rotation, under the new key only.
      await ok(uploadFile(app, user, projectId, 'after.txt', 'Notice of renewal. The term renews for one year.'), 201);
      await waitForDocuments(app, user.token, projectId);
      const withLater = await snapshot(app, user);
      await app.close({ keepData: true });

      // Restarted on the new key alone (the previous one is gone from secrets.json): everything reads the same.
      const again = await startTestApp(testConfig({ DATA_DIR: stored.app.dataDir, DATABASE_SCHEMA: stored.database.schema ?? '' }, { redis: false }));
      try {
        expect(await snapshot(again, user)).toEqual(withLater);
        const documentsOf = (taken: Snapshot) => taken.details.reduce((sum, detail) => sum + detail.documents.length, 0);
        expect(documentsOf(withLater)).toBe(documentsOf(live) + 1);
      } finally {
        await again.close();
      }
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
  });
});
