import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { ANSWER_MEMO_BYTES } from '@casewise/legal';
import { childModule } from '@api/modules/common/node-module';
import { ThreadReplies } from '@api/modules/common/thread-replies';
import { ConfigService } from '@api/modules/config/config.service';
import { startWithOwnHeapLimits } from './heap-limits';
import { movable, workerHandlers, type WorkerHandlers, type WorkerOp, type WorkerRequest } from './worker.handlers';

/**
 * Share of SEARCH_CACHE_MB the answering threads' memos (each passage's sentences and terms, each contract's fields)
 * may hold together, at most `ANSWER_MEMO_BYTES` a thread: the search indexes are bounded by the rest.
 */
const ANSWER_MEMO_SHARE = 0.5;

/**
 * Young generation of each search and answering thread: three semi-spaces of 16 MB, V8's own default. An answer
 * allocates a few MB of short-lived strings and arrays: with 4-MB semi-spaces the thread collected its
 * young generation every 40 ms or so (816 scavenges in a 30-s bench:qa, 194 with these).
 */
const YOUNG_GENERATION_MB = 48;

/** What a worker thread is started with. */
export interface WorkerThreadData {
  /** Bytes its answering memos may hold. */
  memoBytes: number;
}

interface Slot {
  /** The running thread and the calls waiting for its reply; null until a call starts it. */
  thread: { worker: Worker; replies: ThreadReplies<unknown> } | null;
  /** The routes (projects) this thread has been handed state for since it started: they lose it with the thread. */
  routes: Set<string>;
}

/** FNV-1a over a route's code units: a project always goes to the same thread. */
function hash(route: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < route.length; i++) h = Math.imul(h ^ route.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Worker threads for the CPU-bound work of questions and reports (WORKER_THREADS of them, or none: then in this
 * thread): scoring a question against a project's retriever, composing the offline engine's answers and reports.
 * Each call goes to the thread its route names (a project always to the same one, so that its retriever is built
 * once), while the event loop goes on serving other requests. Calls to one thread run in the order they were made. A
 * thread that dies fails its pending calls, is started again on the next call, and the projects it held are reported
 * to `onLost` listeners (they must be built again).
 */
@Injectable()
export class WorkerPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerPool.name);
  private readonly slots: Slot[];
  private readonly local: WorkerHandlers | null;
  private readonly lostListeners: ((routes: string[]) => void)[] = [];
  private closed = false;
  private readonly startEarly: boolean;
  /** Bytes the answering memos of all threads (or of this one, without threads) may hold together. */
  readonly memoBytes: number;
  private readonly threadData: WorkerThreadData;

  constructor(config: ConfigService) {
    const size = config.workers.threads;
    this.startEarly = config.app.role !== 'worker';
    this.slots = Array.from({ length: size }, () => ({ thread: null, routes: new Set() }));
    const holders = Math.max(1, size);
    this.memoBytes = Math.floor(Math.min(holders * ANSWER_MEMO_BYTES, config.search.cacheMb * 1024 * 1024 * ANSWER_MEMO_SHARE));
    this.threadData = { memoBytes: Math.floor(this.memoBytes / holders) };
    this.local = size === 0 ? workerHandlers(this.threadData) : null;
  }

  /**
   * A server that answers questions starts its threads at once (they load their code while the server starts), so that
   * the first question, a restored search index among it, does not wait for that.
   */
  onApplicationBootstrap(): void {
    if (!this.startEarly || this.closed) return;
    for (const slot of this.slots) if (slot.thread === null) this.spawn(slot);
  }

  get size(): number {
    return this.slots.length;
  }

  onLost(listener: (routes: string[]) => void): void {
    this.lostListeners.push(listener);
  }

  call<K extends WorkerOp>(route: string, op: K, ...args: Parameters<WorkerHandlers[K]>): Promise<ReturnType<WorkerHandlers[K]>> {
    return this.send(route, op, args, []);
  }

  /**
   * Like `call`, moving the memory of `bytes` (one of the arguments) to the thread instead of copying it when it is
   * large and its own (`movable`): it is empty here afterwards.
   */
  callMoving<K extends WorkerOp>(bytes: Uint8Array, route: string, op: K, ...args: Parameters<WorkerHandlers[K]>): Promise<ReturnType<WorkerHandlers[K]>> {
    return this.send(route, op, args, this.local === null ? movable(bytes) : []);
  }

  private send<K extends WorkerOp>(route: string, op: K, args: Parameters<WorkerHandlers[K]>, moved: ArrayBuffer[]): Promise<ReturnType<WorkerHandlers[K]>> {
    type Result = ReturnType<WorkerHandlers[K]>;
    if (this.local !== null) {
      try {
        return Promise.resolve((this.local[op] as (...a: unknown[]) => unknown)(...args) as Result);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    if (this.closed) return Promise.reject(new Error('The worker threads are closed.'));
    const slot = this.slots[hash(route) % this.slots.length];
    const { worker, replies } = slot.thread ?? this.spawn(slot);
    // A route handed state to keep (a project's retriever) loses it with the thread.
    if (op === 'add' || op === 'restore') slot.routes.add(route);
    const { id, reply } = replies.expect();
    worker.postMessage({ id, op, args } satisfies WorkerRequest, moved);
    return reply as Promise<Result>;
  }

  private spawn(slot: Slot): NonNullable<Slot['thread']> {
    const { path, execArgv } = childModule(__dirname, 'worker-thread');
    const worker = startWithOwnHeapLimits(
      () => new Worker(path, { execArgv, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }, stdout: false, stderr: false, workerData: this.threadData }),
    );
    const thread = { worker, replies: new ThreadReplies<unknown>(worker) };
    slot.thread = thread;
    slot.routes = new Set();
    const lost = (error: Error): void => {
      if (slot.thread !== thread) return;
      slot.thread = null;
      const routes = [...slot.routes];
      slot.routes = new Set();
      thread.replies.failAll(error);
      if (!this.closed) this.logger.warn(`A worker thread stopped (${error.message}); its ${routes.length} route(s) start again.`);
      for (const listener of this.lostListeners) listener(routes);
    };
    worker.on('error', (error) => lost(error));
    worker.on('exit', (code) => lost(new Error(`worker thread exited with code ${code}`)));
    return thread;
  }

  /** The threads stop last, once every module's own shutdown (a search index being saved) has used them. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.thread !== null) await slot.thread.worker.terminate();
      }),
    );
  }
}
