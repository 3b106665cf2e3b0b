import { Module } from '@nestjs/common';
import { Embedder } from './embedder';
import { VoyageEmbeddingClient } from './voyage-embedding.client';

@Module({
  providers: [Embedder, VoyageEmbeddingClient],
  exports: [Embedder],
})
export class EmbeddingsModule {}
