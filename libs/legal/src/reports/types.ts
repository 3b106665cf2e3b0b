import type { Citation } from '../citations/citation';

/** A document of the matter: its canonical text and where each page lies in it. */
export interface ReportSource {
  id: string;
  file: string;
  text: string;
  pages: { page: number; start: number; end: number }[];
}

/** A passage a report cites. */
export type ReportCitation = Citation;

export type ReportKind = 'case-summary' | 'liability-analysis';

export interface LegalReport {
  kind: ReportKind;
  /** Markdown in which every cited statement carries `[n]`, the 1-based index into `citations`. */
  markdown: string;
  citations: ReportCitation[];
}

export interface ReportOptions {
  projectName: string;
}
