// Reports the gzipped JavaScript a first visit to a route downloads: the entry chunk, the route's
// lazy chunk, and everything both import statically. Fails when it exceeds the budget.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetKb = Number(process.env.FIRST_LOAD_BUDGET_KB ?? 250);

const routes = {
  landing: 'src/pages/landing/landing-page.tsx',
  login: 'src/pages/auth/login-page.tsx',
  dashboard: 'src/pages/dashboard/dashboard-page.tsx',
  workspace: 'src/workspace/workspace-page.tsx',
};

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) collect(next, seen);
}

// The app's entry (the build has a second one, src/early-entry.ts, which only the workspace's page names).
const entryKey = 'index.html';
let failed = false;
for (const [route, source] of Object.entries(routes)) {
  const keys = new Set();
  collect(entryKey, keys);
  collect(source, keys);
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    const bytes = readFileSync(join(dist, manifest[key].file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const gzipKb = gzip / 1024;
  const over = route === 'landing' && gzipKb > budgetKb;
  failed ||= over;
  console.log(
    `${route.padEnd(10)} ${String(keys.size).padStart(3)} chunks  ${(raw / 1024).toFixed(1).padStart(7)} kB  gzip ${gzipKb.toFixed(1).padStart(6)} kB${over ? `  OVER ${budgetKb} kB` : ''}`,
  );
}
process.exit(failed ? 1 : 0);
