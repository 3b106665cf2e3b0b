import { Module } from '@nestjs/common';
import { AuditModule } from '@api/modules/audit/audit.module';
import { DatabaseModule } from '@api/modules/database/database.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { EmbeddingsModule } from '@api/modules/embeddings/embeddings.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';
import { MetricsModule } from '@api/modules/metrics/metrics.module';
import { KeysModule } from '@api/modules/keys/keys.module';
import { StorageModule } from '@api/modules/storage/storage.module';
import { VectorsModule } from '@api/modules/vectors/vectors.module';
import { SealedChunkEntity } from './chunk.entity';
import { SealedDocumentTextEntity } from './document-text.entity';
import { IngestionRepository } from './ingestion.repository';
import { IngestionService } from './ingestion.service';
import { DocumentParser } from './parser.adapter';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { UsageModule } from '@api/modules/usage/usage.module';

/**
 * Owns a document's extracted text and chunks (`document_texts`, `chunks`, sealed) and the ingest-document
 * job: parse, chunk, embed, index. A document's status changes only through the documents service; it
 * never writes the `documents` table itself.
 */
@Module({
  imports: [DatabaseModule.forFeature([SealedChunkEntity, SealedDocumentTextEntity]), AuditModule, EmbeddingsModule, JobsModule, MetricsModule, KeysModule, StorageModule, VectorsModule, DocumentsModule, ProjectsModule, UsageModule],
  providers: [IngestionService, IngestionRepository, DocumentParser],
  exports: [IngestionService],
})
export class IngestionModule {}
