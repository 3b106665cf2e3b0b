import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { MetricsModule } from '@api/modules/metrics/metrics.module';
import { JobEntity } from './job.entity';
import { JobRepository } from './job.repository';

/**
 * Owns background work (the `jobs` table): queueing, running and retrying jobs, carried inline from the table
 * or through BullMQ on Redis. It knows no job's content: features register their handlers with it.
 */
@Module({
  imports: [DatabaseModule.forFeature([JobEntity]), MetricsModule],
  providers: [JobRepository],
  exports: [JobRepository],
})
export class JobsModule {}
