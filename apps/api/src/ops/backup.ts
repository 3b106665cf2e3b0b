import { createHmac } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { MIGRATIONS } from '@api/modules/database/migrations';
import { DatabaseInUseError } from '@api/modules/database/embedded-database';
import { askServer } from '@api/modules/operations/server-requests';
import { ARCHIVE_FORMAT, ArchiveError, ArchiveManifest, ArchiveWriter, extractEntry, readEntry, readManifest, verifyEntries } from './backup-archive';
import { DatabaseDump, DatabaseSnapshot, nonEmptyTables, restoreDatabase, snapshotDatabase } from '@api/modules/database/database-dump';

const DATABASE_ENTRY = 'database.json.gz';
const FILE_ENTRY = /^files\/([0-9a-f]{2})\/([0-9a-f-]{36})\.bin$/;
const ATTEMPTS = 3;

/** Tells a deployment's archives apart without revealing its master key. */
export function keyCheck(config: AppConfig): string {
  return createHmac('sha256', config.storage.filesKey.reveal()).update('casewise backup key check').digest('hex');
}

function storageKeys(dump: DatabaseDump): string[] {
  const documents = dump.tables.find((table) => table.name === 'documents');
  return (documents?.rows ?? []).map((row) => (JSON.parse(row) as { storage_key: string }).storage_key);
}

export interface BackupResult {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

/**
 * Writes an archive of the database (one snapshot) and the stored files its documents name. A document
 * deleted while its file is being copied makes the attempt start again from a new snapshot.
 */
export async function backup(config: AppConfig, out: string): Promise<BackupResult> {
  if (existsSync(out)) throw new ArchiveError(`${out} already exists; choose a new file name.`);
  await mkdir(dirname(out), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    const { dump, migrations } = await takeSnapshot(config);
    const partial = `${out}.partial-${process.pid}`;
    const writer = new ArchiveWriter(partial);
    try {
      await writer.addBuffer(DATABASE_ENTRY, gzipSync(JSON.stringify(dump)));
      const keys = storageKeys(dump);
      for (const key of keys) await writer.addFile(`files/${key.slice(0, 2)}/${key}.bin`, join(config.storage.filesDir, key.slice(0, 2), `${key}.bin`));
      await writer.finish({
        format: ARCHIVE_FORMAT,
        app: 'casewise',
        version: config.app.version,
        createdAt: new Date().toISOString(),
        database: config.database.kind,
        migrations,
        keyCheck: keyCheck(config),
        tables: dump.tables.map((table) => ({ name: table.name, rows: table.rows.length })),
      });
      await rename(partial, out);
      const bytes = (await stat(out)).size;
      return { tables: dump.tables.length, rows: dump.tables.reduce((sum, table) => sum + table.rows.length, 0), files: keys.length, bytes };
    } catch (error) {
      await writer.abort().catch(() => undefined);
      await rm(partial, { force: true });
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** A snapshot of the database: taken here, or, when a running server holds the embedded database, by that server. */
async function takeSnapshot(config: AppConfig): Promise<DatabaseSnapshot> {
  let handle: DatabaseHandle;
  try {
    handle = await DatabaseHandle.open(config.database, [], MIGRATIONS);
  } catch (error) {
    if (error instanceof DatabaseInUseError) return requestSnapshot(config.app.dataDir);
    throw error;
  }
  try {
    return await snapshotDatabase(handle.dataSource);
  } finally {
    await handle.close();
  }
}

const SNAPSHOT_WAIT_MS = 60_000;

/** Asks the server that holds the embedded database for a snapshot (see OperationsResponder) and waits for it. */
async function requestSnapshot(dataDir: string): Promise<DatabaseSnapshot> {
  const answer = await askServer(dataDir, 'snapshot', {
    claimMs: SNAPSHOT_WAIT_MS,
    workMs: SNAPSHOT_WAIT_MS,
    failure: (reason) =>
      new ArchiveError(
        reason === null
          ? `The server that holds the embedded database did not answer the backup request within ${SNAPSHOT_WAIT_MS / 1000} s (a version without online backup?): stop it and run the backup again.`
          : `The server could not take a snapshot: ${reason}`,
      ),
  });
  return JSON.parse(gunzipSync(answer).toString('utf8')) as DatabaseSnapshot;
}

/** What a data directory may hold before a restore: nothing, or only the deployment's keys. */
async function strayEntries(dataDir: string): Promise<string[]> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  return names.filter((name) => name !== 'secrets.json');
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restores an archive into an empty deployment: DATA_DIR empty (it may hold secrets.json) and, on
 * PostgreSQL, a schema with no rows. The whole archive is checked first; a damaged or foreign archive,
 * or a target in use, changes nothing.
 */
export async function restore(config: AppConfig, archive: string): Promise<RestoreResult> {
  const manifest: ArchiveManifest = await readManifest(archive);
  await verifyEntries(archive, manifest);
  if (manifest.keyCheck !== keyCheck(config)) {
    throw new ArchiveError(
      `${archive} was taken from another deployment: its files are encrypted under a different master key. Set FILES_KEY (or DATA_DIR/secrets.json) to that deployment's key before restoring.`,
    );
  }
  const expected = MIGRATIONS.map((migration) => migration.name);
  if (manifest.migrations.join() !== expected.join()) {
    throw new ArchiveError(`${archive} was taken by Casewise ${manifest.version} with a different database schema; restore it with that version, then upgrade.`);
  }
  const databaseEntry = manifest.entries.find((entry) => entry.name === DATABASE_ENTRY);
  if (!databaseEntry) throw new ArchiveError(`${archive} is damaged: it holds no database.`);
  const files = manifest.entries.filter((entry) => entry.name !== DATABASE_ENTRY);
  for (const entry of files) if (!FILE_ENTRY.test(entry.name)) throw new ArchiveError(`${archive} is damaged: unexpected entry ${entry.name}.`);
  let dump: DatabaseDump;
  try {
    dump = JSON.parse(gunzipSync(await readEntry(archive, databaseEntry)).toString('utf8')) as DatabaseDump;
  } catch {
    throw new ArchiveError(`${archive} is damaged: its database could not be read.`);
  }

  const stray = await strayEntries(config.app.dataDir);
  if (stray.length > 0) {
    throw new ArchiveError(`${config.app.dataDir} is not empty (${stray.slice(0, 5).join(', ')}): restore only into an empty data directory.`);
  }
  const handle = await DatabaseHandle.open(config.database, [], MIGRATIONS);
  const staging = join(config.app.dataDir, '.restoring');
  try {
    const runner = handle.dataSource.createQueryRunner();
    try {
      await runner.connect();
      const used = await nonEmptyTables(runner);
      if (used.length > 0) throw new ArchiveError(`The database is not empty (${used.slice(0, 5).join(', ')} hold rows): restore only into an empty database.`);
      await rm(staging, { recursive: true, force: true });
      for (const entry of files) {
        const [, shard, key] = FILE_ENTRY.exec(entry.name) as RegExpExecArray;
        await mkdir(join(staging, shard), { recursive: true, mode: 0o700 });
        await extractEntry(archive, entry, join(staging, shard, `${key}.bin`));
      }
      await restoreDatabase(runner, dump);
    } finally {
      await runner.release();
    }
    await mkdir(dirname(config.storage.filesDir), { recursive: true, mode: 0o700 });
    await rm(config.storage.filesDir, { recursive: true, force: true });
    if (files.length > 0) await rename(staging, config.storage.filesDir);
    return { tables: dump.tables.length, rows: dump.tables.reduce((sum, table) => sum + table.rows.length, 0), files: files.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await handle.close();
  }
}
