import { INestApplicationContext } from '@nestjs/common';
import { createWorkerContext } from '@api/app.factory';
import { JobName, PermanentJobError } from '@api/modules/jobs/job.constants';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { clearRedisPrefix, dropSchema } from '../utils/test-app';
import { services, testConfig } from '../utils/test-config';

const transports = services.redisUrl ? (['inline', 'redis'] as const) : (['inline'] as const);

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
});
