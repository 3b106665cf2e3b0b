import { Global, Module } from '@nestjs/common';
import { Embedder } from './embedder';

@Global()
@Module({
  providers: [Embedder],
  exports: [Embedder],
})
export class EmbeddingsModule {}
