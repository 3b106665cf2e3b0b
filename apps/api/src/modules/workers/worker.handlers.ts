import { answerMemoBytes, sizeAnswerMemos } from '@casewise/legal';
import type { ThreadReply } from '@api/modules/common/thread-replies';
import type { WorkerThreadData } from './worker-pool';
import { offlineAnswer, offlineReport } from './offline-engine';
import { ProjectRetrievers } from './project-retrievers';

/**
 * What a worker thread does, by name: each takes and returns plain data (structured-cloned between threads). Its
 * answering memos are bounded as the pool says.
 */
export function workerHandlers(data: WorkerThreadData) {
  sizeAnswerMemos(data.memoBytes);
  const retrievers = new ProjectRetrievers();
  return {
    answer: offlineAnswer,
    /** Bytes this thread's answering memos are estimated to hold now. */
    memoBytes: (): number => answerMemoBytes(),
    report: offlineReport,
    add: (...args: Parameters<ProjectRetrievers['add']>) => retrievers.add(...args),
    forget: (projectId: string): void => retrievers.forget(projectId),
    snapshot: (projectId: string): Uint8Array | null => retrievers.snapshot(projectId),
    restore: (...args: Parameters<ProjectRetrievers['restore']>) => retrievers.restore(...args),
    rank: (...args: Parameters<ProjectRetrievers['rank']>) => retrievers.rank(...args),
    assemble: (...args: Parameters<ProjectRetrievers['assemble']>) => retrievers.assemble(...args),
    search: (...args: Parameters<ProjectRetrievers['search']>) => retrievers.search(...args),
  };
}

export type WorkerHandlers = ReturnType<typeof workerHandlers>;
export type WorkerOp = keyof WorkerHandlers;

/** Bytes at least this long may move between threads (smaller ones may share Node's buffer pool with other values). */
const MOVE_BYTES = 64 * 1024;

/** The memory of `bytes` to move to another thread rather than copy: none when it is small or shared with other values. */
export function movable(bytes: unknown): ArrayBuffer[] {
  if (!(bytes instanceof Uint8Array) || bytes.buffer.byteLength < MOVE_BYTES || !(bytes.buffer instanceof ArrayBuffer)) return [];
  return bytes.byteLength >= bytes.buffer.byteLength / 2 ? [bytes.buffer] : [];
}

/** A call sent to a worker. */
export interface WorkerRequest {
  id: number;
  op: WorkerOp;
  args: unknown[];
}

/** A worker's reply to one call. */
export type WorkerReply = ThreadReply<unknown>;
