import { PGlite } from '@electric-sql/pglite';

/**
 * Child process started by openEmbeddedDatabase: creates a new PGlite cluster in the folder given as
 * its argument and exits. Creating a cluster loads initdb and its data files, several hundred MB that
 * the server process would otherwise keep for its whole life.
 */
async function main(): Promise<void> {
  const directory = process.argv[2];
  if (!directory) throw new Error('usage: pglite-init <folder>');
  const db = new PGlite(directory);
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
