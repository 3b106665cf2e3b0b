import { answerBroadQuestion, answerExtractively, broadIntent, buildCaseSummary, buildLiabilityAnalysis, type PageSpan, type TextSpan } from '@casewise/legal';
import type { AnswerDraft, Passage, ReportDraft, ReportKind, SourceDocument } from './llm.types';

export const OFFLINE_ENGINE = 'offline-extractive-v1';

/**
 * The offline engine's answer: a broad question ("key terms", "my obligations") from the whole texts of the
 * best-matching documents, any other from the passages, never quoting page furniture. A pure function of its
 * arguments, so that it can run in a worker thread.
 */
export function offlineAnswer(
  question: string,
  passages: Passage[],
  pages: Record<string, PageSpan[]>,
  documents: SourceDocument[],
  boilerplate: Record<string, TextSpan[]>,
  texts: Record<string, string>,
): AnswerDraft {
  const intent = broadIntent(question);
  const broad = intent && documents.length > 0 ? answerBroadQuestion(intent, documents) : null;
  const result = broad && !broad.abstained ? broad : answerExtractively(question, passages, { pages, boilerplate, texts });
  return {
    answer: result.answer,
    citations: result.citations.map(({ documentId, file, page, start, end, quote }) => ({ documentId, file, page, start, end, quote })),
    abstained: result.abstained,
    engine: OFFLINE_ENGINE,
    usage: null,
  };
}

/** The offline engine's report over whole documents; pure, like `offlineAnswer`. */
export function offlineReport(kind: ReportKind, documents: SourceDocument[], projectName: string): ReportDraft {
  const build = kind === 'case-summary' ? buildCaseSummary : buildLiabilityAnalysis;
  const report = build(
    documents.map(({ id, file, text, pages }) => ({ id, file, text, pages })),
    { projectName },
  );
  return { kind, markdown: report.markdown, citations: report.citations, engine: OFFLINE_ENGINE, usage: null };
}
