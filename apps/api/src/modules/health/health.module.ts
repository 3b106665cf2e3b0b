import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/**
 * The public health check: whether the database and the job queue answer, which kinds they are, and the
 * version. It owns no table, changes nothing, and must never reveal configuration or secrets.
 */
@Module({
  imports: [DatabaseModule, JobsModule],
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}
