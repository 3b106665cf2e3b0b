import { ServiceUnavailableError } from '@api/modules/common/app-error';
import { ConfigService } from '@api/modules/config/config.service';
import type { AppConfig } from '@api/modules/config/config.types';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import { HealthService } from './health.service';
import { QdrantProbe } from './qdrant.probe';

function setup(options: { qdrant?: boolean } = {}) {
  const config = automock(ConfigService, { app: { version: '1.2.3' } as AppConfig['app'] });
  const database = automock(DatabaseHandle, { kind: 'postgres' });
  const jobs = automock(JobRepository, { kind: 'redis' });
  const qdrant = automock(QdrantProbe, { configured: options.qdrant ?? false });
  return { sut: new HealthService(config, database, jobs, qdrant), database, jobs, qdrant };
}

describe(HealthService.name, () => {
  it('answers 503 when the database does not answer, without asking the queue', async () => {
    const { sut, database, jobs } = setup();
    database.ping.mockResolvedValue(false);
    await expectError(sut.check(), ServiceUnavailableError, 'The database is not answering.');
    expect(jobs.ping).not.toHaveBeenCalled();
  });

  it('is degraded, not down, when only the queue does not answer', async () => {
    const { sut, database, jobs } = setup();
    database.ping.mockResolvedValue(true);
    jobs.ping.mockResolvedValue(false);
    await expect(sut.check()).resolves.toEqual({ status: 'degraded', database: 'postgres', queue: 'redis', vectors: 'database', version: '1.2.3' });
  });

  it('is ok when both answer', async () => {
    const { sut, database, jobs } = setup();
    database.ping.mockResolvedValue(true);
    jobs.ping.mockResolvedValue(true);
    await expect(sut.check()).resolves.toMatchObject({ status: 'ok' });
  });

  it('is ready only when the database and the queue both answer, and names what does not', async () => {
    const { sut, database, jobs } = setup();
    database.ping.mockResolvedValue(true);
    jobs.ping.mockResolvedValue(false);
    await expectError(sut.ready(), ServiceUnavailableError, 'Not ready: the job queue (Redis) is not answering.');
    database.ping.mockResolvedValue(false);
    await expectError(sut.ready(), ServiceUnavailableError, 'Not ready: the database and the job queue (Redis) are not answering.');
    database.ping.mockResolvedValue(true);
    jobs.ping.mockResolvedValue(true);
    await expect(sut.ready()).resolves.toEqual({ status: 'ready' });
  });

  it('reports Qdrant only when it is configured, and is degraded when it does not answer', async () => {
    const { sut, database, jobs, qdrant } = setup({ qdrant: true });
    database.ping.mockResolvedValue(true);
    jobs.ping.mockResolvedValue(true);
    qdrant.ping.mockResolvedValue(true);
    await expect(sut.check()).resolves.toMatchObject({ status: 'ok', vectors: 'qdrant', qdrant: 'up' });
    qdrant.ping.mockResolvedValue(false);
    await expect(sut.check()).resolves.toMatchObject({ status: 'degraded', vectors: 'qdrant', qdrant: 'down' });
    // A search without vectors still answers: Qdrant does not take the server out of the load balancer.
    await expect(sut.ready()).resolves.toEqual({ status: 'ready' });
  });

  it('never asks Qdrant when it is not configured', async () => {
    const { sut, database, jobs, qdrant } = setup();
    database.ping.mockResolvedValue(true);
    jobs.ping.mockResolvedValue(true);
    const health = await sut.check();
    expect(health).not.toHaveProperty('qdrant');
    expect(qdrant.ping).not.toHaveBeenCalled();
  });
});
