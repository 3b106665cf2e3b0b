import { Module } from '@nestjs/common';
import { QdrantVectorStore } from './qdrant-vector.store';
import { VectorIndex } from './vector-index';

/**
 * The vector index over chunks: in the chunk rows by default, in Qdrant with QDRANT_URL. It never reads the
 * chunks table itself (callers hand it the vectors) and never lets callers see where the vectors live.
 */
@Module({
  providers: [VectorIndex, QdrantVectorStore],
  exports: [VectorIndex],
})
export class VectorsModule {}
