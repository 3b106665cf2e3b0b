import { Module } from '@nestjs/common';
import { QdrantVectorStore } from './qdrant-vector.store';
import { VectorIndex } from './vector-index';

@Module({
  providers: [VectorIndex, QdrantVectorStore],
  exports: [VectorIndex],
})
export class VectorsModule {}
