import { PGlite } from '@electric-sql/pglite';
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { childModule } from '@api/modules/common/node-module';
import { confineFileModes } from './private-data-dir';

/**
 * Server settings of the embedded database. PGlite serves one process, so PostgreSQL's default 128 MB
 * of shared buffers mostly holds memory the operating system would cache anyway (bench:ingest).
 */
export const EMBEDDED_SETTINGS = ['shared_buffers=32MB'];

export function embeddedStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])];
}

const STDERR_TAIL = 2048;

/** An empty cluster written by the build beside this module (`npm run build:api`); absent when run from source. */
export const CLUSTER_TEMPLATE = join(__dirname, 'pglite-template.tar.gz');

function initialiseInChild(target: string, template: string | null): Promise<void> {
  const { path, execArgv } = childModule(__dirname, 'pglite-init');
  return new Promise((resolve, reject) => {
    const args = template ? [target, template] : [target];
    const child = fork(path, args, { execArgv, env: {}, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`The embedded database could not be created in ${target} (${signal ?? code}): ${stderr.trim()}`));
    });
  });
}

function isEmptyFolder(directory: string): boolean {
  return existsSync(directory) && readdirSync(directory).length === 0;
}

/** Another live process has the embedded database open. */
export class DatabaseInUseError extends Error {}

/** DATA_DIR/db.lock: the process that has the embedded database open (PGlite serves one process only). */
function lockPath(directory: string): string {
  return join(dirname(directory), `${basename(directory)}.lock`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database for this process, so a second process (a second server, or `npm run backup`
 * while the server runs) is told so instead of opening the same files. A lock left by a process that has
 * exited is taken over.
 */
export function lockEmbeddedDatabase(directory: string): void {
  const path = lockPath(directory);
  mkdirSync(dirname(directory), { recursive: true });
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = Number(readFileSync(path, 'utf8').trim());
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
    throw new DatabaseInUseError(`The embedded database in ${directory} is in use by process ${holder}; stop that process first (PGlite serves one process at a time).`);
  }
  writeFileSync(path, String(process.pid), { mode: 0o600 });
}

export function unlockEmbeddedDatabase(directory: string): void {
  const path = lockPath(directory);
  if (existsSync(path) && readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
}

/**
 * Opens the PGlite cluster in `directory`, creating it first if the folder is new. A new cluster is made
 * in a child process, unpacked from the build's template when there is one (else by initdb), in a sibling
 * folder that is renamed into place only once complete, so a crash during creation never leaves a
 * half-made cluster behind.
 */
export async function openEmbeddedDatabase(directory: string, template: string | null = existsSync(CLUSTER_TEMPLATE) ? CLUSTER_TEMPLATE : null): Promise<PGlite> {
  confineFileModes();
  lockEmbeddedDatabase(directory);
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    if (existsSync(directory) && !isEmptyFolder(directory)) {
      throw new Error(`${directory} is not empty and holds no database: move its contents away or choose another DATA_DIR.`);
    }
    mkdirSync(dirname(directory), { recursive: true });
    const staging = join(dirname(directory), `.${basename(directory)}.creating-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    try {
      await initialiseInChild(staging, template);
      if (isEmptyFolder(directory)) rmdirSync(directory);
      renameSync(staging, directory);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const db = new PGlite(directory, { startParams: embeddedStartParams() });
  await db.waitReady;
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    unlockEmbeddedDatabase(directory);
  };
  return db;
}
