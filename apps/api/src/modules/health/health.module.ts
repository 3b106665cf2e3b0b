import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [DatabaseModule, JobsModule],
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}
