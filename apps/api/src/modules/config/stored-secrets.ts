import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** DATA_DIR/secrets.json: the JWT secret and master key of a deployment that does not set them (mode 0600). */
export interface StoredSecrets {
  jwtSecret: string;
  filesKey: string;
  /** The key being rotated away from, kept by `npm run rotate-keys` until every data key is rewrapped. */
  filesKeyPrevious?: string;
}

export function storedSecretsPath(dataDir: string): string {
  return join(dataDir, 'secrets.json');
}

/** The stored secrets, or null when the data directory has none (or a file that is not ours). */
export function readStoredSecrets(dataDir: string): StoredSecrets | null {
  const path = storedSecretsPath(dataDir);
  if (!existsSync(path)) return null;
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<StoredSecrets>;
  if (typeof parsed.jwtSecret !== 'string' || typeof parsed.filesKey !== 'string') return null;
  const previous = typeof parsed.filesKeyPrevious === 'string' ? { filesKeyPrevious: parsed.filesKeyPrevious } : {};
  return { jwtSecret: parsed.jwtSecret, filesKey: parsed.filesKey, ...previous };
}

/** The master keys the stored secrets hold: the current one, and the one being rotated away from. */
export function storedMasterKeysOf(secrets: StoredSecrets): { current: Buffer; previous: Buffer | null } {
  return { current: Buffer.from(secrets.filesKey, 'base64'), previous: secrets.filesKeyPrevious === undefined ? null : Buffer.from(secrets.filesKeyPrevious, 'base64') };
}

/** Replaces the file by rename: it holds the old secrets or the new ones, never a half-written mix. */
export function writeStoredSecrets(dataDir: string, secrets: StoredSecrets): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = storedSecretsPath(dataDir);
  const temporary = `${path}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
