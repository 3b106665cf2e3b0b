import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';

export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const;

export type ExecutableLookup = (name: string) => Promise<string | null>;

/** Resolves a command name through the shell's search path (`which`), or null. */
export const whichLookup: ExecutableLookup = (name) =>
  new Promise((resolve) => {
    execFile('which', [name], { timeout: 5000 }, (error, stdout) => {
      const found = String(stdout).trim().split('\n')[0] ?? '';
      resolve(error || found === '' ? null : found);
    });
  });

export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium to print with: the configured path when it is an executable file (a configured path that
 * is not is an error, never silently replaced), else the first of the usual names found on the search path.
 */
export async function locateChromium(configured: string | null, lookup: ExecutableLookup = whichLookup): Promise<string | null> {
  if (configured !== null) return (await isExecutableFile(configured)) ? configured : null;
  for (const name of CHROMIUM_NAMES) {
    const found = await lookup(name);
    if (found !== null && (await isExecutableFile(found))) return found;
  }
  return null;
}
