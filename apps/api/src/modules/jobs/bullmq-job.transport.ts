import { Logger } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { within } from '@api/modules/common/within';
import { QueueName } from './job.constants';
import type { JobEntity } from './job.entity';
import type { JobAbandoner, JobExecutor, JobTransport } from './job.transport';

interface BullPayload {
  jobId: string;
}

/**
 * How often BullMQ takes back a stalled job before failing it. JobRepository counts a try cut off by a
 * crash against the job's own attempts and fails it there, so this limit is only a backstop.
 */
const MAX_STALLED_COUNT = 10;

const PING_WAIT_MS = 2000;

/** BullMQ on Redis: one BullMQ queue per QueueName; retries and back-off are BullMQ's own. */
export class BullmqJobTransport implements JobTransport {
  readonly kind = 'redis' as const;
  private readonly logger = new Logger('BullmqJobTransport');
  private readonly connection: IORedis;
  private readonly queues = new Map<string, Queue<BullPayload>>();
  private readonly workers: Worker<BullPayload>[] = [];
  private readonly workerConnections: IORedis[] = [];

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly concurrency: number,
    /** A worker renews its lock on a running job at half this; a crashed worker's jobs run again once it lapses. */
    private readonly lockMs: number,
  ) {
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.connection.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  private queue(name: string): Queue<BullPayload> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue<BullPayload>(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue(job: JobEntity): Promise<void> {
    await this.queue(job.queue).add(
      job.name,
      { jobId: job.id },
      {
        jobId: job.id,
        attempts: job.maxAttempts,
        backoff: { type: 'exponential', delay: job.backoffMs },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      },
    );
  }

  async enqueueIfLost(job: JobEntity): Promise<boolean> {
    if (await this.queue(job.queue).getJob(job.id)) return false;
    // Adding under the same id is a no-op should the job have come back meanwhile.
    await this.enqueue(job);
    return true;
  }

  async startWorkers(execute: JobExecutor, abandon: JobAbandoner): Promise<void> {
    for (const name of Object.values(QueueName)) {
      const connection = this.connection.duplicate();
      this.workerConnections.push(connection);
      const worker = new Worker<BullPayload>(name, async (job) => execute(job.data.jobId), {
        connection,
        prefix: this.prefix,
        concurrency: this.concurrency,
        lockDuration: this.lockMs,
        // Checking twice per lock period finds a lapsed lock sooner; a lock still renewed is never taken.
        stalledInterval: this.lockMs / 2,
        maxStalledCount: MAX_STALLED_COUNT,
      });
      worker.on('error', (error: Error) => this.logger.warn(`Worker ${name}: ${error.message}`));
      worker.on('stalled', (bullJobId: string) => this.logger.warn(`Job ${bullJobId} was taken back from a worker that stopped`));
      worker.on('failed', (job: Job<BullPayload> | undefined, error: Error) => {
        if (!job?.finishedOn) return;
        abandon(job.data.jobId, error.message).catch((cause: Error) => this.logger.warn(`Worker ${name}: ${cause.message}`));
      });
      this.workers.push(worker);
    }
  }

  /** Whether Redis answers a PING within PING_WAIT_MS (commands wait for a reconnection otherwise, without end). */
  async ping(): Promise<boolean> {
    try {
      return (await within(this.connection.ping(), PING_WAIT_MS, 'Redis did not answer PING')) === 'PONG';
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    // BullMQ leaves connections it was given open: they are ours to close.
    for (const connection of this.workerConnections) connection.disconnect();
    this.connection.disconnect();
  }
}
