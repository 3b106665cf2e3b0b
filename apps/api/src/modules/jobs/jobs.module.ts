import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { JobEntity } from './job.entity';
import { JobRepository } from './job.repository';

@Module({
  imports: [DatabaseModule.forFeature([JobEntity])],
  providers: [JobRepository],
  exports: [JobRepository],
})
export class JobsModule {}
