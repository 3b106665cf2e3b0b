import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { childModule } from '@api/modules/common/node-module';
import { detectFileType } from '@api/modules/documents/file-type';
import { ParseError, toParseError } from '@api/modules/common/parse-error';
import type { FromWorker, ToWorker, WorkerParseRequest } from './parse-worker.protocol';
import type { DocumentType, OcrEngine, ParsedDocument, ParseLimits } from './parser.types';
import { TesseractOcrEngine } from './tesseract-ocr.engine';

export interface ParserPoolOptions {
  /** Parsing processes; default: the machine's parallelism, at most 4. */
  size?: number;
  /** A parse that reports no progress (a page) for this long is stopped. Default 60 s. */
  stallTimeoutMs?: number;
  /** A parse still running after this long is stopped, OCR included. Default 30 min. */
  maxDurationMs?: number;
  /** Heap of each parsing process; a parse that needs more is stopped. Default 1024 MiB. */
  maxHeapMb?: number;
  /** Where pages and images are recognised; default one TesseractOcrEngine made on first use. */
  ocrEngine?: OcrEngine & { terminate?: () => Promise<void> };
}

export interface PoolParseOptions {
  /** OCR for pages without text and for images; default true. */
  ocr?: boolean;
  limits?: Partial<ParseLimits>;
  /** Overrides the pool's stallTimeoutMs for this parse. */
  stallTimeoutMs?: number;
}

/**
 * The parsing processes' garbage collection: 4 MB young generations, and no helper threads. The pool runs about one
 * process per core, so a collector's helpers only take time from the other processes and the server; each process
 * collecting on its own thread read CUAD's 84 PDFs with about 10 % less CPU (docs/decisions.md).
 */
const PARSER_GC_FLAGS = ['--max-semi-space-size=4', '--single-threaded-gc'] as const;

/** How much of a parsing process's last words (stderr) is kept to explain its death. */
const STDERR_TAIL = 4096;

interface Job {
  id: number;
  request: WorkerParseRequest;
  stallTimeoutMs: number;
  resolve: (result: ParsedDocument) => void;
  reject: (error: Error) => void;
  ocrPending: number;
  stallTimer?: NodeJS.Timeout;
  deadlineTimer?: NodeJS.Timeout;
}

interface Slot {
  worker: ChildProcess | null;
  ready: boolean;
  job: Job | null;
  stderr: string;
}

/**
 * Parses documents in child processes with bounded heap and time: a hostile or runaway file ends
 * with a ParseError and a fresh process, never with this one. (Worker threads were not enough: a
 * thread that overruns its heap in one large allocation aborts the whole process.) OCR requests
 * from the children go to a single engine owned by the pool. Call `close` on shutdown.
 */
export class ParserPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private readonly stallTimeoutMs: number;
  private readonly maxDurationMs: number;
  private readonly maxHeapMb: number;
  private ocrEngine: (OcrEngine & { terminate?: () => Promise<void> }) | undefined;
  private readonly ownsOcrEngine: boolean;
  private nextJobId = 1;
  private closed = false;

  constructor(options: ParserPoolOptions = {}) {
    const size = Math.max(1, options.size ?? Math.min(4, availableParallelism()));
    this.slots = Array.from({ length: size }, () => ({ worker: null, ready: false, job: null, stderr: '' }));
    this.stallTimeoutMs = options.stallTimeoutMs ?? 60_000;
    this.maxDurationMs = options.maxDurationMs ?? 30 * 60_000;
    this.maxHeapMb = options.maxHeapMb ?? 1024;
    this.ocrEngine = options.ocrEngine;
    this.ownsOcrEngine = options.ocrEngine === undefined;
  }

  get size(): number {
    return this.slots.length;
  }

  parse(type: DocumentType, input: Buffer, options: PoolParseOptions = {}): Promise<ParsedDocument> {
    if (this.closed) return Promise.reject(new Error('The parser pool is closed.'));
    if (input.length === 0) return Promise.reject(ParseError.damaged('empty file'));
    return new Promise<ParsedDocument>((resolve, reject) => {
      const id = this.nextJobId++;
      // Sent as a Buffer: IPC serialises only the bytes it views, not a shared pool slab.
      const request: WorkerParseRequest = { kind: 'parse', id, type, input, ocr: options.ocr ?? true, limits: options.limits };
      this.queue.push({ id, request, stallTimeoutMs: options.stallTimeoutMs ?? this.stallTimeoutMs, resolve, reject, ocrPending: 0 });
      this.pump();
    });
  }

  /** Detects the type of a file on disk from its bytes, then parses it. */
  async parseFile(path: string, options: PoolParseOptions & { fileName?: string; type?: DocumentType } = {}): Promise<ParsedDocument> {
    const type = options.type ?? (await detectFileType(path, options.fileName ?? basename(path)));
    if (type === null) throw new ParseError('unsupported');
    return this.parse(type, await readFile(path), options);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The parser pool is closed.'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job !== null) this.finish(slot, new Error('The parser pool is closed.'));
        const worker = slot.worker;
        slot.worker = null;
        if (worker !== null) await kill(worker);
      }),
    );
    if (this.ownsOcrEngine) await this.ocrEngine?.terminate?.();
    this.ocrEngine = undefined;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.job !== null) continue;
      const job = this.queue.shift() as Job;
      this.start(slot, job);
    }
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    const worker = slot.worker ?? this.spawn(slot);
    holdOpen(worker, true);
    // Starting a process is not the file's doing: the stall clock runs once the process is ready.
    if (slot.ready) this.armStallTimer(slot, job);
    job.deadlineTimer = setTimeout(() => this.stop(slot, job, new ParseError('timeout')), this.maxDurationMs);
    worker.send(job.request satisfies ToWorker);
  }

  private spawn(slot: Slot): ChildProcess {
    const { path, execArgv } = childModule(__dirname, 'parse-worker', [`--max-old-space-size=${this.maxHeapMb}`, ...PARSER_GC_FLAGS]);
    const worker = fork(path, [], {
      execArgv,
      // The child reads no configuration and must not inherit secrets.
      env: {},
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    slot.worker = worker;
    slot.ready = false;
    slot.stderr = '';
    worker.stderr?.setEncoding('utf8');
    worker.stderr?.on('data', (chunk: string) => {
      if (slot.worker === worker) slot.stderr = (slot.stderr + chunk).slice(-STDERR_TAIL);
    });
    worker.on('message', (message: FromWorker) => this.onMessage(slot, worker, message));
    worker.on('error', (error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (slot.job !== null) this.finish(slot, new Error(`The parser process failed: ${error.message}`));
      void kill(worker);
    });
    worker.on('exit', (code, signal) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (slot.job === null) return;
      const detail = `parser process ended (${signal ?? code}): ${slot.stderr.trim().split('\n').slice(-3).join(' ')}`;
      let failure: Error;
      if (/heap out of memory|Allocation failed/i.test(slot.stderr)) failure = new ParseError('too-complex', undefined, detail);
      else if (slot.ready) failure = ParseError.damaged(detail);
      else failure = new Error(`The parser process could not start: ${detail}`);
      this.finish(slot, failure);
    });
    return worker;
  }

  private onMessage(slot: Slot, worker: ChildProcess, message: FromWorker): void {
    if (slot.worker !== worker) return;
    if (message.kind === 'ready') {
      slot.ready = true;
      if (slot.job !== null) this.armStallTimer(slot, slot.job);
      return;
    }
    const job = slot.job;
    if (job === null || job.id !== message.id) return;
    switch (message.kind) {
      case 'progress':
        this.armStallTimer(slot, job);
        return;
      case 'ocr':
        void this.recognize(slot, job, worker, message.ocrId, message.image);
        return;
      case 'done':
        this.finish(slot, null, message.result);
        return;
      case 'failed':
        this.finish(slot, ParseError.fromJSON(message.error));
        return;
    }
  }

  private async recognize(slot: Slot, job: Job, worker: ChildProcess, ocrId: number, image: Uint8Array): Promise<void> {
    job.ocrPending += 1;
    clearTimeout(job.stallTimer);
    let reply: ToWorker;
    try {
      this.ocrEngine ??= new TesseractOcrEngine();
      reply = { kind: 'ocr-result', id: ocrId, text: await this.ocrEngine.recognize(image) };
    } catch (error) {
      reply = { kind: 'ocr-result', id: ocrId, error: toParseError(error).toJSON() };
    }
    job.ocrPending -= 1;
    if (slot.job !== job || slot.worker !== worker) return;
    this.armStallTimer(slot, job);
    worker.send(reply);
  }

  private armStallTimer(slot: Slot, job: Job): void {
    clearTimeout(job.stallTimer);
    if (job.ocrPending > 0) return;
    job.stallTimer = setTimeout(() => this.stop(slot, job, new ParseError('timeout')), job.stallTimeoutMs);
  }

  /** Ends a runaway parse by ending its process; the next job gets a new one. */
  private stop(slot: Slot, job: Job, error: Error): void {
    if (slot.job !== job) return;
    const worker = slot.worker;
    slot.worker = null;
    this.finish(slot, error);
    if (worker !== null) void kill(worker);
  }

  private finish(slot: Slot, error: Error | null, result?: ParsedDocument): void {
    const job = slot.job;
    if (job === null) return;
    slot.job = null;
    clearTimeout(job.stallTimer);
    clearTimeout(job.deadlineTimer);
    if (slot.worker !== null) holdOpen(slot.worker, false);
    if (error === null && result !== undefined) job.resolve(result);
    else job.reject(error ?? ParseError.damaged('no result'));
    if (!this.closed) this.pump();
  }
}

/** Whether a child keeps this process alive: only while it works for us. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  const handles = [child, child.channel, child.stderr] as ({ ref(): void; unref(): void } | null | undefined)[];
  for (const handle of handles) {
    if (hold) handle?.ref();
    else handle?.unref();
  }
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // Held open until it has exited, or a caller awaiting this could see its process end first.
    child.ref();
    child.kill('SIGKILL');
  });
}

let sharedPool: ParserPool | undefined;

/**
 * Parses a file on disk through a pool shared by callers of this function (its idle processes do
 * not keep this one alive). For benchmarks and scripts; the application owns its own pool.
 */
export function parseFile(path: string, options: PoolParseOptions & { fileName?: string; type?: DocumentType } = {}): Promise<ParsedDocument> {
  sharedPool ??= new ParserPool();
  return sharedPool.parseFile(path, options);
}

export async function closeSharedParserPool(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}
