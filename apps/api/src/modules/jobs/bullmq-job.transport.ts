import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { QueueName } from './job.constants';
import type { JobEntity } from './job.entity';
import type { JobExecutor, JobTransport } from './job.transport';

interface BullPayload {
  jobId: string;
}

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

  async startWorkers(execute: JobExecutor): Promise<void> {
    for (const name of Object.values(QueueName)) {
      const connection = this.connection.duplicate();
      this.workerConnections.push(connection);
      const worker = new Worker<BullPayload>(name, async (job) => execute(job.data.jobId), {
        connection,
        prefix: this.prefix,
        concurrency: this.concurrency,
      });
      worker.on('error', (error: Error) => this.logger.warn(`Worker ${name}: ${error.message}`));
      this.workers.push(worker);
    }
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.connection.ping()) === 'PONG';
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
