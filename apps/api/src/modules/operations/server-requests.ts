import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What an ops command (`npm run backup`, `npm run rotate-keys`) may ask of the running server that holds the
 * embedded database: PGlite serves one process, so the command cannot open that database itself.
 */
export type ServerRequestKind = 'snapshot' | 'rotate-keys';

export const SERVER_REQUEST_KINDS: readonly ServerRequestKind[] = ['snapshot', 'rotate-keys'];

/**
 * Where the requests are left: `<id>.<kind>.request`, claimed by renaming it to `<id>.taken`, answered by
 * `<id>.answer` (or `<id>.failed` with the reason). Only the server's own user can write there (0700).
 */
export function serverRequestDir(dataDir: string): string {
  return join(dataDir, '.requests');
}

/** Makes the request folder (0700). */
export async function ensureServerRequestDir(dataDir: string): Promise<string> {
  const dir = serverRequestDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export interface AskOptions {
  /** How long a server has to take the request up. */
  claimMs: number;
  /** How long it may then work on it. */
  workMs: number;
  /** The error to throw with the server's reason, or with `null` when no server answered in time. */
  failure: (reason: string | null) => Error;
}

/** Leaves a request for the server and waits for its answer; the request's files are removed either way. */
export async function askServer(dataDir: string, kind: ServerRequestKind, options: AskOptions): Promise<Buffer> {
  const dir = await ensureServerRequestDir(dataDir);
  const id = randomUUID();
  const [request, taken, answer, failed] = [`${kind}.request`, 'taken', 'answer', 'failed'].map((suffix) => join(dir, `${id}.${suffix}`));
  await writeFile(request, '', { mode: 0o600 });
  let deadline = Date.now() + options.claimMs;
  let claimed = false;
  try {
    while (Date.now() < deadline) {
      if (existsSync(failed)) throw options.failure(await readFile(failed, 'utf8'));
      // Written under another name and renamed: an answer that exists is whole.
      if (existsSync(answer)) return await readFile(answer);
      if (!claimed && existsSync(taken)) {
        claimed = true;
        deadline = Date.now() + options.workMs;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw options.failure(null);
  } finally {
    for (const file of [request, answer, failed]) await rm(file, { force: true });
  }
}
