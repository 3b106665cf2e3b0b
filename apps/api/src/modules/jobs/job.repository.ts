import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, In, LessThan, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { within } from '@api/modules/common/within';
import { ConfigService } from '@api/modules/config/config.service';
import type { Transaction } from '@api/modules/database/transaction';
import { currentRequestId, withRequestId } from '@api/modules/logging/request-context';
import { MetricsService } from '@api/modules/metrics/metrics.service';
import { BullmqJobTransport } from './bullmq-job.transport';
import { InlineJobTransport } from './inline-job.transport';
import { JOBS_TO_QUEUE, JobGiveUpHandler, JobHandler, JobName, JobOptions, JobPayloads, JobStatus, PermanentJobError } from './job.constants';
import { JobEntity } from './job.entity';
import type { JobTransport } from './job.transport';

export const JOB_CONCURRENCY = 2;
const LIVE_STATUSES: readonly JobStatus[] = ['queued', 'running'];

/** How long a request waits for the queue to take a job it has recorded (see dispatch). */
export const DISPATCH_WAIT_MS = 3000;

/** The one way to queue and run background work; which transport carries it is configuration. */
@Injectable()
export class JobRepository implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobRepository.name);
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private readonly giveUpHandlers = new Map<JobName, JobGiveUpHandler<JobName>>();
  private readonly transport: JobTransport;
  private readonly jobs: Repository<JobEntity>;
  /** Jobs this process is running a try of. */
  private readonly active = new Set<string>();
  private stopping: Promise<void> | null = null;
  private lostJobsTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: ConfigService,
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {
    this.jobs = dataSource.getRepository(JobEntity);
    metrics.reportQueueDepth(() => this.depth());
    const redisUrl = config.redis.url?.reveal();
    const lockMs = config.jobs.lockSeconds * 1000;
    this.transport = redisUrl
      ? new BullmqJobTransport(redisUrl, config.redis.prefix, JOB_CONCURRENCY, lockMs)
      : new InlineJobTransport(dataSource, JOB_CONCURRENCY, config.database.kind === 'pglite', lockMs);
  }

  get kind(): 'inline' | 'redis' {
    return this.transport.kind;
  }

  get runsWorkers(): boolean {
    return this.config.app.role !== 'api';
  }

  register<N extends JobName>(name: N, handler: JobHandler<N>, onGiveUp?: JobGiveUpHandler<N>): void {
    this.handlers.set(name, handler as unknown as JobHandler<JobName>);
    if (onGiveUp) this.giveUpHandlers.set(name, onGiveUp as unknown as JobGiveUpHandler<JobName>);
  }

  async queue<N extends JobName>(name: N, payload: JobPayloads[N], options: JobOptions = {}): Promise<string> {
    const job = this.newJob(name, payload, options);
    await this.jobs.insert(job as QueryDeepPartialEntity<JobEntity>);
    await this.dispatch(job);
    return job.id;
  }

  /**
   * Records a job in `transaction`, so that it exists exactly when the rows it works on do; hand the result to
   * dispatch() once the transaction has committed.
   */
  async record<N extends JobName>(transaction: Transaction, name: N, payload: JobPayloads[N], options: JobOptions = {}): Promise<JobEntity> {
    const job = this.newJob(name, payload, options);
    await transaction.insert(JobEntity, job as QueryDeepPartialEntity<JobEntity>);
    return job;
  }

  /**
   * Hands a recorded job to the transport, waiting at most DISPATCH_WAIT_MS. The job is already durable in the table,
   * so a transport that cannot take it now (Redis out of reach, for a second or an hour) is not the caller's failure
   * and must not hold the request: requeueLost() carries the job once Redis is back (the same id is added once).
   */
  async dispatch(job: JobEntity): Promise<void> {
    try {
      await within(this.transport.enqueue(job), DISPATCH_WAIT_MS, `no answer from the queue within ${DISPATCH_WAIT_MS} ms`);
    } catch (error) {
      this.logger.warn(`Job ${job.id} is recorded but the queue did not take it yet (${error instanceof Error ? error.message : String(error)}); it will be queued again`);
    }
  }

  private newJob<N extends JobName>(name: N, payload: JobPayloads[N], options: JobOptions): JobEntity {
    return this.jobs.create({
      id: randomUUID(),
      name,
      queue: JOBS_TO_QUEUE[name],
      // The request that queued the job: the job's log lines carry its id.
      payload: { ...payload, ...(currentRequestId() ? { requestId: currentRequestId() } : {}) },
      status: 'queued',
      transport: this.transport.kind,
      attempts: 0,
      maxAttempts: options.attempts ?? 3,
      backoffMs: options.backoffMs ?? 2000,
      runAt: new Date(),
      lockedAt: null,
      error: null,
    });
  }

  async get(jobId: string): Promise<JobEntity | null> {
    return this.jobs.findOneBy({ id: jobId });
  }

  /** The payloads of the jobs of this name still queued or running, kept in the jobs table whichever the transport. */
  async livePayloads<N extends JobName>(name: N): Promise<JobPayloads[N][]> {
    const rows = await this.jobs.find({ select: { payload: true }, where: { name, status: In([...LIVE_STATUSES]) } });
    return rows.map((row) => row.payload as unknown as JobPayloads[N]);
  }

  /** Resolves once the job has completed or failed for good (used by tests, benchmarks and the CLI). */
  async waitForJob(jobId: string, timeoutMs = 30_000): Promise<JobEntity> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.get(jobId);
      if (job && (job.status === 'completed' || job.status === 'failed')) return job;
      if (Date.now() > deadline) throw new Error(`Job ${jobId} did not finish within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.runsWorkers) {
      await this.transport.startWorkers(
        (jobId) => this.execute(jobId),
        (jobId, reason) => this.abandon(jobId, reason),
      );
      if (this.transport.kind === 'redis') {
        const everyMs = this.config.jobs.lockSeconds * 1000;
        this.lostJobsTimer = setInterval(() => {
          this.requeueLost(everyMs).catch((error: Error) => this.logger.warn(`Looking for jobs Redis lost failed: ${error.message}`));
        }, everyMs);
        this.lostJobsTimer.unref();
      }
    }
  }

  /**
   * Queues again the jobs the table says are waiting (or running, with a lock older than `graceMs`) that the transport
   * no longer holds: Redis restarted without its data. The table is the record; Redis only carries the jobs.
   */
  async requeueLost(graceMs: number): Promise<number> {
    const before = new Date(Date.now() - graceMs);
    const candidates = await this.jobs.find({
      where: [
        { status: 'queued', transport: this.transport.kind, runAt: LessThan(before) },
        { status: 'running', transport: this.transport.kind, lockedAt: LessThan(before) },
      ],
      order: { runAt: 'ASC' },
      take: 500,
    });
    let requeued = 0;
    for (const job of candidates) if (await this.transport.enqueueIfLost(job)) requeued++;
    if (requeued > 0) this.logger.warn(`Queued ${requeued} job(s) again that the queue (${this.transport.kind}) no longer held`);
    return requeued;
  }

  /**
   * Takes no new job, and waits at most `timeoutMs` for the running ones to finish. Those still running then are
   * handed back: queued again with this try not counted, for another worker or the next start to run from the
   * beginning (handlers are idempotent). Later calls wait no longer than theirs.
   */
  async drain(timeoutMs: number): Promise<void> {
    if (this.lostJobsTimer) clearInterval(this.lostJobsTimer);
    this.lostJobsTimer = null;
    this.stopping ??= this.transport.stop();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.stopping.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (finished || this.active.size === 0) return;
    const ids = [...this.active];
    const result = await this.jobs
      .createQueryBuilder()
      .update()
      .set({ status: 'queued', lockedAt: null, attempts: () => 'GREATEST(attempts - 1, 0)' })
      .where('id IN (:...ids) AND status = :running', { ids, running: 'running' })
      .execute();
    this.logger.warn(`Handed ${result.affected ?? 0} running job(s) back to the queue after ${timeoutMs} ms: ${ids.join(', ')}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.drain(this.config.shutdown.timeoutSeconds * 1000);
  }

  /** Jobs waiting and running across every worker. */
  private async depth(): Promise<Record<'queued' | 'running', number>> {
    const rows = (await this.jobs
      .createQueryBuilder('job')
      .select('job.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where('job.status IN (:...live)', { live: [...LIVE_STATUSES] })
      .groupBy('job.status')
      .getRawMany()) as { status: 'queued' | 'running'; count: string }[];
    const depth = { queued: 0, running: 0 };
    for (const row of rows) depth[row.status] = Number(row.count);
    return depth;
  }

  async ping(): Promise<boolean> {
    return this.transport instanceof BullmqJobTransport ? this.transport.ping() : true;
  }

  /**
   * Fails a job the transport gave up on, unless the executor already recorded how it ended. The job type's
   * give-up handler runs first, so anyone who reads the job as failed also sees what the handler recorded; a
   * second abandonment racing this one may run the handler again, so handlers are idempotent.
   */
  private async abandon(jobId: string, reason: string): Promise<void> {
    const job = await this.jobs.findOneBy({ id: jobId });
    if (!job || !LIVE_STATUSES.includes(job.status)) return;
    const onGiveUp = this.giveUpHandlers.get(job.name as JobName);
    try {
      if (onGiveUp) await onGiveUp(job.payload as unknown as JobPayloads[JobName], reason);
    } finally {
      const result = await this.jobs
        .createQueryBuilder()
        .update()
        .set({ status: 'failed', lockedAt: null, error: reason })
        .where('id = :jobId AND status IN (:...live)', { jobId, live: [...LIVE_STATUSES] })
        .execute();
      if (result.affected) this.logger.warn(`Job ${jobId} failed for good: ${reason}`);
    }
  }

  /**
   * Records how a try ended, unless the job is no longer running here: `drain` handed it back to the queue at the
   * shutdown deadline (its next try, here or elsewhere, starts from the beginning). Whether it was recorded.
   */
  private async endTry(jobId: string, values: QueryDeepPartialEntity<JobEntity>): Promise<boolean> {
    const result = await this.jobs.createQueryBuilder().update().set(values).where('id = :jobId AND status = :running', { jobId, running: 'running' }).execute();
    return (result.affected ?? 0) > 0;
  }

  /** One try of a job. Rejects when the transport should try again later (BullMQ's retry). */
  private async execute(jobId: string): Promise<void> {
    const job = await this.jobs.findOneBy({ id: jobId });
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    if (job.attempts >= job.maxAttempts) {
      // Every try started and the last never finished: the job keeps taking its worker down.
      await this.abandon(jobId, `The worker stopped during each of its ${job.maxAttempts} tries.`);
      return;
    }
    const attempt = job.attempts + 1;
    await this.jobs.update({ id: jobId }, { status: 'running', attempts: attempt, lockedAt: new Date() });
    const handler = this.handlers.get(job.name as JobName);
    this.active.add(jobId);
    const started = performance.now();
    const requestId = typeof job.payload.requestId === 'string' ? job.payload.requestId : `job-${jobId}`;
    let handedBack = false;
    try {
      if (!handler) throw new PermanentJobError(`No handler is registered for job "${job.name}".`);
      await withRequestId(requestId, () => handler(job.payload as unknown as JobPayloads[JobName], { jobId, attempt, maxAttempts: job.maxAttempts }));
      handedBack = !(await this.endTry(jobId, { status: 'completed', lockedAt: null, error: null }));
      if (!handedBack) {
        const seconds = (performance.now() - started) / 1000;
        this.metrics.observeJob(job.name, seconds, null);
        withRequestId(requestId, () => this.logger.log(`Job ${job.name} ${jobId} completed in ${Math.round(seconds * 1000)} ms (try ${attempt}/${job.maxAttempts})`));
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentJobError || attempt >= job.maxAttempts;
      const delay = job.backoffMs * 2 ** (attempt - 1);
      handedBack = !(await this.endTry(
        jobId,
        final ? { status: 'failed', lockedAt: null, error: reason } : { status: 'queued', lockedAt: null, error: reason, runAt: new Date(Date.now() + delay) },
      ));
      if (!handedBack) {
        this.metrics.observeJob(job.name, (performance.now() - started) / 1000, { final });
        withRequestId(requestId, () => this.logger.warn(`Job ${job.name} ${jobId} try ${attempt}/${job.maxAttempts} failed${final ? ' for good' : ''}: ${reason}`));
        if (!final && this.transport.kind === 'redis') throw error;
      }
    } finally {
      this.active.delete(jobId);
    }
    if (handedBack) {
      // Handed back to the queue at the shutdown deadline (see drain), however this try ended: it is not counted and
      // the next try starts from the beginning. BullMQ would take a return as the job's end: it is told to try again.
      withRequestId(requestId, () => this.logger.log(`Job ${job.name} ${jobId} ended after it was handed back to the queue: it runs again`));
      if (this.transport.kind === 'redis') throw new Error(`Job ${jobId} was handed back to the queue at shutdown`);
    }
  }
}
