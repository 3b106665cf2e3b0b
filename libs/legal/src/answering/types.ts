import type { Citation } from '../citations/citation';
import type { PageSpan } from '../citations/page-map';
import type { TextSpan } from '../text/sentences';

/** A retrieved passage: `text === documentText.slice(start, end)` for the canonical text of its document. */
export interface AnswerPassage {
  id: string;
  documentId: string;
  file: string;
  page: number;
  start: number;
  end: number;
  text: string;
  score: number;
  headingPath: string[];
}

/** One quoted sentence: `documentText.slice(start, end) === quote`, and the passage it came from. */
export interface AnswerCitation extends Citation {
  passageId: string;
}

export interface ExtractiveAnswer {
  answer: string;
  citations: AnswerCitation[];
  abstained: boolean;
}

export interface AnswerOptions {
  /** Pages of each document's canonical text, by document id, so a sentence gets its own page. */
  pages?: Readonly<Record<string, readonly PageSpan[]>>;
  /**
   * Page furniture of each document (running headers and footers, page numbers, legends: see detectBoilerplate),
   * by document id, sorted and disjoint. No quoted sentence holds any of it.
   */
  boilerplate?: Readonly<Record<string, readonly TextSpan[]>>;
  /**
   * Whole canonical texts by document id. A question about a contract's dates is answered from the whole of each
   * document whose opening passage is given, as the Case Summary reads them: a term may start on a date stated
   * well after the preamble.
   */
  texts?: Readonly<Record<string, string>>;
  /** Most sentences quoted in one answer. */
  maxSentences: number;
  /** Multiplies the clause-evidence score a sentence needs when the question names a clause category. */
  clauseThreshold: number;
  /** Share of the question's own terms a sentence must contain when no clause category applies. */
  minCoverage: number;
  /** A sentence is quoted alongside the best one only when it scores at least this share of it. */
  relativeCut: number;
}
