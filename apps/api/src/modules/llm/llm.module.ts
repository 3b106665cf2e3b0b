import { Module } from '@nestjs/common';
import { WorkersModule } from '@api/modules/workers/workers.module';
import { CitationChecker } from './citation-checker';
import { ClaudeLanguageModel } from './claude-language-model';
import { ClaudeClient } from './claude.client';
import { LanguageModel } from './language-model';

/**
 * The language model behind answers and reports (Claude with ANTHROPIC_API_KEY, else the offline engine) and
 * the check of their citations against the documents' text. It owns no table, is handed the passages and
 * texts it needs, and never reads the database or decides access.
 */
@Module({
  imports: [WorkersModule],
  providers: [ClaudeClient, ClaudeLanguageModel, CitationChecker, LanguageModel],
  exports: [LanguageModel, CitationChecker],
})
export class LlmModule {}
