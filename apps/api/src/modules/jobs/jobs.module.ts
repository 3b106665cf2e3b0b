import { Global, Module } from '@nestjs/common';
import { JobRepository } from './job.repository';

@Global()
@Module({
  providers: [JobRepository],
  exports: [JobRepository],
})
export class JobsModule {}
