import { Module } from '@nestjs/common';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { EmbeddingsModule } from '@api/modules/embeddings/embeddings.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { VectorsModule } from '@api/modules/vectors/vectors.module';
import { SearchService } from './search.service';

@Module({
  imports: [EmbeddingsModule, VectorsModule, DocumentsModule, IngestionModule],
  providers: [SearchService],
  exports: [SearchService],
})
export class SearchModule {}
