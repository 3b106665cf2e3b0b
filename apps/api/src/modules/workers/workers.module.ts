import { Module } from '@nestjs/common';
import { WorkerPool } from './worker-pool';

/**
 * Worker threads for the CPU-bound work of questions and reports (WORKER_THREADS): the search module keeps its
 * projects' retrievers there, the language model composes the offline engine's answers and reports there. Pure computation: no table, no
 * configuration beyond the number of threads, no access decisions.
 */
@Module({
  providers: [WorkerPool],
  exports: [WorkerPool],
})
export class WorkersModule {}
