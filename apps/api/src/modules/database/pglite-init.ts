import { PGlite } from '@electric-sql/pglite';
import { readFile, writeFile } from 'node:fs/promises';
import { embeddedStartParams } from './embedded-database';
import { confineFileModes } from './private-data-dir';

/**
 * Child process started by openEmbeddedDatabase, and by the build:
 *   pglite-init <folder> [<template.tar.gz>]   creates a PGlite cluster in <folder>, from the template when
 *                                             given, else by running initdb; then exits
 *   pglite-init --template <template.tar.gz>   writes a new empty cluster as a template (npm run build:api)
 * initdb runs a second PostgreSQL inside the process and holds about 800 MB while it works; the template
 * lets a first start unpack an empty cluster instead, in a few MB.
 */
async function main(): Promise<void> {
  const [first, second] = process.argv.slice(2);
  if (first === '--template' && second) {
    const db = new PGlite();
    await db.waitReady;
    const dump = await db.dumpDataDir('gzip');
    await writeFile(second, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    return;
  }
  if (!first) throw new Error('usage: pglite-init <folder> [<template.tar.gz>] | pglite-init --template <file>');
  confineFileModes();
  const loadDataDir = second ? new Blob([await readFile(second)]) : undefined;
  const db = new PGlite(first, loadDataDir ? { loadDataDir, startParams: embeddedStartParams() } : {});
  await db.waitReady;
  await db.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
