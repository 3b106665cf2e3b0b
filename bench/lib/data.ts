import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const REPOSITORY = resolve(__dirname, '..', '..');

/**
 * The folder of the shared data sets (cuad/, contractnli/), which is never in the repository: `CASEWISE_DATA`
 * when set, else `../shared/data` beside the repository. Every benchmark and `npm run test:quality` find their
 * default paths here.
 */
export function sharedDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CASEWISE_DATA?.trim();
  return configured ? resolve(configured) : resolve(REPOSITORY, '..', 'shared', 'data');
}

export class MissingDataError extends Error {
  override readonly name = 'MissingDataError';
}

/** How the default was chosen, for messages: relative to the repository when it lies beside it. */
function described(dir: string, env: NodeJS.ProcessEnv): string {
  const shown = relative(REPOSITORY, dir).startsWith('..') && !env.CASEWISE_DATA?.trim() ? relative(REPOSITORY, dir) : dir;
  return env.CASEWISE_DATA?.trim() ? `${shown} (CASEWISE_DATA)` : `${shown} (beside the repository; CASEWISE_DATA is not set)`;
}

/** A path inside the shared data that must exist; otherwise an error saying where it was looked for and how to fix it. */
export function requireData(parts: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  const dir = sharedDataDir(env);
  const path = join(dir, ...parts);
  if (!existsSync(path)) {
    throw new MissingDataError(
      `The shared data set is missing: ${join(...parts)} not found in ${described(dir, env)}. ` +
        'Set CASEWISE_DATA to the folder that holds cuad/ (with txt/, categories.json and dev/), or put it at ../shared/data beside the repository.',
    );
  }
  return path;
}
