import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ConfigService } from '@api/modules/config/config.service';
import { MasterKeys } from '@api/modules/config/master-keys';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { snapshotDatabase } from '@api/modules/database/database-dump';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { DataKeyRepository } from '@api/modules/keys/data-key.repository';
import { StorageRepository } from '@api/modules/storage/storage.repository';
import { RotationError, RotationResult, rewrapUntilDone, storedMasterKeys } from './master-key-rotation';
import { SERVER_REQUEST_KINDS, ServerRequestKind, serverRequestDir } from './server-requests';

const POLL_MS = 500;
/** Answers nobody collected (the command gave up or was killed) are removed after this long. */
const STALE_MS = 60 * 60_000;

/** What the server sends back for a rotation: the lines to print and the figures. */
export interface RotationAnswer {
  lines: string[];
  result: RotationResult;
}

const REQUEST = new RegExp(`^([0-9a-f-]{36})\\.(${SERVER_REQUEST_KINDS.join('|')})\\.request$`);

/**
 * Answers the requests of ops commands that cannot open the embedded database while the server holds it:
 * a snapshot for `npm run backup` (a dump taken in one repeatable-read transaction; other queries wait the
 * moment it takes) and a master key rotation for `npm run rotate-keys` (the server adopts the keys of
 * secrets.json, so what it wraps from then on is under the new key, and rewraps the rest while serving).
 */
@Injectable()
export class OperationsResponder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OperationsResponder.name);
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly config: ConfigService,
    private readonly handle: DatabaseHandle,
    private readonly masterKeys: MasterKeys,
    private readonly dataKeys: DataKeyRepository,
    private readonly documents: DocumentsService,
    private readonly storage: StorageRepository,
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
    const dir = serverRequestDir(this.config.app.dataDir);
    try {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const request = REQUEST.exec(name);
        if (request) await this.serve(dir, name, request[1], request[2] as ServerRequestKind);
        else if (/\.(answer|failed)$/.test(name)) await this.removeIfStale(join(dir, name));
      }
    } finally {
      this.busy = false;
    }
  }

  private async serve(dir: string, name: string, id: string, kind: ServerRequestKind): Promise<void> {
    const taken = join(dir, `${id}.taken`);
    // The rename claims the request: a second poll, or a second process, finds it gone.
    if (!(await rename(join(dir, name), taken).then(() => true, () => false))) return;
    try {
      const answer = kind === 'snapshot' ? await this.snapshot() : Buffer.from(JSON.stringify(await this.rotateKeys()));
      await writeFile(join(dir, `${id}.answer.partial`), answer, { mode: 0o600 });
      await rename(join(dir, `${id}.answer.partial`), join(dir, `${id}.answer`));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`A ${kind} request of an ops command failed: ${reason}`);
      await writeFile(join(dir, `${id}.failed`), reason, { mode: 0o600 });
    } finally {
      await rm(taken, { force: true });
    }
  }

  private async snapshot(): Promise<Buffer> {
    return gzipSync(JSON.stringify(await snapshotDatabase(this.handle.dataSource)));
  }

  /**
   * Adopts the master keys secrets.json now holds (the command has just put a new key there), then rewraps
   * everything still under the previous key while it keeps serving.
   */
  private async rotateKeys(): Promise<RotationAnswer> {
    const stored = storedMasterKeys(this.config.app.dataDir);
    if (!stored.previous) throw new RotationError('secrets.json holds no previous master key: there is no rotation under way (npm run rotate-keys -- --new-key starts one).');
    if (!this.masterKeys.knows(stored.current) && !this.masterKeys.knows(stored.previous)) {
      throw new RotationError(
        "The running server's master key is neither of those in secrets.json (it was started with FILES_KEY): stop it, then rotate with FILES_KEY and FILES_KEY_PREVIOUS.",
      );
    }
    const from = stored.previous;
    const to = stored.current;
    this.masterKeys.adopt(to, from);
    const lines: string[] = [];
    const targets = { dataKeys: this.dataKeys, storedFiles: () => this.documents.storedFiles(), storage: this.storage };
    const total = await rewrapUntilDone(targets, from, to, (line) => lines.push(line));
    // Nothing is under the previous key any more; the command now forgets it in secrets.json too.
    this.masterKeys.adopt(to, null);
    this.logger.log(`Master key rotated: ${total.dataKeys} data key(s) and ${total.files} file key(s) rewrapped`);
    return { lines, result: total };
  }

  private async removeIfStale(path: string): Promise<void> {
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(path, { force: true });
  }
}
