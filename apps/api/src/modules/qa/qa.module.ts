import { Module } from '@nestjs/common';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { LlmModule } from '@api/modules/llm/llm.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { SearchModule } from '@api/modules/search/search.module';
import { ChatRepository } from './chat.repository';
import { QaController } from './qa.controller';
import { QaService } from './qa.service';

@Module({
  imports: [ProjectsModule, DocumentsModule, IngestionModule, SearchModule, LlmModule],
  controllers: [QaController],
  providers: [QaService, ChatRepository],
})
export class QaModule {}
