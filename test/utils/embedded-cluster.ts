import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { CLUSTER_TEMPLATE, openEmbeddedDatabase } from '@api/modules/database/embedded-database';

/**
 * One empty embedded cluster per test run, copied into each test app's data folder before it starts.
 *
 * A server run from source has no build template beside it, so a first start runs initdb in a child process (about
 * 5 s here, 800 MB); the suites start some two hundred apps. The cluster is made once, by the product's own
 * `openEmbeddedDatabase` (from the build's template when there is one), in the folder the global setup names
 * (`test/utils/global-setup.js`), then copied as files: the app sees a folder that holds a database, as after any
 * restart, and runs its migrations on it. Suites about creating a cluster call `openEmbeddedDatabase` themselves.
 */
const RUN_FOLDER_ENV = 'CASEWISE_TEST_TMP';

let made: string | null = null;

/** The run's empty cluster, made by the first worker that needs it; null outside a jest run with the global setup. */
async function emptyCluster(): Promise<string | null> {
  if (made !== null) return made;
  const cache = process.env[RUN_FOLDER_ENV];
  if (!cache) return null;
  const cluster = join(cache, 'cluster');
  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    // Workers may race here: each makes its own and the first rename wins; the others use the winner's.
    const staging = join(cache, `staging-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    const db = await openEmbeddedDatabase(join(staging, 'db'), existsSync(CLUSTER_TEMPLATE) ? CLUSTER_TEMPLATE : null);
    await db.close();
    try {
      renameSync(join(staging, 'db'), cluster);
    } catch (error) {
      if (!existsSync(join(cluster, 'PG_VERSION'))) throw error;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  made = cluster;
  return cluster;
}

/** On the embedded database, puts an empty cluster in the app's database folder unless that folder exists already. */
export async function seedEmbeddedCluster(config: AppConfig): Promise<void> {
  const { kind, pgliteDir } = config.database;
  if (kind !== 'pglite' || existsSync(pgliteDir)) return;
  const cluster = await emptyCluster();
  if (cluster === null) return;
  mkdirSync(dirname(pgliteDir), { recursive: true });
  cpSync(cluster, pgliteDir, { recursive: true });
}
