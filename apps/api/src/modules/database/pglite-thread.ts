import type { PGlite } from '@electric-sql/pglite';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { DatabaseInUseError, openEmbeddedDatabase } from './embedded-database';
import type { ThreadReply } from '@api/modules/common/thread-replies';
import type { ThreadOpened, ThreadRequest, ThreadStart } from './embedded-thread';

/**
 * The thread side of EmbeddedDatabaseThread: opens the PGlite cluster named in workerData and runs the
 * PostgreSQL protocol bytes it is sent, one batch at a time and in order, replying with the server's bytes.
 * PGlite does its work synchronously inside WebAssembly; here that work no longer holds up the event loop
 * that serves requests.
 */

if (isMainThread || parentPort === null) throw new Error('pglite-thread runs only as a worker thread started by EmbeddedDatabaseThread');
const port = parentPort;
const { directory, template } = workerData as ThreadStart;
let db: PGlite | null = null;
let queue: Promise<void> = Promise.resolve();

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function run(request: ThreadRequest): Promise<void> {
  try {
    if (db === null) throw new Error('The embedded database is not open.');
    if (request.op === 'exec') {
      const raw = await db.execProtocolRaw(request.bytes);
      port.postMessage({ id: request.id, ok: true, value: raw } satisfies ThreadReply<Uint8Array | null>, [raw.buffer as ArrayBuffer]);
    } else if (request.op === 'ping') {
      if (db.closed) throw new Error('The embedded database is closed.');
      port.postMessage({ id: request.id, ok: true, value: null } satisfies ThreadReply<Uint8Array | null>);
    } else {
      await db.close();
      db = null;
      port.postMessage({ id: request.id, ok: true, value: null } satisfies ThreadReply<Uint8Array | null>);
    }
  } catch (error) {
    port.postMessage({ id: request.id, ok: false, error: message(error) } satisfies ThreadReply<Uint8Array | null>);
  }
}

port.on('message', (request: ThreadRequest) => {
  queue = queue.then(() => run(request));
});

openEmbeddedDatabase(directory, template).then(
  (opened) => {
    db = opened;
    port.postMessage({ opened: true } satisfies ThreadOpened);
  },
  (error: unknown) => {
    port.postMessage({ opened: false, error: message(error), inUse: error instanceof DatabaseInUseError } satisfies ThreadOpened);
  },
);
