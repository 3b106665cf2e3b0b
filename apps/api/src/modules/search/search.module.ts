import { Module } from '@nestjs/common';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { SearchService } from './search.service';

@Module({
  imports: [DocumentsModule, IngestionModule],
  providers: [SearchService],
  exports: [SearchService],
})
export class SearchModule {}
