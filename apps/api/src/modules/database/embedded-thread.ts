import { Logger } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { serialize } from 'pg-protocol';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import { childModule } from '@api/modules/common/node-module';
import { ThreadReplies } from '@api/modules/common/thread-replies';
import { CLUSTER_TEMPLATE, DatabaseInUseError } from './embedded-database';
import { confineFileModes } from './private-data-dir';

/** What the database thread is started with. */
export interface ThreadStart {
  directory: string;
  template: string | null;
}

export type ThreadRequest = { id: number; op: 'exec'; bytes: Uint8Array } | { id: number; op: 'ping' | 'close' | 'heap' };
/** What the thread replies: the server's bytes (exec), the heap in use (heap), nothing (ping, close). */
export type ThreadValue = Uint8Array | number | null;
/** The thread's first message: the cluster is open, or why it could not be. */
export type ThreadOpened = { opened: true } | { opened: false; error: string; inUse: boolean };

/**
 * The embedded database (PGlite) running in a thread of its own: PostgreSQL protocol bytes go in, the server's
 * bytes come back. PGlite works synchronously inside WebAssembly, so on the event loop every query would hold up
 * every request being served (bench:qa); in its own thread it runs beside them. The thread is the only holder of
 * the cluster, under the same lock as before (DATA_DIR/db.lock, this process).
 */
export class EmbeddedDatabaseThread {
  private readonly logger = new Logger('EmbeddedDatabase');
  private readonly replies: ThreadReplies<ThreadValue>;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    this.replies = new ThreadReplies(worker);
    worker.on('error', (error) => this.stop(new Error(`The embedded database thread failed: ${error.message}`)));
    worker.on('exit', (code) => this.stop(new Error(`The embedded database thread stopped (exit code ${code}).`)));
  }

  /** Starts the thread and opens (creating it first if the folder is new) the cluster in `directory`. */
  static open(directory: string, template: string | null = existsSync(CLUSTER_TEMPLATE) ? CLUSTER_TEMPLATE : null): Promise<EmbeddedDatabaseThread> {
    // The umask is the process's: set here, since a worker thread may not change it.
    confineFileModes();
    const { path, execArgv } = childModule(__dirname, 'pglite-thread');
    const worker = new Worker(path, { execArgv, workerData: { directory, template } satisfies ThreadStart });
    return new Promise((resolve, reject) => {
      const failed = (error: Error): void => {
        worker.off('message', opened);
        reject(error);
      };
      const exited = (code: number): void => failed(new Error(`The embedded database thread stopped while opening ${directory} (exit code ${code}).`));
      const opened = (message: ThreadOpened): void => {
        worker.off('error', failed);
        worker.off('exit', exited);
        if (message.opened) {
          resolve(new EmbeddedDatabaseThread(worker));
          return;
        }
        void worker.terminate();
        reject(message.inUse ? new DatabaseInUseError(message.error) : new Error(message.error));
      };
      worker.once('message', opened);
      worker.once('error', failed);
      worker.once('exit', exited);
    });
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  /** Runs a batch of protocol messages; the reply holds every message the server sent for them. */
  exec(bytes: Uint8Array): Promise<Uint8Array> {
    // node-postgres's messages are views into larger memory (small ones into Node's shared 8 kB buffer pool), and
    // posting a view copies all of that memory: the batch is copied out to memory of its own, which is moved.
    const own = new Uint8Array(bytes.byteLength);
    own.set(bytes);
    return this.send({ op: 'exec', bytes: own }, [own.buffer]).then((raw) => (raw instanceof Uint8Array ? raw : new Uint8Array(0)));
  }

  /** Bytes of the thread's JavaScript heap in use (garbage not yet collected included): its memory apart from PGlite's own. */
  async heapUsed(): Promise<number> {
    const used = await this.send({ op: 'heap' });
    return typeof used === 'number' ? used : 0;
  }

  /**
   * Resolves once the thread has run what was sent before and finds the cluster open. It does not wait for the
   * connection pool (one session, queries queued behind each other), so a busy server still answers at once.
   */
  async ping(): Promise<void> {
    await this.send({ op: 'ping' });
  }

  async close(): Promise<void> {
    if (this.stopped !== null) return;
    try {
      await this.send({ op: 'close' });
    } finally {
      this.stopped = new Error('The embedded database is closed.');
      await this.worker.terminate();
    }
  }

  private send(request: { op: 'exec'; bytes: Uint8Array } | { op: 'ping' | 'close' | 'heap' }, moved: ArrayBuffer[] = []): Promise<ThreadValue> {
    if (this.stopped !== null) return Promise.reject(this.stopped);
    const { id, reply } = this.replies.expect();
    this.worker.postMessage({ id, ...request } satisfies ThreadRequest, moved);
    return reply;
  }

  /** The thread stopped without being closed: every query fails from now on, which the log says once. */
  private stop(error: Error): void {
    if (this.stopped === null) {
      this.stopped = error;
      this.logger.error(`${error.message.replace(/\.?$/, '.')} Every query fails until the server is restarted.`);
    }
    this.replies.failAll(error);
  }
}

type PortalOpts = Parameters<typeof serialize.describe>[0];

/**
 * A node-postgres connection to the database thread, in place of a socket: what the client would write is
 * gathered until it asks for a reply (Sync, Flush or a simple query) and sent as one batch, and the messages of
 * the reply are handed to the client as a socket's would be. There is no start-up or authentication: the
 * connection is ready at once, as PGlite's own adapter for node-postgres is.
 */
export class EmbeddedConnection extends EventEmitter {
  _connecting = false;
  readonly stream = { destroy: (): void => this.end() };
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  private outgoing: Buffer[] = [];
  private replies: Promise<void> = Promise.resolve();
  private readonly parser = new Parser();

  constructor(private readonly thread: EmbeddedDatabaseThread) {
    super();
  }

  connect(): void {
    this._connecting = true;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.write(serialize.query(text), true);
  }

  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.write(serialize.parse(query), false);
  }

  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.write(serialize.bind(config), false);
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.write(serialize.execute(config), false);
  }

  describe(message: PortalOpts): void {
    this.write(serialize.describe(message), false);
  }

  close(message: PortalOpts): void {
    this.write(serialize.close(message), false);
  }

  flush(): void {
    this.write(serialize.flush(), true);
  }

  sync(): void {
    this.write(serialize.sync(), true);
  }

  sendCopyFromChunk(chunk: Buffer): void {
    this.write(serialize.copyData(chunk), false);
  }

  endCopyFrom(): void {
    this.write(serialize.copyDone(), true);
  }

  sendCopyFail(message: string): void {
    this.write(serialize.copyFail(message), true);
  }

  /** Ends once every reply asked for has been handed over; the listeners of the client that used it go. */
  end(): void {
    this.replies = this.replies.then(() => {
      this.emit('end');
    });
    for (const name of this.eventNames()) if (name !== 'newListener') this.removeAllListeners(name);
  }

  private write(bytes: Buffer, send: boolean): void {
    this.outgoing.push(bytes);
    if (!send) return;
    const batch = this.outgoing.length === 1 ? this.outgoing[0] : Buffer.concat(this.outgoing);
    this.outgoing = [];
    // Batches run in the thread in the order sent; their replies are handed over in the same order.
    const reply = this.thread.exec(batch);
    // A failure is handed over in its turn below, not reported as unhandled before then.
    reply.catch(() => undefined);
    this.replies = this.replies
      .then(() => reply)
      .then((raw) => this.parser.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (message) => this.deliver(message)))
      .catch((error: unknown) => {
        this.emit('error', error instanceof Error ? error : new Error(String(error)));
      });
  }

  private deliver(message: BackendMessage): void {
    if (this.listenerCount('message') > 0) this.emit('message', message);
    this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
  }
}
