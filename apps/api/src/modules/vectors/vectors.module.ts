import { Global, Module } from '@nestjs/common';
import { VectorIndex } from './vector-index';

@Global()
@Module({
  providers: [VectorIndex],
  exports: [VectorIndex],
})
export class VectorsModule {}
