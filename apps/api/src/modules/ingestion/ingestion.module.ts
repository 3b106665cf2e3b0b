import { Module } from '@nestjs/common';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { IngestionRepository } from './ingestion.repository';
import { IngestionService } from './ingestion.service';
import { DocumentParser } from './parser.adapter';

@Module({
  imports: [DocumentsModule],
  providers: [IngestionService, IngestionRepository, DocumentParser],
  exports: [IngestionRepository],
})
export class IngestionModule {}
