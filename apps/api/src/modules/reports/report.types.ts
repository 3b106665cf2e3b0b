export type RenderableReportKind = 'case-summary' | 'liability-analysis';

/** One checked source of a report statement; offsets are into the document's canonical text. */
export interface ReportCitation {
  file: string;
  page: number;
  start: number;
  end: number;
  quote: string;
}

/** Everything the PDF and Word renderers need; `markdown` carries markers [n] indexing `citations` from 1. */
export interface RenderableReport {
  kind: RenderableReportKind;
  projectName: string;
  generatedAt: Date;
  /** File names of the documents analysed. */
  documents: string[];
  /** 'offline' or the name of the language model that wrote the report. */
  engine: string;
  markdown: string;
  citations: ReportCitation[];
}

export const PRODUCT_NAME = 'Casewise';

export const REPORT_KIND_TITLES: Record<RenderableReportKind, string> = {
  'case-summary': 'Case Summary',
  'liability-analysis': 'Liability Analysis',
};
