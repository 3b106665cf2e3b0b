import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryRunner } from 'typeorm';
import { ConfigService } from '@api/modules/config/config.service';
import { AppConfig } from '@api/modules/config/config.types';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { MIGRATIONS } from '@api/modules/database/migrations';
import { asBuffer, unwrapDataKey, wrapDataKey } from '@api/modules/keys/field-cipher';
import { StorageRepository } from '@api/modules/storage/storage.repository';

export class RotationError extends Error {}

export interface RotationResult {
  dataKeys: number;
  files: number;
  alreadyDone: number;
}

function rowsOf<T>(result: T[] | T[][]): T[] {
  return Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}

/**
 * For a deployment whose keys live in DATA_DIR/secrets.json (FILES_KEY not set): a new master key becomes
 * `filesKey` and the old one is kept as `filesKeyPrevious` until `rotateMasterKey` has rewrapped everything.
 * Run again after a crash, it keeps the rotation already under way instead of starting a second one.
 */
export function newStoredMasterKey(dataDir: string): 'started' | 'resumed' {
  const path = join(dataDir, 'secrets.json');
  if (!existsSync(path)) throw new RotationError(`${path} does not exist: this deployment's master key is not kept in DATA_DIR.`);
  const secrets = JSON.parse(readFileSync(path, 'utf8')) as { jwtSecret: string; filesKey: string; filesKeyPrevious?: string };
  if (secrets.filesKeyPrevious) return 'resumed';
  const next = { ...secrets, filesKey: randomBytes(32).toString('base64'), filesKeyPrevious: secrets.filesKey };
  const temporary = `${path}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(next, null, 2), { mode: 0o600 });
  // rename: the file holds the old keys or the new ones, never a half-written mix.
  renameSync(temporary, path);
  return 'started';
}

/** Forgets the previous master key kept in secrets.json once nothing is wrapped by it any more. */
export function forgetStoredPreviousKey(dataDir: string): void {
  const path = join(dataDir, 'secrets.json');
  if (!existsSync(path)) return;
  const secrets = JSON.parse(readFileSync(path, 'utf8')) as { jwtSecret: string; filesKey: string; filesKeyPrevious?: string };
  if (!secrets.filesKeyPrevious) return;
  const rest = { jwtSecret: secrets.jwtSecret, filesKey: secrets.filesKey };
  const temporary = `${path}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(rest, null, 2), { mode: 0o600 });
  renameSync(temporary, path);
}

async function rewrapDataKeys(runner: QueryRunner, from: Buffer, to: Buffer): Promise<{ done: number; already: number }> {
  const rows = rowsOf<{ id: string; wrapped_key: Buffer | Uint8Array }>(await runner.query(`SELECT id, wrapped_key FROM data_keys WHERE wrapped_key IS NOT NULL ORDER BY id`));
  let done = 0;
  let already = 0;
  for (const row of rows) {
    const wrapped = asBuffer(row.wrapped_key);
    if (unwrapDataKey(to, row.id, wrapped)) {
      already++;
      continue;
    }
    const key = unwrapDataKey(from, row.id, wrapped);
    if (!key) throw new RotationError(`Data key ${row.id} is wrapped by neither the new master key nor the previous one; nothing more was changed.`);
    // Only the row as it was read is replaced: a key destroyed meanwhile stays destroyed.
    await runner.query(`UPDATE data_keys SET wrapped_key = $2 WHERE id = $1 AND wrapped_key = $3`, [row.id, wrapDataKey(to, row.id, key), wrapped]);
    done++;
  }
  return { done, already };
}

/**
 * Rewraps every data key (the per-firm keys of stored text, in `data_keys`, and each stored file's key, in
 * its header) from the previous master key to the current one. The data itself is not re-encrypted. Each
 * key is rewritten on its own and atomically, and keys already under the new master key are skipped, so
 * after a crash running it again finishes the job; until then the servers read both (FILES_KEY_PREVIOUS).
 */
export async function rotateMasterKey(config: AppConfig, log: (line: string) => void): Promise<RotationResult> {
  const to = config.storage.filesKey.reveal();
  const from = config.storage.filesKeyPrevious?.reveal();
  if (!from) {
    throw new RotationError('No previous master key: set FILES_KEY to the new key and FILES_KEY_PREVIOUS to the old one (or run with --new-key when the key is kept in DATA_DIR/secrets.json).');
  }
  if (from.equals(to)) throw new RotationError('FILES_KEY and FILES_KEY_PREVIOUS are the same key: nothing to rotate.');
  const handle = await DatabaseHandle.open(config.database, [], MIGRATIONS);
  try {
    const runner = handle.dataSource.createQueryRunner();
    let keys: { done: number; already: number };
    let files = 0;
    let alreadyFiles = 0;
    try {
      await runner.connect();
      keys = await rewrapDataKeys(runner, from, to);
      log(`Rewrapped ${keys.done} text data key(s) (${keys.already} already under the new key)`);
      const storage = new StorageRepository(new ConfigService(config));
      const documents = rowsOf<{ id: string; storage_key: string; sha256: string }>(await runner.query(`SELECT id, storage_key, sha256 FROM documents ORDER BY id`));
      for (const document of documents) {
        if (!(await storage.exists(document.storage_key))) continue;
        try {
          if (await storage.rewrap({ id: document.id, storageKey: document.storage_key, sha256: document.sha256 }, from, to)) files++;
          else alreadyFiles++;
        } catch (error) {
          // A document deleted during the rotation took its file with it.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
      }
      log(`Rewrapped ${files} file key(s) (${alreadyFiles} already under the new key)`);
    } finally {
      await runner.release();
    }
    return { dataKeys: keys.done, files, alreadyDone: keys.already + alreadyFiles };
  } finally {
    await handle.close();
  }
}
