#!/usr/bin/env node
// The casewise command: runs the bundle that `npm install` (the repository's prepare script) and
// `npm run build:cli` write to dist/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundle = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'casewise.mjs');
if (!existsSync(bundle)) {
  process.stderr.write('casewise is not built: run "npm run build:cli" in the Casewise repository.\n');
  process.exit(2);
}
await import(pathToFileURL(bundle).href);
