import type { JobEntity } from './job.entity';

/** Runs one try of a stored job; resolves when the try is over, rejects when it failed. */
export type JobExecutor = (jobId: string) => Promise<void>;

/** Records a job the transport gave up on without the executor's verdict (BullMQ's stall limit). */
export type JobAbandoner = (jobId: string, reason: string) => Promise<void>;

/** How queued jobs reach a worker: polled from the jobs table, or through BullMQ on Redis. */
export interface JobTransport {
  readonly kind: 'inline' | 'redis';
  enqueue(job: JobEntity): Promise<void>;
  /** Carries the job again when the transport no longer holds it (Redis lost its data); true when it did. */
  enqueueIfLost(job: JobEntity): Promise<boolean>;
  startWorkers(execute: JobExecutor, abandon: JobAbandoner): Promise<void>;
  stop(): Promise<void>;
}
