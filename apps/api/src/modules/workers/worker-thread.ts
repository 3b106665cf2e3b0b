import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority, SCORING_THREAD_NICENESS } from '@api/modules/common/thread-priority';
import type { WorkerThreadData } from './worker-pool';
import { movable, workerHandlers, type WorkerReply, type WorkerRequest } from './worker.handlers';

/** The thread side of WorkerPool: holds projects' retrievers and answers calls one at a time, in order. */

if (isMainThread || parentPort === null) throw new Error('worker-thread runs only as a worker thread started by WorkerPool');
const port = parentPort;
lowerThreadPriority(SCORING_THREAD_NICENESS);
const handlers = workerHandlers(workerData as WorkerThreadData);

port.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const handler = handlers[request.op] as (...args: unknown[]) => unknown;
    reply = { id: request.id, ok: true, value: handler(...request.args) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // Bytes made for the caller (a project's snapshot) move to it rather than being copied.
  port.postMessage(reply, reply.ok ? movable(reply.value) : []);
});
