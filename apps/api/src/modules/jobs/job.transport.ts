import type { JobEntity } from './job.entity';

/** Runs one try of a stored job; resolves when the try is over, rejects when it failed. */
export type JobExecutor = (jobId: string) => Promise<void>;

/** How queued jobs reach a worker: polled from the jobs table, or through BullMQ on Redis. */
export interface JobTransport {
  readonly kind: 'inline' | 'redis';
  enqueue(job: JobEntity): Promise<void>;
  startWorkers(execute: JobExecutor): Promise<void>;
  stop(): Promise<void>;
}
