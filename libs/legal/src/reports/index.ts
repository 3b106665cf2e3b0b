export { buildCaseSummary, NOT_STATED } from './case-summary';
export { buildLiabilityAnalysis } from './liability-analysis';
export { CitationRegistry } from './citations';
export type { LegalReport, ReportCitation, ReportKind, ReportOptions, ReportSource } from './types';
