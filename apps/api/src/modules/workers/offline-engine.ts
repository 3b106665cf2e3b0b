import {
  answerBroadQuestion,
  answerExtractively,
  broadIntent,
  buildCaseSummary,
  buildLiabilityAnalysis,
  type AnswerPassage,
  type ExtractiveAnswer,
  type LegalReport,
  type PageSpan,
  type ReportKind,
  type ReportSource,
  type TextSpan,
} from '@casewise/legal';

/**
 * The offline engine's answer: a broad question ("key terms", "my obligations") from the whole texts of the
 * best-matching documents, any other from the passages, never quoting page furniture. Pure, for a worker thread.
 */
export function offlineAnswer(
  question: string,
  passages: AnswerPassage[],
  pages: Record<string, PageSpan[]>,
  documents: ReportSource[],
  boilerplate: Record<string, TextSpan[]>,
  texts: Record<string, string>,
): ExtractiveAnswer {
  const intent = broadIntent(question);
  const broad = intent && documents.length > 0 ? answerBroadQuestion(intent, documents) : null;
  return broad && !broad.abstained ? broad : answerExtractively(question, passages, { pages, boilerplate, texts });
}

/** The offline engine's Case Summary or Liability Analysis over whole documents; pure, like `offlineAnswer`. */
export function offlineReport(kind: ReportKind, documents: ReportSource[], projectName: string): LegalReport {
  const build = kind === 'case-summary' ? buildCaseSummary : buildLiabilityAnalysis;
  return build(documents, { projectName });
}
