import { randomBytes } from 'node:crypto';
import { readStoredSecrets, StoredSecrets, storedMasterKeysOf, storedSecretsPath, writeStoredSecrets } from '@api/modules/config/stored-secrets';
import { asBuffer, unwrapDataKey, wrapDataKey } from '@api/modules/keys/field-cipher';
import type { DataKeyRepository } from '@api/modules/keys/data-key.repository';
import type { StorageRepository, StoredFileRef } from '@api/modules/storage/storage.repository';

export class RotationError extends Error {}

export interface RotationResult {
  dataKeys: number;
  files: number;
  alreadyDone: number;
}

/** What a rotation rewraps: the text data keys, and the key in each stored file's header. */
export interface RotationTargets {
  dataKeys: Pick<DataKeyRepository, 'wrappedKeys' | 'replaceWrapped'>;
  storedFiles: () => Promise<StoredFileRef[]>;
  storage: Pick<StorageRepository, 'exists' | 'rewrap'>;
}

/**
 * Rewraps every data key (the per-firm keys of stored text and each stored file's key) from the previous
 * master key to the current one; the data itself is not re-encrypted. Each key is rewritten on its own and
 * atomically, and keys already under the new master key are skipped, so after a crash running it again
 * finishes the job; until then readers try both keys.
 */
export async function rewrapAll(targets: RotationTargets, from: Buffer, to: Buffer, log: (line: string) => void): Promise<RotationResult> {
  let dataKeys = 0;
  let alreadyKeys = 0;
  for (const row of await targets.dataKeys.wrappedKeys()) {
    const wrapped = asBuffer(row.wrappedKey);
    if (unwrapDataKey(to, row.id, wrapped)) {
      alreadyKeys++;
      continue;
    }
    const key = unwrapDataKey(from, row.id, wrapped);
    if (!key) throw new RotationError(`Data key ${row.id} is wrapped by neither the new master key nor the previous one; nothing more was changed.`);
    await targets.dataKeys.replaceWrapped(row.id, wrapped, wrapDataKey(to, row.id, key));
    dataKeys++;
  }
  log(`Rewrapped ${dataKeys} text data key(s) (${alreadyKeys} already under the new key)`);
  let files = 0;
  let alreadyFiles = 0;
  for (const file of await targets.storedFiles()) {
    if (!(await targets.storage.exists(file.storageKey))) continue;
    try {
      if (await targets.storage.rewrap(file, from, to)) files++;
      else alreadyFiles++;
    } catch (error) {
      // A document deleted during the rotation took its file with it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
  }
  log(`Rewrapped ${files} file key(s) (${alreadyFiles} already under the new key)`);
  return { dataKeys, files, alreadyDone: alreadyKeys + alreadyFiles };
}

/** Passes over every key until one finds nothing left under the previous master key. */
const MAX_PASSES = 3;

/**
 * rewrapAll, again until a pass finds nothing to do: while servers run, one that wrapped a key with the old
 * master key just before it followed the new one leaves work for the next pass. Only the first pass's lines
 * are logged, and a later pass's when it found something.
 */
export async function rewrapUntilDone(targets: RotationTargets, from: Buffer, to: Buffer, log: (line: string) => void): Promise<RotationResult> {
  const total = await rewrapAll(targets, from, to, log);
  for (let pass = 2; pass <= MAX_PASSES; pass++) {
    const result = await rewrapAll(targets, from, to, () => undefined);
    if (result.dataKeys + result.files === 0) break;
    total.dataKeys += result.dataKeys;
    total.files += result.files;
    log(`Pass ${pass} rewrapped ${result.dataKeys} data key(s) and ${result.files} file key(s) wrapped during the switch`);
  }
  return total;
}

function readSecrets(dataDir: string): StoredSecrets {
  const secrets = readStoredSecrets(dataDir);
  if (!secrets) throw new RotationError(`${storedSecretsPath(dataDir)} does not exist: this deployment's master key is not kept in DATA_DIR.`);
  return secrets;
}

/** The master keys kept in DATA_DIR/secrets.json: the current one, and the one being rotated away from. */
export function storedMasterKeys(dataDir: string): { current: Buffer; previous: Buffer | null } {
  return storedMasterKeysOf(readSecrets(dataDir));
}

/**
 * For a deployment whose keys live in DATA_DIR/secrets.json (FILES_KEY not set): a new master key becomes
 * `filesKey` and the old one is kept as `filesKeyPrevious` until everything is rewrapped. Run again after a
 * crash, it keeps the rotation already under way instead of starting a second one.
 */
export function newStoredMasterKey(dataDir: string): 'started' | 'resumed' {
  const secrets = readSecrets(dataDir);
  if (secrets.filesKeyPrevious) return 'resumed';
  writeStoredSecrets(dataDir, { ...secrets, filesKey: randomBytes(32).toString('base64'), filesKeyPrevious: secrets.filesKey });
  return 'started';
}

/** Forgets the previous master key kept in secrets.json once nothing is wrapped by it any more. */
export function forgetStoredPreviousKey(dataDir: string): void {
  const secrets = readStoredSecrets(dataDir);
  if (!secrets?.filesKeyPrevious) return;
  writeStoredSecrets(dataDir, { jwtSecret: secrets.jwtSecret, filesKey: secrets.filesKey });
}
