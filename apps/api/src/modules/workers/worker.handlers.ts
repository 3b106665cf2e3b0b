import { offlineAnswer, offlineReport } from './offline-engine';
import { ProjectRetrievers } from './project-retrievers';

/** What a worker thread does, by name: each takes and returns plain data (structured-cloned between threads). */
export function workerHandlers() {
  const retrievers = new ProjectRetrievers();
  return {
    answer: offlineAnswer,
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

/** A call sent to a worker. */
export interface WorkerRequest {
  id: number;
  op: WorkerOp;
  args: unknown[];
}

/** A worker's reply to one call. */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
