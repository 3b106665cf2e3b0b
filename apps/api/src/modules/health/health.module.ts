import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { QdrantProbe } from './qdrant.probe';

/**
 * The public health check: whether the database, the job queue and (with QDRANT_URL) Qdrant answer, which kinds
 * they are, and the version. It owns no table, changes nothing, and must never reveal configuration or secrets.
 */
@Module({
  imports: [DatabaseModule, JobsModule],
  controllers: [HealthController],
  providers: [HealthService, QdrantProbe],
})
export class HealthModule {}
