import { dirname, join } from 'node:path';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { describeError, ParseError } from '@api/modules/common/parse-error';
import type { OcrEngine } from './parser.types';

export interface TesseractOcrOptions {
  /** A single image taking longer than this stops the engine's worker, which restarts on next use. */
  timeoutMs?: number;
  /** The worker (about 150-270 MB with its model and page buffers) stops after this long without work. */
  idleMs?: number;
  /** Runs the idle stop after a delay and returns its cancel function; tests pass one they fire themselves. */
  schedule?: IdleScheduler;
}

export type IdleScheduler = (run: () => void, ms: number) => () => void;

/** A timer that never keeps the process alive on its own. */
const unrefTimer: IdleScheduler = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** English LSTM data shipped inside the npm package: nothing is fetched at run time. */
function englishDataPath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_IDLE_MS = 5_000;

interface RunningWorker {
  tesseract: TesseractWorker;
  thread: ThreadWorker | undefined;
  failure: Promise<never>;
}

/**
 * One tesseract.js worker, created on first use, reused while there is work and stopped once idle;
 * images are recognised one at a time. `terminate` stops it (call it on shutdown).
 */
export class TesseractOcrEngine implements OcrEngine {
  private running: Promise<RunningWorker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private cancelIdleStop: () => void = () => undefined;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly schedule: IdleScheduler;

  constructor(options: TesseractOcrOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.schedule = options.schedule ?? unrefTimer;
  }

  /** Whether the worker is loaded (started or starting). */
  get loaded(): boolean {
    return this.running !== null;
  }

  recognize(image: Uint8Array): Promise<string> {
    this.cancelIdleStop();
    this.pending += 1;
    const job = this.queue.then(() => this.recognizeNow(image));
    this.queue = job.catch(() => undefined);
    void this.queue.then(() => {
      this.pending -= 1;
      if (this.pending === 0) this.stopWhenIdle();
    });
    return job;
  }

  private stopWhenIdle(): void {
    this.cancelIdleStop();
    this.cancelIdleStop = this.schedule(() => {
      if (this.pending === 0) void this.terminate();
    }, this.idleMs);
  }

  async terminate(): Promise<void> {
    this.cancelIdleStop();
    const running = this.running;
    this.running = null;
    if (running === null) return;
    try {
      const { tesseract } = await running;
      await tesseract.terminate();
    } catch {
      // It failed to start or already stopped: nothing left to stop.
    }
  }

  private async start(): Promise<RunningWorker> {
    const tesseract = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: englishDataPath(),
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js rethrows a failed job inside its message listener.
      errorHandler: () => undefined,
    });
    // tesseract.js does not listen for its thread's errors; unheard, they would end the process.
    const thread = (tesseract as unknown as { worker?: ThreadWorker }).worker;
    const failure = new Promise<never>((_, reject) => {
      thread?.on('error', (error) => reject(new ParseError('ocr-failed', undefined, `tesseract: ${error.message}`)));
      thread?.on('exit', (code) => reject(new ParseError('ocr-failed', undefined, `tesseract exited with ${code}`)));
    });
    failure.catch(() => undefined);
    // An idle engine must not keep the process alive.
    thread?.unref();
    return { tesseract, thread, failure };
  }

  private async recognizeNow(image: Uint8Array): Promise<string> {
    if (this.running === null) {
      const starting = this.start();
      this.running = starting;
      starting.catch(() => {
        if (this.running === starting) this.running = null;
      });
    }
    const running = this.running;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ParseError('timeout', 'Recognising the text of a scanned page took too long and was stopped.')),
        this.timeoutMs,
      );
    });
    try {
      const { tesseract, thread, failure } = await Promise.race([running, timeout]).catch((error: unknown) => {
        if (error instanceof ParseError) throw error;
        throw new ParseError('ocr-failed', undefined, `tesseract did not start: ${describeError(error)}`);
      });
      const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
      thread?.ref();
      try {
        const result = await Promise.race([tesseract.recognize(bytes), failure, timeout]);
        return result.data.text;
      } finally {
        thread?.unref();
      }
    } catch (error) {
      if (error instanceof ParseError) {
        if (this.running === running) await this.terminate();
        throw error;
      }
      // tesseract.js rejects with the worker's message when it cannot read an image.
      throw ParseError.damaged(`tesseract: ${describeError(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }
}
