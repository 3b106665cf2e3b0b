import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';

/**
 * The process's own `--max-semi-space-size` in MB (start:api and the Dockerfile bound the event loop's, for memory), from
 * its command line or NODE_OPTIONS; 0 when it has none.
 */
export function processSemiSpaceCapMb(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): number {
  const words = [...execArgv, ...nodeOptions.split(/\s+/).filter(Boolean)];
  let cap = 0;
  words.forEach((word, i) => {
    const match = /^--max[-_]semi[-_]space[-_]size(?:=(\d+))?$/.exec(word);
    if (match !== null) cap = Number(match[1] ?? words[i + 1] ?? 0) || 0;
  });
  return cap;
}

/** This process's threads whose heap is being made with the semi-space cap lifted (the flag is the process's). */
let startingUncapped = 0;

/**
 * Starts a thread whose heap takes its own `resourceLimits`. V8 lets a process-wide `--max-semi-space-size` override a
 * worker's `maxYoungGenerationSizeMb`: until stop 64 the search and answering threads had start:api's 4-MB
 * semi-spaces whatever they asked for. The flag is read when a thread's heap is made, so it is lifted while such
 * threads start and put back once they run: the event loop's heap, made at start, keeps the cap, and so does any
 * other thread started later (the embedded database's).
 */
export function startWithOwnHeapLimits(start: () => Worker, capMb = processSemiSpaceCapMb()): Worker {
  if (capMb === 0) return start();
  if (startingUncapped++ === 0) setFlagsFromString('--max-semi-space-size=0');
  let starting = true;
  const putBack = (): void => {
    if (!starting) return;
    starting = false;
    if (--startingUncapped === 0) setFlagsFromString(`--max-semi-space-size=${capMb}`);
  };
  try {
    return start().once('online', putBack).once('exit', putBack);
  } catch (error) {
    putBack();
    throw error;
  }
}
