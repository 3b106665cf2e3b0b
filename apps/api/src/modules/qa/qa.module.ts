import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { KeysModule } from '@api/modules/keys/keys.module';
import { LlmModule } from '@api/modules/llm/llm.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { RateLimitModule } from '@api/modules/rate-limit/rate-limit.module';
import { SearchModule } from '@api/modules/search/search.module';
import { ChatRepository } from './chat.repository';
import { SealedChatMessageEntity } from './chat-message.entity';
import { QaController } from './qa.controller';
import { QaService } from './qa.service';
import { UsageModule } from '@api/modules/usage/usage.module';

/**
 * Owns the chat (`chat_messages`, sealed): answers to questions from a project's ready documents, and each
 * person's own history. It returns only citations checked against the stored text, never the model's own,
 * and reads documents and their texts only through the documents, ingestion and search services.
 */
@Module({
  imports: [DatabaseModule.forFeature([SealedChatMessageEntity]), KeysModule, RateLimitModule, ProjectsModule, DocumentsModule, IngestionModule, SearchModule, LlmModule, UsageModule],
  controllers: [QaController],
  providers: [QaService, ChatRepository],
})
export class QaModule {}
