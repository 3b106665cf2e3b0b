import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ConfigService } from '@api/modules/config/config.service';
import { DatabaseHandle } from './database.handle';
import { dumpDatabase, migrationNames } from './database-dump';

/** Where `npm run backup` asks the process holding the embedded database for a snapshot. */
export function snapshotRequestDir(dataDir: string): string {
  return join(dataDir, '.snapshots');
}

const POLL_MS = 500;

/**
 * PGlite serves one process, so `npm run backup` cannot open the embedded database while the server runs: it
 * leaves a request in DATA_DIR/.snapshots, and the server answers with a dump taken in one repeatable-read
 * transaction (other queries wait the moment it takes). Only the server's own user can write there (0700).
 */
@Injectable()
export class SnapshotResponder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SnapshotResponder.name);
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly config: ConfigService,
    private readonly handle: DatabaseHandle,
  ) {}

  onApplicationBootstrap(): void {
    if (this.handle.kind !== 'pglite') return;
    this.timer = setInterval(() => void this.answer(), POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async answer(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const dir = snapshotRequestDir(this.config.app.dataDir);
    try {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((entry) => /^[0-9a-f-]{36}\.request$/.test(entry))) {
        const id = name.slice(0, 36);
        const taken = join(dir, `${id}.taken`);
        // The rename claims the request: a second poll, or a second process, finds it gone.
        if (!(await rename(join(dir, name), taken).then(() => true, () => false))) continue;
        try {
          const runner = this.handle.dataSource.createQueryRunner();
          await runner.connect();
          try {
            const dump = await dumpDatabase(runner);
            const migrations = await migrationNames(runner);
            await writeFile(join(dir, `${id}.dump.partial`), gzipSync(JSON.stringify({ dump, migrations })), { mode: 0o600 });
            await rename(join(dir, `${id}.dump.partial`), join(dir, `${id}.dump`));
          } finally {
            await runner.release();
          }
        } catch (error) {
          this.logger.error(`A snapshot for npm run backup failed: ${error instanceof Error ? error.message : String(error)}`);
          await writeFile(join(dir, `${id}.failed`), error instanceof Error ? error.message : String(error), { mode: 0o600 });
        } finally {
          await rm(taken, { force: true });
        }
      }
    } finally {
      this.busy = false;
    }
  }
}

/** Makes the request folder (0700). */
export async function ensureSnapshotDir(dataDir: string): Promise<string> {
  const dir = snapshotRequestDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}
