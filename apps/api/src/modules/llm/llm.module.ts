import { Module } from '@nestjs/common';
import { CitationChecker } from './citation-checker';
import { ClaudeLanguageModel } from './claude-language-model';
import { ClaudeClient } from './claude.client';
import { LanguageModel } from './language-model';

@Module({
  providers: [ClaudeClient, ClaudeLanguageModel, CitationChecker, LanguageModel],
  exports: [LanguageModel, CitationChecker],
})
export class LlmModule {}
