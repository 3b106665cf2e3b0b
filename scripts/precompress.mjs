// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a built app, so the server
// sends compressed bytes without compressing on each request. Usage: node scripts/precompress.mjs <dist> [...]
// Only text formats above MIN_BYTES are compressed, and a copy is kept only when it is smaller than the file.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Below this the headers outweigh the saving, and a compressed copy is not worth a second file. */
const MIN_BYTES = 1024;
/** The formats the server negotiates for (apps/api/src/modules/common/static-files.ts holds the same list). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest', '.ico', '.wasm']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dot files (Vite's .vite/manifest.json) are never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function compressFile(path) {
  const bytes = readFileSync(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: extname(path) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { raw: bytes.length, br: 0, gz: 0 };
  for (const [suffix, data] of [['.br', br], ['.gz', gz]]) {
    // A copy that is not smaller is removed too, so a rebuild in place never leaves a stale one behind.
    if (data.length < bytes.length) {
      writeFileSync(path + suffix, data);
      written[suffix.slice(1)] = data.length;
    } else rmSync(path + suffix, { force: true });
  }
  return written;
}

async function precompress(dist) {
  const candidates = [...files(dist)].filter((path) => COMPRESSIBLE.has(extname(path)) && statSync(path).size > MIN_BYTES);
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of candidates) {
    const written = await compressFile(path);
    totals.files += 1;
    totals.raw += written.raw;
    totals.br += written.br || written.raw;
    totals.gz += written.gz || written.raw;
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`precompressed ${totals.files} files in ${relative(process.cwd(), dist) || '.'}: ${kb(totals.raw)} -> brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/precompress.mjs <dist directory> [...]');
  process.exit(2);
}
for (const dir of dirs) {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory (build the app first)`);
    process.exit(2);
  }
  await precompress(dir);
}
