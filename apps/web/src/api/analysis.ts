import { api, required, settle } from './http';
import type { CaseSummaryResponse, LiabilityResponse, ReportFormat, ReportKind } from './types';

export async function generateCaseSummary(projectId: string): Promise<CaseSummaryResponse> {
  return required(await settle(api.POST('/api/generate_case_summary/', { body: { project_id: projectId } })));
}

export async function generateLiabilityAnalysis(projectId: string): Promise<LiabilityResponse> {
  return required(await settle(api.POST('/api/generate_liability_analysis/', { body: { project_id: projectId } })));
}

/** The report as a file: PDF by default (the spec's URL has no format), Word with format=docx. */
export async function downloadReport(kind: ReportKind, projectId: string, format: ReportFormat): Promise<Blob> {
  const query = { project_id: projectId, format: format === 'docx' ? ('docx' as const) : undefined };
  const blob =
    kind === 'case-summary'
      ? await settle(api.GET('/api/download/case-summary-pdf/', { params: { query }, parseAs: 'blob' }))
      : await settle(api.GET('/api/download/liability-analysis-pdf/', { params: { query }, parseAs: 'blob' }));
  return required(blob);
}

/** The latest stored report of each kind, as markdown; a kind never generated is absent. */
export async function getStoredReports(projectId: string): Promise<Partial<Record<ReportKind, string>>> {
  const stored = required(await settle(api.GET('/api/projects/{id}/reports/', { params: { path: { id: projectId } } })));
  return {
    ...(stored.case_summary === null ? {} : { 'case-summary': stored.case_summary.markdown }),
    ...(stored.liability_analysis === null ? {} : { 'liability-analysis': stored.liability_analysis.markdown }),
  };
}

export function reportFileName(kind: ReportKind, projectId: string, format: ReportFormat): string {
  const stem = kind === 'case-summary' ? 'case_summary' : 'liability_analysis';
  return `${stem}_${projectId}.${format}`;
}
