import { ServiceUnavailableError } from '@api/modules/common/app-error';
import { ConfigService } from '@api/modules/config/config.service';
import type { AppConfig } from '@api/modules/config/config.types';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import { HealthService } from './health.service';

function setup() {
  const config = automock(ConfigService, { app: { version: '1.2.3' } as AppConfig['app'] });
  const database = automock(DatabaseHandle, { kind: 'postgres' });
  const jobs = automock(JobRepository, { kind: 'redis' });
  return { sut: new HealthService(config, database, jobs), database, jobs };
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
    await expect(sut.check()).resolves.toEqual({ status: 'degraded', database: 'postgres', queue: 'redis', version: '1.2.3' });
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
});
