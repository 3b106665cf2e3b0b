import { Module } from '@nestjs/common';
import { Embedder } from './embedder';
import { VoyageEmbeddingClient } from './voyage-embedding.client';

/**
 * Turns passages and questions into vectors: Voyage when VOYAGE_API_KEY is set, else the offline hashing
 * embedder. It owns no table and stores nothing; keeping and searching vectors is the vectors module's job.
 */
@Module({
  providers: [Embedder, VoyageEmbeddingClient],
  exports: [Embedder],
})
export class EmbeddingsModule {}
