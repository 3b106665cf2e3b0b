import fs from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

const GROUP_AND_OTHER = 0o077;

/**
 * Keeps DATA_DIR private to the account that runs the app: everything created from now on gets no group
 * or other permissions (PGlite itself creates files 0666 and folders 0755), and what an earlier version
 * left readable is closed: folders 0700, files lose their group and other bits.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  process.umask(GROUP_AND_OTHER);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await restrict(dataDir);
}

async function restrict(path: string): Promise<void> {
  const info = await lstat(path).catch(() => null);
  if (!info || info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    if ((info.mode & 0o777) !== 0o700) await chmod(path, 0o700);
    for (const name of await readdir(path)) await restrict(join(path, name));
  } else if (info.mode & GROUP_AND_OTHER) {
    await chmod(path, info.mode & 0o700);
  }
}

let confined = false;

/**
 * PGlite (Emscripten's NODEFS) chmods every file it creates to 0666 after creating it, which no umask
 * can narrow. In this process nothing needs group or other permissions, so chmod keeps owner bits only.
 * Each thread has its own `fs` module, so a thread that opens the database calls this too; the umask is the
 * process's, set by the main thread (a worker thread may not change it).
 */
export function confineFileModes(): void {
  if (confined) return;
  confined = true;
  if (isMainThread) process.umask(GROUP_AND_OTHER);
  const { chmodSync, fchmodSync } = fs;
  fs.chmodSync = (path: fs.PathLike, mode: fs.Mode) => chmodSync(path, ownerOnly(mode));
  fs.fchmodSync = (fd: number, mode: fs.Mode) => fchmodSync(fd, ownerOnly(mode));
}

function ownerOnly(mode: fs.Mode): number {
  return (typeof mode === 'string' ? parseInt(mode, 8) : mode) & ~GROUP_AND_OTHER;
}
