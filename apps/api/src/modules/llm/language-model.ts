import { Injectable } from '@nestjs/common';
import { wholeTextsRead, type PageSpan, type TextSpan } from '@casewise/legal';
import { ConfigService } from '@api/modules/config/config.service';
import { WorkerPool } from '@api/modules/workers/worker-pool';
import { ClaudeLanguageModel } from './claude-language-model';
import { AnswerDraft, Passage, ReportDraft, ReportKind, SourceDocument } from './llm.types';

export const OFFLINE_ENGINE = 'offline-extractive-v1';

/** Answers and reports: Claude when ANTHROPIC_API_KEY is set, otherwise the offline engine of libs/legal. */
@Injectable()
export class LanguageModel {
  /** Offline answers and reports go to the worker threads in turn. */
  private calls = 0;

  constructor(
    private readonly config: ConfigService,
    private readonly claude: ClaudeLanguageModel,
    private readonly workers: WorkerPool,
  ) {}

  get engine(): string {
    return this.usesClaude ? this.config.anthropic.model : OFFLINE_ENGINE;
  }

  private get usesClaude(): boolean {
    return this.config.anthropic.apiKey !== null;
  }

  /**
   * `documents` are the whole texts of the best-matching documents: the offline engine answers broad
   * questions ("key terms", "my obligations", "potential risks") from them, which no single passage can.
   * `boilerplate` is each document's page furniture, which the offline engine never quotes. `texts` are the whole
   * texts of the passages' documents, by id: the offline engine reads a contract's dates from the whole of it.
   * The offline engine runs in a worker thread (`offlineAnswer`), off the event loop.
   */
  async answer(
    question: string,
    passages: Passage[],
    pages: Record<string, PageSpan[]> = {},
    documents: SourceDocument[] = [],
    boilerplate: Record<string, TextSpan[]> = {},
    texts: Record<string, string> = {},
  ): Promise<AnswerDraft> {
    if (this.usesClaude) return this.claude.answer(question, passages);
    const sources = documents.map(({ id, file, text, pages: spans }) => ({ id, file, text, pages: spans }));
    // Only the whole texts the engine reads for this question cross to its thread: copying a data room's contracts to
    // it for every question would cost more than answering.
    const read = new Set(wholeTextsRead(question, passages));
    const wholeTexts = Object.fromEntries(Object.entries(texts).filter(([id]) => read.has(id)));
    const result = await this.workers.call(`offline:${this.calls++}`, 'answer', question, passages, pages, sources, boilerplate, wholeTexts);
    return {
      answer: result.answer,
      citations: result.citations.map(({ documentId, file, page, start, end, quote }) => ({ documentId, file, page, start, end, quote })),
      abstained: result.abstained,
      engine: OFFLINE_ENGINE,
      usage: null,
    };
  }

  async report(kind: ReportKind, documents: SourceDocument[], projectName: string): Promise<ReportDraft> {
    if (this.usesClaude) return this.claude.generateReport(kind, documents, projectName);
    // Over a data room this takes seconds: in a worker thread, the API keeps answering meanwhile.
    const sources = documents.map(({ id, file, text, pages }) => ({ id, file, text, pages }));
    const report = await this.workers.call(`offline:${this.calls++}`, 'report', kind, sources, projectName);
    return { kind, markdown: report.markdown, citations: report.citations, engine: OFFLINE_ENGINE, usage: null };
  }
}
