// Operations on a deployment, with the server's own configuration (environment and DATA_DIR):
//   npm run backup -- --out FILE     a consistent archive of the database and the stored files
//   npm run restore -- FILE          restores an archive into an empty DATA_DIR (and, on PostgreSQL, an empty schema)
//   npm run rotate-keys [-- --new-key]
//                                    rewraps every data key from FILES_KEY_PREVIOUS to FILES_KEY; --new-key first
//                                    makes a new master key in DATA_DIR/secrets.json (when FILES_KEY is not set); a
//                                    server running on the embedded database then rotates without stopping
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '@api/modules/config/config.error';
import { loadConfig } from '@api/modules/config/load-config';
import { DatabaseInUseError } from '@api/modules/database/embedded-database';
import { ArchiveError } from './backup-archive';
import { backup, restore } from './backup';
import { forgetStoredPreviousKey, newStoredMasterKey, RotationError } from '@api/modules/operations/master-key-rotation';
import { rotateMasterKey } from './key-rotation';

const USAGE = 'usage: ops backup --out FILE | ops restore FILE | ops rotate-keys [--new-key]';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'backup') {
    const at = rest.indexOf('--out');
    const out = at >= 0 ? rest[at + 1] : undefined;
    if (!out || rest.length !== 2) throw new ArchiveError(`backup needs the archive's path: npm run backup -- --out FILE`);
    const config = loadConfig(process.env);
    const result = await backup(config, out);
    say(`Backup written to ${out}: ${result.tables} tables, ${result.rows} rows, ${result.files} files, ${result.bytes} bytes.`);
    return;
  }
  if (command === 'restore') {
    if (rest.length !== 1 || rest[0].startsWith('--')) throw new ArchiveError('restore needs the archive to restore: npm run restore -- FILE');
    const dataDir = resolve(process.env.DATA_DIR?.trim() || './data');
    if (!process.env.FILES_KEY?.trim() && !existsSync(join(dataDir, 'secrets.json'))) {
      throw new ArchiveError(
        `The archive's files can only be read with the master key of the deployment it was taken from: set FILES_KEY (and JWT_SECRET), or copy that deployment's secrets.json into ${dataDir}, then restore.`,
      );
    }
    const config = loadConfig(process.env);
    const result = await restore(config, rest[0]);
    say(`Restored ${rest[0]} into ${config.app.dataDir}: ${result.tables} tables, ${result.rows} rows, ${result.files} files.`);
    return;
  }
  if (command === 'rotate-keys') {
    if (rest.some((arg) => arg !== '--new-key')) throw new RotationError('rotate-keys takes only --new-key');
    let config = loadConfig(process.env);
    const stored = !process.env.FILES_KEY?.trim();
    if (rest.includes('--new-key')) {
      if (!stored) throw new RotationError('--new-key makes a key in DATA_DIR/secrets.json, but FILES_KEY is set: set FILES_KEY to the new key and FILES_KEY_PREVIOUS to the old one instead.');
      const state = newStoredMasterKey(config.app.dataDir);
      say(state === 'started' ? 'A new master key is in secrets.json; the previous one is kept there until the rotation completes.' : 'Resuming the rotation under way.');
      config = loadConfig(process.env);
    }
    const result = await rotateMasterKey(config, stored, say);
    if (stored) forgetStoredPreviousKey(config.app.dataDir);
    say(`Rotation complete: ${result.dataKeys} data key(s) and ${result.files} file key(s) rewrapped, ${result.alreadyDone} already done.`);
    if (!stored) say('Every server may now drop FILES_KEY_PREVIOUS.');
    return;
  }
  throw new ArchiveError(USAGE);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof ArchiveError || error instanceof RotationError || error instanceof ConfigError || error instanceof DatabaseInUseError;
    process.stderr.write(`${known ? (error as Error).message : `Failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
    process.exit(known ? 2 : 1);
  },
);
