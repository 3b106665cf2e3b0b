import type { PGlite } from '@electric-sql/pglite';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { DatabaseInUseError, openEmbeddedDatabase } from './embedded-database';
import { DATABASE_THREAD_NICENESS, lowerThreadPriority } from '@api/modules/common/thread-priority';
import type { ThreadReply } from '@api/modules/common/thread-replies';
import type { ThreadOpened, ThreadRequest, ThreadStart, ThreadValue } from './embedded-thread';

/**
 * The thread side of EmbeddedDatabaseThread: opens the PGlite cluster named in workerData and runs the
 * PostgreSQL protocol bytes it is sent, one batch at a time and in order, replying with the server's bytes.
 * PGlite does its work synchronously inside WebAssembly; here that work no longer holds up the event loop
 * that serves requests.
 */

if (isMainThread || parentPort === null) throw new Error('pglite-thread runs only as a worker thread started by EmbeddedDatabaseThread');
lowerThreadPriority(DATABASE_THREAD_NICENESS);
const port = parentPort;
const { directory, template } = workerData as ThreadStart;
let db: PGlite | null = null;
let queue: Promise<void> = Promise.resolve();

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a batch and gathers the server's reply as PGlite hands it out. Not `execProtocolRaw`: PGlite 0.5 also parses
 * every message of its reply there and keeps what it parsed (each row read, as strings) until a call of another kind
 * clears it, which never comes here — the thread's heap grew with every row ever read (400 MB over a data room of
 * 1,000 documents). The stream variant hands the bytes over without parsing them.
 */
async function execute(database: PGlite, bytes: Uint8Array): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  // Each part is a view into the database's WebAssembly memory, reused by the next: copied as it comes.
  await database.execProtocolRawStream(bytes, {
    onRawData: (data) => {
      parts.push(data.slice());
      length += data.length;
    },
  });
  if (parts.length === 1) return parts[0];
  const reply = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    reply.set(part, at);
    at += part.length;
  }
  return reply;
}

async function run(request: ThreadRequest): Promise<void> {
  try {
    if (db === null) throw new Error('The embedded database is not open.');
    if (request.op === 'exec') {
      const raw = await execute(db, request.bytes);
      port.postMessage({ id: request.id, ok: true, value: raw } satisfies ThreadReply<ThreadValue>, [raw.buffer as ArrayBuffer]);
    } else if (request.op === 'heap') {
      port.postMessage({ id: request.id, ok: true, value: getHeapStatistics().used_heap_size } satisfies ThreadReply<ThreadValue>);
    } else if (request.op === 'ping') {
      if (db.closed) throw new Error('The embedded database is closed.');
      port.postMessage({ id: request.id, ok: true, value: null } satisfies ThreadReply<ThreadValue>);
    } else {
      await db.close();
      db = null;
      port.postMessage({ id: request.id, ok: true, value: null } satisfies ThreadReply<ThreadValue>);
    }
  } catch (error) {
    port.postMessage({ id: request.id, ok: false, error: message(error) } satisfies ThreadReply<ThreadValue>);
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
