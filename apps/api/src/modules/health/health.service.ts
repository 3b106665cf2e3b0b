import { Injectable } from '@nestjs/common';
import { ConfigService } from '@api/modules/config/config.service';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { ServiceUnavailableError } from '@api/modules/common/app-error';
import { HealthResponseDto } from './health.dto';

@Injectable()
export class HealthService {
  constructor(
    private readonly config: ConfigService,
    private readonly database: DatabaseHandle,
    private readonly jobs: JobRepository,
  ) {}

  async check(): Promise<HealthResponseDto> {
    if (!(await this.database.ping())) throw new ServiceUnavailableError('The database is not answering.');
    const queueUp = await this.jobs.ping();
    return {
      status: queueUp ? 'ok' : 'degraded',
      database: this.database.kind,
      queue: this.jobs.kind,
      version: this.config.app.version,
    };
  }
}
