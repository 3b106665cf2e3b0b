import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

/** A year: what a file whose name changes with its content may be kept for. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages are checked with the server on every use, so a new build reaches every browser at once. */
export const REVALIDATE = 'no-cache';
/** Other files of a build (what Vite copies from public/ under a fixed name). */
export const SHORT_LIVED = 'public, max-age=3600';

/** The formats scripts/precompress.mjs writes `.br` and `.gz` copies of (it holds the same list). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest', '.ico', '.wasm']);

/** Vite writes every bundled file into assets/ as `<name>-<8-character content hash>.<ext>`. */
const HASHED_ASSET = /^assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** The server's order when the client accepts several codings equally: the smallest first. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];
const SUFFIX: Record<Exclude<ContentCoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/** How long a browser may keep a file of a build, by its path inside the build. */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.endsWith('.html')) return REVALIDATE;
  return HASHED_ASSET.test(relativePath) ? IMMUTABLE : SHORT_LIVED;
}

/**
 * The codings an Accept-Encoding header allows, most wanted first (RFC 9110 §12.5.3): each coding with its q
 * (1 when absent), `*` for every coding not named, q=0 for "not acceptable". Without the header, or with
 * identity not named and not excluded by `*;q=0`, identity stays acceptable. Equal weights follow PREFERENCE.
 */
export function acceptableCodings(header: string | undefined): ContentCoding[] {
  if (header === undefined || header.trim() === '') return ['identity'];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const wildcard = weights.get('*');
  const weightOf = (coding: ContentCoding): number => weights.get(coding) ?? (coding === 'identity' ? (wildcard === 0 ? 0 : 1) : (wildcard ?? 0));
  return PREFERENCE.filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

/** A request path below a build's root as its path segments, or null for what is never a file of it. */
function segmentsOf(encodedPath: string): string[] | null {
  let path: string;
  try {
    path = decodeURIComponent(encodedPath);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/');
  // Empty segments (a directory, a doubled slash), `.`/`..` and dot files (Vite's .vite/manifest.json) are not served.
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  return segments;
}

async function fileStats(path: string): Promise<Stats | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * Sends one file of a build: its precompressed `.br` or `.gz` copy when the client accepts that coding and the
 * copy exists, with `Content-Encoding`, `Vary: Accept-Encoding`, the original's Content-Type and the sent
 * bytes' Content-Length and ETag; `Cache-Control` by cacheControlFor. Calls next() when the file does not exist.
 */
export async function sendBuildFile(req: Request, res: Response, next: NextFunction, root: string, relativePath: string): Promise<void> {
  const segments = segmentsOf(relativePath);
  const original = segments && (await fileStats(join(root, ...segments))) ? segments.join('/') : null;
  if (original === null) return next();
  const extension = extname(original);
  let sent = original;
  let coding: ContentCoding = 'identity';
  if (COMPRESSIBLE.has(extension)) {
    // Whatever is sent this time, a cache must not give these bytes to a client that accepts other codings.
    res.vary('Accept-Encoding');
    for (const candidate of acceptableCodings(req.headers['accept-encoding'])) {
      if (candidate === 'identity') break;
      if (await fileStats(join(root, original + SUFFIX[candidate]))) {
        sent = original + SUFFIX[candidate];
        coding = candidate;
        break;
      }
    }
  }
  res.type(extension || 'application/octet-stream');
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.setHeader('Cache-Control', cacheControlFor(original));
  // `send` (behind sendFile) adds Content-Length, ETag and Last-Modified of the bytes sent, answers HEAD and
  // conditional requests, and leaves the Content-Type and Cache-Control set here.
  res.sendFile(sent, { root, cacheControl: false, dotfiles: 'deny' }, (error?: NodeJS.ErrnoException) => {
    if (!error) return;
    if (error.code === 'ENOENT' && !res.headersSent) {
      // Removed between the look-up and the read (a rebuild in place): as if it had never been there.
      for (const name of ['Content-Encoding', 'Content-Type', 'Cache-Control']) res.removeHeader(name);
      return next();
    }
    if (error.code !== 'ECONNABORTED' && !res.headersSent) next(error);
  });
}

/**
 * Serves the files of a build directory under a URL prefix (`/` or `/admin/`), for GET and HEAD; anything that
 * is not a file of it goes on to the next handler (the single-page fallbacks, then 404).
 */
export function buildFiles(root: string, prefix: string): RequestHandler {
  const base = resolve(root);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(prefix)) return next();
    sendBuildFile(req, res, next, base, req.path.slice(prefix.length)).catch(next);
  };
}
