export enum JobName {
  IngestDocument = 'ingest-document',
}

export enum QueueName {
  Ingestion = 'ingestion',
}

/** One table from job to queue: a queue is the unit a worker subscribes to and scales by. */
export const JOBS_TO_QUEUE: Record<JobName, QueueName> = {
  [JobName.IngestDocument]: QueueName.Ingestion,
};

export interface JobPayloads {
  [JobName.IngestDocument]: { documentId: string };
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface JobOptions {
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** Base of the exponential back-off between tries, in milliseconds (default 2000). */
  backoffMs?: number;
}

export interface JobContext {
  jobId: string;
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>;

/**
 * Told when a job is given up on without its handler's own verdict (its worker died during every try), before
 * the job is marked failed. It may be told twice when two workers give up at once, so it must be idempotent.
 */
export type JobGiveUpHandler<N extends JobName> = (payload: JobPayloads[N], reason: string) => Promise<void>;

/** A handler throws this for a failure that retrying cannot fix; the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
