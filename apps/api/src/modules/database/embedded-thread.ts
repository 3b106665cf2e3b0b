import { Logger } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { serialize } from 'pg-protocol';
import { type BackendMessage, parseComplete } from 'pg-protocol/dist/messages';
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
  /** The session's prepared statements: it is one session, whichever connection parses. */
  readonly statements = new StatementCache();
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
type ParseOpts = Parameters<typeof serialize.parse>[0];

/** Statements kept prepared in the session at most; the least recently used is closed to make room. */
export const STATEMENT_CACHE_SIZE = 256;
/** Longer statements (a many-row insert) are parsed each time: their plans are large and seldom asked for again. */
const CACHED_STATEMENT_CHARS = 4096;
/**
 * Statements that change the schema (one that begins so, or a script with one among its statements): after one,
 * every kept statement is closed and prepared again when next asked, so a kept `SELECT *` sees a new column. A
 * change this misses (DDL run inside a function) fails a kept statement whose columns it changed once, with
 * PostgreSQL's "cached plan must not change result type"; that statement is then prepared again.
 */
const SCHEMA_CHANGE = /(?:^|;)\s*(?:alter|create|drop|truncate|comment\s+on|reindex|cluster|do)\b/i;
/** The name prefix of kept statements, apart from any name a caller gives its own. */
const STATEMENT_PREFIX = 'casewise_kept_';

/**
 * The session's prepared statements, one per statement text the application sends with parameters. node-postgres
 * (and TypeORM through it) sends every such query as an unnamed statement, which PostgreSQL parses, analyses and
 * plans again on each run; for the handful of queries an answer makes that is half of the database's work. Here
 * a statement seen before is bound by name instead, as a client that names its statements would do, and PostgreSQL
 * keeps the plans (re-planning them itself when a table they read changes). A statement is used by name only once
 * the session has confirmed it was prepared.
 */
export class StatementCache {
  /** Statement text (and parameter types) to its name; Map order is the order of use, least recent first. */
  private readonly kept = new Map<string, { name: string; ready: boolean }>();
  /** Statements to close in the session, sent ahead of the next batch. */
  private closing: string[] = [];
  private counter = 0;

  constructor(private readonly capacity = STATEMENT_CACHE_SIZE) {}

  /**
   * How to send an unnamed statement: bound by the name of one already prepared (`prepared`), prepared under a new
   * name, or unnamed as the caller asked (`null`: too long, or still being prepared by a batch not yet answered).
   */
  plan({ text, types }: ParseOpts): { key: string; name: string; prepared: boolean } | null {
    if (text.length > CACHED_STATEMENT_CHARS) return null;
    const key = types !== undefined && types.length > 0 ? `${types.join(',')}\u0000${text}` : text;
    const found = this.kept.get(key);
    if (found !== undefined) {
      if (!found.ready) return null;
      this.kept.delete(key);
      this.kept.set(key, found);
      return { key, name: found.name, prepared: true };
    }
    const name = `${STATEMENT_PREFIX}${++this.counter}`;
    this.kept.set(key, { name, ready: false });
    if (this.kept.size > this.capacity) {
      const [oldestKey, oldest] = this.kept.entries().next().value as [string, { name: string; ready: boolean }];
      this.kept.delete(oldestKey);
      this.closing.push(oldest.name);
    }
    return { key, name, prepared: false };
  }

  /** The session answered the batch that prepared `key` as `name`: whether it did. */
  settle(key: string, name: string, prepared: boolean): void {
    const found = this.kept.get(key);
    if (found?.name !== name) return;
    if (prepared) found.ready = true;
    else this.kept.delete(key);
  }

  /** A statement the session failed to run by name (it may have been closed or gone stale): prepared again next time. */
  drop(key: string, name: string): void {
    if (this.kept.get(key)?.name !== name) return;
    this.kept.delete(key);
    this.closing.push(name);
  }

  /** The schema changed: every kept statement is closed. */
  clear(): void {
    for (const { name } of this.kept.values()) this.closing.push(name);
    this.kept.clear();
  }

  /** Close messages for the statements let go since the last batch. */
  takeClosing(): string[] {
    const names = this.closing;
    this.closing = [];
    return names;
  }

  /** Whether a statement's text changes the schema. */
  static changesSchema(text: string): boolean {
    return SCHEMA_CHANGE.test(text);
  }
}

/** What a batch sent to the session did with the statement cache, to be settled by its reply. */
interface BatchStatements {
  /** Close messages put ahead of the batch: their CloseComplete replies are the cache's, not the client's. */
  closes: number;
  /** The batch binds a kept statement: the client gets the ParseComplete its own Parse would have had. */
  bound: { key: string; name: string } | null;
  /** The batch prepares a statement under a kept name. */
  preparing: { key: string; name: string } | null;
}

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
  /** The kept statement the next unnamed Bind goes to, and what the batch being gathered did with the cache. */
  private boundTo: string | null = null;
  private batch: BatchStatements = { closes: 0, bound: null, preparing: null };

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
    if (StatementCache.changesSchema(text)) this.thread.statements.clear();
    this.write(serialize.query(text), true);
  }

  parse(query: ParseOpts): void {
    const statements = this.thread.statements;
    const changesSchema = StatementCache.changesSchema(query.text);
    if (changesSchema) statements.clear();
    const plan = !changesSchema && (query.name === undefined || query.name === '') ? statements.plan(query) : null;
    this.boundTo = plan?.name ?? null;
    if (plan === null) {
      this.write(serialize.parse(query), false);
    } else if (plan.prepared) {
      this.batch.bound = { key: plan.key, name: plan.name };
    } else {
      this.batch.preparing = { key: plan.key, name: plan.name };
      this.write(serialize.parse({ ...query, name: plan.name }), false);
    }
  }

  bind(config: Parameters<typeof serialize.bind>[0]): void {
    const statement = config?.statement ?? '';
    const kept = statement === '' ? this.boundTo : null;
    this.boundTo = null;
    this.write(serialize.bind(kept === null ? config : { ...config, statement: kept }), false);
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.write(serialize.execute(config), false);
  }

  describe(message: PortalOpts): void {
    this.write(serialize.describe(message), false);
  }

  close(message: PortalOpts): void {
    // A statement the client closes after a failed Bind is its unnamed one, never a kept one.
    if (message.type === 'S' && (message.name ?? '') === '') this.boundTo = null;
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
    // Statements the cache let go are closed first, in the same batch.
    const closes = this.thread.statements.takeClosing().map((name) => serialize.close({ type: 'S', name }));
    const parts = closes.length > 0 ? [...closes, ...this.outgoing] : this.outgoing;
    const batch = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    this.outgoing = [];
    const statements: BatchStatements = { ...this.batch, closes: closes.length };
    this.batch = { closes: 0, bound: null, preparing: null };
    // Batches run in the thread in the order sent; their replies are handed over in the same order.
    const reply = this.thread.exec(batch);
    // A failure is handed over in its turn below, not reported as unhandled before then.
    reply.catch(() => undefined);
    this.replies = this.replies
      .then(() => reply)
      .then((raw) => this.handOver(raw, statements))
      .catch((error: unknown) => {
        this.emit('error', error instanceof Error ? error : new Error(String(error)));
      });
  }

  /** Hands a batch's reply to the client as the batch it wrote would have had it, and settles the statement cache. */
  private handOver(raw: Uint8Array, { closes, bound, preparing }: BatchStatements): void {
    const statements = this.thread.statements;
    let skip = closes;
    let first = true;
    let failed = false;
    if (bound !== null) this.deliver(parseComplete);
    this.parser.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (message) => {
      if (skip > 0 && message.name === 'closeComplete') {
        skip--;
        return;
      }
      if (first && preparing !== null) statements.settle(preparing.key, preparing.name, message.name === 'parseComplete');
      first = false;
      if (message.name === 'error') failed = true;
      this.deliver(message);
    });
    // A reply without a message (the thread gave none) prepared nothing.
    if (first && preparing !== null) statements.settle(preparing.key, preparing.name, false);
    if (bound !== null && failed) statements.drop(bound.key, bound.name);
  }

  private deliver(message: BackendMessage): void {
    if (this.listenerCount('message') > 0) this.emit('message', message);
    this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
  }
}
