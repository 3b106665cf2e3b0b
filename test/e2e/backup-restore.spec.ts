import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { ArchiveEntry, readManifest } from '@api/ops/backup-archive';
import { api, fails, ok } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { opsEnv, populate, runOps, snapshot, Snapshot } from '../utils/ops';
import { dropSchema, startTestApp, TestApp } from '../utils/test-app';
import { tempDir, testConfig } from '../utils/test-config';

jest.setTimeout(120_000);

/**
 * npm run backup / restore, on the database the suite runs on (PGlite in npm test, PostgreSQL in
 * npm run test:services): everything comes back byte for byte, and a bad archive or target changes nothing.
 */
describe('backup and restore', () => {
  const keys = { FILES_KEY: randomBytes(32).toString('base64'), JWT_SECRET: randomBytes(32).toString('hex') };
  let source: TestApp;
  let sourceConfig: AppConfig;
  let owner: TestUser;
  let before: Snapshot;
  const work = tempDir('casewise-backup-');
  const archive = join(work, 'casewise.backup');

  beforeAll(async () => {
    sourceConfig = testConfig(keys, { redis: false });
    source = await startTestApp(sourceConfig);
    owner = await createUser(source, 'owner');
    await populate(source, owner);
    before = await snapshot(source, owner);
  });

  const targets: AppConfig[] = [];

  afterAll(async () => {
    await source.close();
    for (const target of targets) await dropSchema(target);
  });

  it('takes an archive with a manifest and checksums while the server runs and keeps serving', async () => {
    const env = opsEnv(sourceConfig, keys);
    // On PGlite the running server takes the snapshot when asked (DATA_DIR/.snapshots); on PostgreSQL the command does.
    let backingUp = true;
    let served = 0;
    const reading = (async () => {
      while (backingUp) {
        await ok(api(source, owner).GET('/api/projects/'));
        served++;
      }
    })();
    const run = await runOps(['backup', '--out', archive], env);
    backingUp = false;
    await reading;
    expect(served).toBeGreaterThan(0);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Backup written to .*: \d+ tables, \d+ rows, 3 files, \d+ bytes\.$/m);
    const again = await runOps(['backup', '--out', archive], env);
    expect(again.stderr).toMatch(/already exists; choose a new file name/);
    await source.close({ keepData: true });
  });

  /** A fresh deployment with the same keys: its own data directory and, on PostgreSQL, its own schema. */
  function emptyTarget(overrides: Record<string, string> = {}): AppConfig {
    const target = testConfig({ ...keys, ...overrides }, { redis: false });
    targets.push(target);
    return target;
  }

  async function untouched(config: AppConfig): Promise<void> {
    expect((await readdir(config.app.dataDir)).filter((name) => name !== 'secrets.json')).toEqual([]);
  }

  it('refuses a damaged archive (one byte flipped) and changes nothing', async () => {
    const damaged = join(work, 'damaged.backup');
    const bytes = await readFile(archive);
    const { entries } = await readManifest(archive);
    const file = entries.find((entry) => entry.name.startsWith('files/')) as ArchiveEntry;
    const database = entries.find((entry) => entry.name === 'database.json.gz') as ArchiveEntry;
    // A stored file's bytes, the database's, and the manifest at the end.
    for (const position of [file.offset + Math.floor(file.size / 2), database.offset + Math.floor(database.size / 2), bytes.length - 100]) {
      const copy = Buffer.from(bytes);
      copy[position] ^= 0x01;
      await writeFile(damaged, copy);
      const target = emptyTarget();
      const run = await runOps(['restore', damaged], opsEnv(target, keys));
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/is damaged/);
      await untouched(target);
    }
  });

  it('refuses a foreign archive: another deployment\'s key, or not a backup at all', async () => {
    const otherKey = randomBytes(32).toString('base64');
    const foreign = emptyTarget({ FILES_KEY: otherKey });
    const run = await runOps(['restore', archive], opsEnv(foreign, { ...keys, FILES_KEY: otherKey }));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/was taken from another deployment: its files are encrypted under a different master key/);
    await untouched(foreign);

    const keyless = { ...opsEnv(emptyTarget(), {}), DATA_DIR: tempDir() };
    const withoutKey = await runOps(['restore', archive], keyless);
    expect(withoutKey.stderr).toMatch(/can only be read with the master key of the deployment it was taken from: set FILES_KEY/);
    expect(await readdir(keyless.DATA_DIR)).toEqual([]);

    const notABackup = join(work, 'report.pdf');
    await writeFile(notABackup, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]));
    const target = emptyTarget();
    const other = await runOps(['restore', notABackup], opsEnv(target, keys));
    expect(other.stderr).toMatch(/is not a Casewise backup/);
    await untouched(target);
  });

  it('refuses a target that is not empty', async () => {
    const target = emptyTarget();
    await writeFile(join(target.app.dataDir, 'keep-me.txt'), 'mine');
    const run = await runOps(['restore', archive], opsEnv(target, keys));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not empty \(keep-me\.txt\): restore only into an empty data directory/);
    expect(await readFile(join(target.app.dataDir, 'keep-me.txt'), 'utf8')).toBe('mine');
  });

  it('restores into an empty data directory: every project, document, chat and report, byte for byte', async () => {
    const target = emptyTarget();
    const run = await runOps(['restore', archive], opsEnv(target, keys));
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Restored .* 3 files\.$/m);
    const again = await runOps(['restore', archive], opsEnv(target, keys));
    expect(again.code).toBe(2);
    const restored = await startTestApp(target);
    try {
      // The same JWT_SECRET: the session signed before the backup is still valid, as its row came back too.
      expect(await snapshot(restored, owner)).toEqual(before);
      expect(before.details.flatMap((detail) => Object.values(detail.contents))).toHaveLength(3);
      expect(before.details.some((detail) => JSON.stringify(detail.chat).includes('Who may terminate the agreement?'))).toBe(true);
      expect(before.details.some((detail) => JSON.stringify(detail.reports).includes('# Liability Analysis'))).toBe(true);
      // The document counts a question reads are not in the archive: the restore rebuilt them as the documents came
      // back, so the matter answers from its documents and the empty one is refused as empty.
      const named = (name: string): string => (before.projects as { id: string; name: string }[]).find((project) => project.name === name)?.id ?? '';
      const ask = (id: string) => api(restored, owner).POST('/api/projects/{id}/qa/', { params: { path: { id } }, body: { question: 'Who may terminate the agreement?' } });
      expect((await ok(ask(named('Backed-up matter')))).citations.length).toBeGreaterThan(0);
      expect((await fails(ask(named('Empty matter')), 400)).detail).toBe('You need to add documents first');
    } finally {
      await restored.close();
    }
  });

});
