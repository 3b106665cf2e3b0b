import { until } from './poll';
import { TestApp } from './test-app';

export interface DocumentRow {
  id: string;
  filename: string;
  status: string;
  error: string | null;
  pages: number | null;
}

/** Polls the rich document list until every document has settled (ready or failed). */
export async function waitForDocuments(ctx: TestApp, token: string, projectId: string, timeoutMs = 120_000): Promise<DocumentRow[]> {
  let documents: DocumentRow[] = [];
  return until(
    () => `Documents still not settled: ${JSON.stringify(documents)}`,
    async () => {
      const response = await ctx.http.get(`/api/projects/${projectId}/documents/`).set('Authorization', `Bearer ${token}`).expect(200);
      documents = response.body.documents as DocumentRow[];
      return documents.every((document) => document.status === 'ready' || document.status === 'failed') ? documents : null;
    },
    timeoutMs,
    200,
  );
}
