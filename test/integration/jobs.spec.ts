import { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createWorkerContext } from '@api/app.factory';
import { JobName, PermanentJobError } from '@api/modules/jobs/job.constants';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { clearRedisPrefix, dropSchema } from '../utils/test-app';
import { jobTransports, testConfig } from '../utils/test-config';

const transports = jobTransports('JobRepository');

describe.each(transports)('JobRepository over the %s transport', (transport) => {
  const config = testConfig({}, { redis: transport === 'redis' });
  let context: INestApplicationContext;
  let jobs: JobRepository;

  beforeAll(async () => {
    context = await createWorkerContext(config);
    await context.init();
    jobs = context.get(JobRepository);
  });

  afterAll(async () => {
    await context.close();
    await dropSchema(config);
    await clearRedisPrefix(config);
  });

  it('uses the configured transport', () => {
    expect(jobs.kind).toBe(transport);
  });

  it('runs a queued job with its typed payload', async () => {
    const seen: string[] = [];
    jobs.register(JobName.IngestDocument, async (payload) => {
      seen.push(payload.documentId);
    });
    const id = await jobs.queue(JobName.IngestDocument, { documentId: 'doc-1' });
    const job = await jobs.waitForJob(id, 15_000);
    expect(job.status).toBe('completed');
    expect(seen).toEqual(['doc-1']);
  });

  it('retries a failing job with back-off until it succeeds', async () => {
    const tries: number[] = [];
    jobs.register(JobName.IngestDocument, async (_payload, context) => {
      tries.push(context.attempt);
      if (context.attempt < 3) throw new Error('transient');
    });
    const id = await jobs.queue(JobName.IngestDocument, { documentId: 'doc-2' }, { attempts: 3, backoffMs: 20 });
    const job = await jobs.waitForJob(id, 15_000);
    expect(job.status).toBe('completed');
    expect(tries).toEqual([1, 2, 3]);
  });

  it('records a job that keeps throwing as failed, with its reason', async () => {
    jobs.register(JobName.IngestDocument, async () => {
      throw new Error('the disk is on fire');
    });
    const id = await jobs.queue(JobName.IngestDocument, { documentId: 'doc-3' }, { attempts: 2, backoffMs: 10 });
    const job = await jobs.waitForJob(id, 15_000);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(2);
    expect(job.error).toBe('the disk is on fire');
  });

  it('does not retry a permanent failure', async () => {
    jobs.register(JobName.IngestDocument, async () => {
      throw new PermanentJobError('unreadable');
    });
    const id = await jobs.queue(JobName.IngestDocument, { documentId: 'doc-4' }, { attempts: 5, backoffMs: 10 });
    const job = await jobs.waitForJob(id, 15_000);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
  });

  it('queues again a waiting job its transport lost (Redis restarted without its data), and runs it once', async () => {
    const seen: string[] = [];
    jobs.register(JobName.IngestDocument, async (payload) => {
      seen.push(payload.documentId);
    });
    // In the table, as every queued job is, but never handed to the transport: what a Redis that lost its data leaves.
    const id = randomUUID();
    await context.get(DataSource).query(
      `INSERT INTO jobs (id, name, queue, payload, status, transport, attempts, max_attempts, backoff_ms, run_at)
       VALUES ($1, 'ingest-document', 'ingestion', $2, 'queued', $3, 0, 3, 2000, now() - interval '1 minute')`,
      [id, JSON.stringify({ documentId: 'doc-lost' }), transport],
    );
    // The inline transport's queue is the table itself: nothing is ever lost from it.
    expect(await jobs.requeueLost(0)).toBe(transport === 'redis' ? 1 : 0);
    expect((await jobs.waitForJob(id, 15_000)).status).toBe('completed');
    expect(seen).toEqual(['doc-lost']);
    expect(await jobs.requeueLost(0)).toBe(0);
  });

  it('gives up on a job whose every try was cut off, and tells the job type why', async () => {
    const db = context.get(DataSource);
    const givenUp: string[] = [];
    let tries = 0;
    let triedJob = '';
    jobs.register(
      JobName.IngestDocument,
      async (_payload, { jobId, maxAttempts }) => {
        tries += 1;
        triedJob = jobId;
        // As after a crash: the try is counted, and the worker never reported how it ended.
        await db.query('UPDATE jobs SET attempts = $2 WHERE id = $1', [jobId, maxAttempts]);
        throw new Error('the worker went away');
      },
      async (payload, reason) => {
        // Whoever reads the job as failed must already see what this handler records (a document failed).
        const [row] = (await db.query('SELECT status FROM jobs WHERE id = $1', [triedJob])) as { status: string }[];
        givenUp.push(`${payload.documentId} (job ${row?.status === 'failed' ? 'already failed' : 'live'}): ${reason}`);
      },
    );
    const id = await jobs.queue(JobName.IngestDocument, { documentId: 'doc-5' }, { attempts: 3, backoffMs: 10 });
    const job = await jobs.waitForJob(id, 15_000);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('The worker stopped during each of its 3 tries.');
    expect(tries).toBe(1);
    expect(givenUp).toEqual(['doc-5 (job live): The worker stopped during each of its 3 tries.']);
  });
});

describe('the jobs table as a queue', () => {
  const config = testConfig({ JOB_LOCK_SECONDS: '1' }, { redis: false });
  let context: INestApplicationContext;

  beforeAll(async () => {
    context = await createWorkerContext(config);
    await context.init();
  });

  afterAll(async () => {
    await context.close();
    await dropSchema(config);
  });

  it('takes back a running job whose lease lapsed, and runs it again', async () => {
    const jobs = context.get(JobRepository);
    const seen: string[] = [];
    jobs.register(JobName.IngestDocument, async (payload) => {
      seen.push(payload.documentId);
    });
    const id = randomUUID();
    // A job claimed by a worker that stopped a minute ago without renewing its lease.
    await context.get(DataSource).query(
      `INSERT INTO jobs (id, name, queue, payload, status, transport, attempts, max_attempts, backoff_ms, run_at, locked_at)
       VALUES ($1, $2, 'ingestion', $3, 'running', 'inline', 1, 3, 10, now(), now() - interval '1 minute')`,
      [id, JobName.IngestDocument, JSON.stringify({ documentId: 'doc-6' })],
    );
    const job = await jobs.waitForJob(id, 15_000);
    expect(job.status).toBe('completed');
    expect(job.attempts).toBe(2);
    expect(seen).toEqual(['doc-6']);
  });
});
