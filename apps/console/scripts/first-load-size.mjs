// Reports the gzipped JavaScript a first visit to /admin/ downloads (the entry chunk and everything it
// imports statically; lazy chunks such as the charts are listed apart). Fails above the budget.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetKb = Number(process.env.CONSOLE_FIRST_LOAD_BUDGET_KB ?? 400);

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) collect(next, seen);
}

function measure(keys) {
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    const bytes = readFileSync(join(dist, manifest[key].file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw: raw / 1024, gzip: gzip / 1024 };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const first = new Set();
collect(entryKey, first);
const lazy = new Set();
for (const key of manifest[entryKey].dynamicImports ?? []) collect(key, lazy);
for (const key of first) lazy.delete(key);

const firstLoad = measure(first);
const over = firstLoad.gzip > budgetKb;
console.log(`console first load ${String(first.size).padStart(3)} chunks  ${firstLoad.raw.toFixed(1).padStart(7)} kB  gzip ${firstLoad.gzip.toFixed(1).padStart(6)} kB (budget ${budgetKb} kB)${over ? '  OVER' : ''}`);
const later = measure(lazy);
console.log(`console lazy       ${String(lazy.size).padStart(3)} chunks  ${later.raw.toFixed(1).padStart(7)} kB  gzip ${later.gzip.toFixed(1).padStart(6)} kB (charts, loaded on the dashboard)`);
process.exit(over ? 1 : 0);
