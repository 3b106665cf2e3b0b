import { Module } from '@nestjs/common';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { EmbeddingsModule } from '@api/modules/embeddings/embeddings.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { KeysModule } from '@api/modules/keys/keys.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { VectorsModule } from '@api/modules/vectors/vectors.module';
import { WorkersModule } from '@api/modules/workers/workers.module';
import { SearchCacheBus } from './search-cache.bus';
import { SearchService } from './search.service';
import { SearchSnapshots } from './search-snapshots';

/**
 * Hybrid retrieval over one project's ready chunks (legal BM25 fused with vector similarity), cached per
 * project state, its questions scored in worker threads (WorkersModule), bounded by SEARCH_CACHE_MB (least recently used dropped first) and dropped when the project or one
 * of its documents is deleted, in every API process (SearchCacheBus, over Redis when configured). It owns and reads no table, going through the ingestion,
 * documents, projects and vectors modules,
 * and never checks access: its callers do.
 */
@Module({
  imports: [EmbeddingsModule, VectorsModule, DocumentsModule, IngestionModule, KeysModule, ProjectsModule, WorkersModule],
  providers: [SearchService, SearchCacheBus, SearchSnapshots],
  exports: [SearchService],
})
export class SearchModule {}
