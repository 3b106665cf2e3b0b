import { Module } from '@nestjs/common';
import { WorkerPool } from './worker-pool';

/**
 * Worker threads for the CPU-bound work of answering a question (WORKER_THREADS): the search module keeps its
 * projects' retrievers there, the language model composes offline answers there. Pure computation: no table, no
 * configuration beyond the number of threads, no access decisions.
 */
@Module({
  providers: [WorkerPool],
  exports: [WorkerPool],
})
export class WorkersModule {}
