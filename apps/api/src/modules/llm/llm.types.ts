import type { AnswerPassage, ReportCitation } from '@casewise/legal';

/** A retrieved passage of one document; offsets are into that document's canonical text. */
export type Passage = AnswerPassage;

/** A claim's source: the quote must equal the document's canonical text at [start, end) (whitespace-normalised). */
export type Citation = ReportCitation;

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface AnswerDraft {
  answer: string;
  citations: Citation[];
  abstained: boolean;
  engine: string;
  usage: TokenUsage | null;
}

/** The full text of a ready document, for report generation. */
export interface SourceDocument {
  id: string;
  file: string;
  sha256: string;
  text: string;
  pages: { page: number; start: number; end: number }[];
}

export type ReportKind = 'case-summary' | 'liability-analysis';

export interface ReportDraft {
  kind: ReportKind;
  /** Markdown; cited statements carry markers [n] that index `citations` from 1, and a closing '## Sources' list. */
  markdown: string;
  citations: Citation[];
  engine: string;
  usage: TokenUsage | null;
}
