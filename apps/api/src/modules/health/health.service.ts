import { Injectable } from '@nestjs/common';
import { ConfigService } from '@api/modules/config/config.service';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { ServiceUnavailableError } from '@api/modules/common/app-error';
import { HealthResponseDto, ReadyResponseDto } from './health.dto';
import { QdrantProbe } from './qdrant.probe';

@Injectable()
export class HealthService {
  constructor(
    private readonly config: ConfigService,
    private readonly database: DatabaseHandle,
    private readonly jobs: JobRepository,
    private readonly qdrant: QdrantProbe,
  ) {}

  async check(): Promise<HealthResponseDto> {
    if (!(await this.database.ping())) throw new ServiceUnavailableError('The database is not answering.');
    const [queueUp, qdrantUp] = await Promise.all([this.jobs.ping(), this.qdrant.configured ? this.qdrant.ping() : null]);
    return {
      status: queueUp && qdrantUp !== false ? 'ok' : 'degraded',
      database: this.database.kind,
      queue: this.jobs.kind,
      vectors: this.qdrant.configured ? 'qdrant' : 'database',
      ...(qdrantUp === null ? {} : { qdrant: qdrantUp ? 'up' : 'down' }),
      version: this.config.app.version,
    };
  }

  /** For load balancers: ready only when the database and the job queue both answer; 503 naming what does not. */
  async ready(): Promise<ReadyResponseDto> {
    const [databaseUp, queueUp] = await Promise.all([this.database.ping(), this.jobs.ping()]);
    const down = [...(databaseUp ? [] : ['the database']), ...(queueUp ? [] : [this.jobs.kind === 'redis' ? 'the job queue (Redis)' : 'the job queue'])];
    if (down.length > 0) throw new ServiceUnavailableError(`Not ready: ${down.join(' and ')} ${down.length === 1 ? 'is' : 'are'} not answering.`);
    return { status: 'ready' };
  }
}
