import { requestBlob, requestJson } from './http';
import type { CaseSummaryResponse, LiabilityResponse, ReportFormat, ReportKind } from './types';

export function generateCaseSummary(projectId: string): Promise<CaseSummaryResponse> {
  return requestJson<CaseSummaryResponse>('POST', '/api/generate_case_summary/', { project_id: projectId });
}

export function generateLiabilityAnalysis(projectId: string): Promise<LiabilityResponse> {
  return requestJson<LiabilityResponse>('POST', '/api/generate_liability_analysis/', { project_id: projectId });
}

export function downloadReport(kind: ReportKind, projectId: string, format: ReportFormat): Promise<Blob> {
  const query = `project_id=${encodeURIComponent(projectId)}${format === 'docx' ? '&format=docx' : ''}`;
  return requestBlob(`/api/download/${kind}-pdf/?${query}`);
}

export function reportFileName(kind: ReportKind, projectId: string, format: ReportFormat): string {
  const stem = kind === 'case-summary' ? 'case_summary' : 'liability_analysis';
  return `${stem}_${projectId}.${format}`;
}
