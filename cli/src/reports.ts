import { rename, rm, writeFile } from 'node:fs/promises';
import { type Connection, settle } from './client';

export type ReportKind = 'summary' | 'liability';
export type ReportFormat = 'pdf' | 'docx';

export const REPORT_FILE: Record<ReportKind, string> = { summary: 'case_summary', liability: 'liability_analysis' };

/** Generates the report (the server stores it) and returns nothing; the download is separate. */
export async function generateReport(connection: Connection, projectId: string, kind: ReportKind): Promise<void> {
  const body = { project_id: projectId };
  if (kind === 'summary') await settle(connection, connection.client.POST('/api/generate_case_summary/', { body }));
  else await settle(connection, connection.client.POST('/api/generate_liability_analysis/', { body }));
}

/** Downloads the stored report to `out` through a temporary file, so an interruption never leaves half a file. */
export async function downloadReport(connection: Connection, projectId: string, kind: ReportKind, format: ReportFormat, out: string): Promise<number> {
  const query = { project_id: projectId, format };
  const blob =
    kind === 'summary'
      ? await settle(connection, connection.client.GET('/api/download/case-summary-pdf/', { params: { query }, parseAs: 'blob' }))
      : await settle(connection, connection.client.GET('/api/download/liability-analysis-pdf/', { params: { query }, parseAs: 'blob' }));
  const bytes = Buffer.from(await (blob as Blob).arrayBuffer());
  const partial = `${out}.part`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return bytes.length;
}
