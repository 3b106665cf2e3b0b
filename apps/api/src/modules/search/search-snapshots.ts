import { Injectable, Logger } from '@nestjs/common';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigService } from '@api/modules/config/config.service';
import { FieldCipher, type FieldRef } from '@api/modules/keys/field-cipher';

/** A project's search index as saved: the document versions it was built from, and the search thread's bytes. */
export interface SearchSnapshot {
  versions: Map<string, number>;
  payload: Uint8Array;
}

const HEADER_LENGTH_BYTES = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Each project's search index saved on disk (DATA_DIR/search/<project>.index), so that the first question after a
 * restart restores it instead of reading and tokenising every passage again. A snapshot holds the words of the
 * project's documents, so it is sealed with the firm's data key like the stored text (erased with it), bound to its
 * project, and deleted with the project or any of its documents. It is a cache: one that is missing, stale or does
 * not open is rebuilt from the database.
 */
@Injectable()
export class SearchSnapshots {
  private readonly logger = new Logger(SearchSnapshots.name);
  private readonly directory: string;
  /** Writes and deletions of one project's file, in order. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    config: ConfigService,
    private readonly cipher: FieldCipher,
  ) {
    this.directory = join(config.app.dataDir, 'search');
  }

  /** The project's saved index, or null when there is none or it does not open. */
  async read(projectId: string): Promise<SearchSnapshot | null> {
    await this.queues.get(projectId);
    let sealed: Buffer;
    try {
      sealed = await readFile(this.path(projectId));
    } catch {
      return null;
    }
    try {
      const plain = await this.cipher.openBytes(this.field(projectId), sealed);
      const headerLength = plain.readUInt32BE(0);
      const header = JSON.parse(plain.subarray(HEADER_LENGTH_BYTES, HEADER_LENGTH_BYTES + headerLength).toString('utf8')) as { versions: [string, number][] };
      return { versions: new Map(header.versions), payload: plain.subarray(HEADER_LENGTH_BYTES + headerLength) };
    } catch (error) {
      this.logger.warn(`The saved search index of project ${projectId} was not used (${(error as Error).message}); it is built again.`);
      return null;
    }
  }

  /** Saves the project's index (replacing the file at once, never half written). */
  write(projectId: string, versions: ReadonlyMap<string, number>, payload: Uint8Array): Promise<void> {
    return this.queue(projectId, async () => {
      const header = Buffer.from(JSON.stringify({ versions: [...versions] }), 'utf8');
      const length = Buffer.alloc(HEADER_LENGTH_BYTES);
      length.writeUInt32BE(header.length, 0);
      const sealed = this.cipher.sealPieces(await this.cipher.keyForProject(projectId), this.field(projectId), [length, header, payload]);
      await mkdir(this.directory, { recursive: true, mode: 0o700 });
      const temporary = `${this.path(projectId)}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, sealed, { mode: 0o600 });
        await rename(temporary, this.path(projectId));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    });
  }

  /** Deletes the project's saved index (its project or one of its documents was deleted). */
  remove(projectId: string): Promise<void> {
    return this.queue(projectId, () => rm(this.path(projectId), { force: true }));
  }

  private queue(projectId: string, task: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(projectId) ?? Promise.resolve()).then(task);
    const settled = next.catch(() => undefined);
    this.queues.set(projectId, settled);
    void settled.then(() => {
      if (this.queues.get(projectId) === settled) this.queues.delete(projectId);
    });
    return next;
  }

  private path(projectId: string): string {
    if (!UUID.test(projectId)) throw new Error(`Not a project id: ${projectId}`);
    return join(this.directory, `${projectId}.index`);
  }

  private field(projectId: string): FieldRef {
    return { table: 'search_snapshots', column: 'index', rowId: projectId };
  }
}
