import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JobExecutor, JobTransport } from './job.transport';

const IDLE_POLL_MS = 1000;

/**
 * The embedded queue: the jobs table is the queue. Workers claim rows with SKIP LOCKED, so a
 * second worker process on the same PostgreSQL server shares the work, and nothing queued is
 * lost when the process stops.
 */
export class InlineJobTransport implements JobTransport {
  readonly kind = 'inline' as const;
  private readonly logger = new Logger('InlineJobTransport');
  private running = false;
  private loops: Promise<void>[] = [];
  private wake: (() => void) | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly concurrency: number,
    private readonly recoverRunning: boolean,
    /** A running job's lease, renewed while it runs; once it lapses (its worker died) any worker takes the job. */
    private readonly leaseMs: number,
  ) {}

  async enqueue(): Promise<void> {
    this.wake?.();
  }

  /** The jobs table is this transport's queue: a job in it is never lost. */
  async enqueueIfLost(): Promise<boolean> {
    return false;
  }

  async startWorkers(execute: JobExecutor): Promise<void> {
    if (this.recoverRunning) {
      // In embedded mode one process owns the database, so a row still 'running' was cut off by a crash.
      await this.dataSource.query(`UPDATE jobs SET status = 'queued', locked_at = NULL WHERE status = 'running' AND transport = 'inline'`);
    }
    this.running = true;
    for (let i = 0; i < this.concurrency; i++) this.loops.push(this.loop(execute));
  }

  private async loop(execute: JobExecutor): Promise<void> {
    while (this.running) {
      let jobId: string | null = null;
      try {
        jobId = await this.claim();
      } catch (error) {
        if (!this.running) return;
        this.logger.error(`Could not claim a job: ${(error as Error).message}`);
      }
      if (jobId) {
        await this.withLease(jobId, () => execute(jobId as string).catch(() => undefined));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, IDLE_POLL_MS);
        const previous = this.wake;
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.wake = () => {
          previous?.();
          done();
        };
      });
      this.wake = null;
    }
  }

  private async withLease(jobId: string, run: () => Promise<void>): Promise<void> {
    const renew = setInterval(() => {
      this.dataSource
        .query(`UPDATE jobs SET locked_at = now() WHERE id = $1 AND status = 'running'`, [jobId])
        .catch((error: Error) => this.logger.warn(`Could not renew the lease of job ${jobId}: ${error.message}`));
    }, Math.max(100, Math.floor(this.leaseMs / 3)));
    try {
      await run();
    } finally {
      clearInterval(renew);
    }
  }

  /** The next due job, or a running one whose lease lapsed because its worker stopped. */
  private async claim(): Promise<string | null> {
    const rows: { id: string }[] = await this.dataSource.query(
      `UPDATE jobs SET status = 'running', locked_at = now(), updated_at = now()
       WHERE id = (
         SELECT id FROM jobs
         WHERE transport = 'inline'
           AND ((status = 'queued' AND run_at <= now())
             OR (status = 'running' AND locked_at < now() - $1::int * interval '1 millisecond'))
         ORDER BY run_at, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED
       )
       RETURNING id`,
      [this.leaseMs],
    );
    const [row] = Array.isArray(rows[0]) ? (rows[0] as { id: string }[]) : rows;
    return row?.id ?? null;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await Promise.all(this.loops);
    this.loops = [];
  }
}
