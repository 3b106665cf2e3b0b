#!/usr/bin/env node
// `npm run test:mutation [-- <module>...] [-- --incremental]`: runs Stryker once per module of
// stryker.config.mjs (all of them unless named), one after another, then prints each module's score.
// Other arguments go to Stryker as they are (e.g. --incremental, --mutate <file>, --logLevel debug).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULES } from '../stryker.config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stryker = join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
const args = process.argv.slice(2);
const named = args.filter((arg) => arg in MODULES);
const passThrough = args.filter((arg) => !(arg in MODULES));
const modules = named.length > 0 ? named : Object.keys(MODULES);
const FLOOR = 80;

function tally(name) {
  const file = join(root, 'reports', 'mutation', `${name}.json`);
  if (!existsSync(file)) return null;
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, RuntimeError: 0, CompileError: 0 };
  for (const { mutants } of Object.values(JSON.parse(readFileSync(file, 'utf8')).files)) {
    for (const mutant of mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const rows = [];
let failed = false;
for (const name of modules) {
  const started = Date.now();
  console.log(`\n== mutation testing: ${name} (${MODULES[name].mutate.join(', ')})`);
  const run = spawnSync(process.execPath, [stryker, 'run', 'stryker.config.mjs', ...passThrough], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: name },
  });
  if (run.status !== 0) failed = true;
  rows.push({ name, minutes: (Date.now() - started) / 60_000, result: run.status === 0 ? tally(name) : null });
}

console.log('\nmodule      score  killed timeout survived no-cov  minutes');
for (const { name, minutes, result } of rows) {
  if (!result) {
    console.log(`${name.padEnd(10)}  stryker failed`);
    continue;
  }
  const below = result.score < FLOOR ? `  below ${FLOOR} %` : '';
  if (below) failed = true;
  console.log(
    `${name.padEnd(10)} ${result.score.toFixed(1).padStart(6)} ${String(result.Killed).padStart(7)} ${String(result.Timeout).padStart(7)} ${String(result.Survived).padStart(8)} ${String(result.NoCoverage).padStart(6)} ${minutes.toFixed(1).padStart(8)}${below}`,
  );
}
console.log('\nHTML reports: reports/mutation/<module>.html');
process.exit(failed ? 1 : 0);
