import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { CliError } from './errors';

/** The types the server reads: PDF, Word, text, Markdown, HTML, e-mail and scanned images. */
export const SUPPORTED_EXTENSIONS = new Set(['.pdf', '.docx', '.txt', '.md', '.markdown', '.html', '.htm', '.eml', '.png', '.jpg', '.jpeg', '.tif', '.tiff']);

export interface LocalFile {
  path: string;
  name: string;
  size: number;
}

export function isSupported(path: string): boolean {
  return SUPPORTED_EXTENSIONS.has(extname(path).toLowerCase());
}

/** Every supported file under the given files and folders (recursive, hidden entries skipped), in a stable order. */
export async function collectFiles(paths: readonly string[]): Promise<{ files: LocalFile[]; skipped: string[] }> {
  const files: LocalFile[] = [];
  const skipped: string[] = [];
  async function visit(path: string, named: boolean): Promise<void> {
    let info;
    try {
      info = await stat(path);
    } catch {
      throw new CliError(`No such file or folder: ${path}`);
    }
    if (info.isDirectory()) {
      const entries = (await readdir(path)).filter((entry) => !entry.startsWith('.')).sort();
      for (const entry of entries) await visit(join(path, entry), false);
    } else if (info.isFile()) {
      if (isSupported(path)) files.push({ path: resolve(path), name: basename(path), size: info.size });
      else if (named || !basename(path).startsWith('.')) skipped.push(path);
    }
  }
  for (const path of paths) await visit(path, true);
  return { files, skipped };
}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')));
  });
}
