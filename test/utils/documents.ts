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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await ctx.http.get(`/api/projects/${projectId}/documents/`).set('Authorization', `Bearer ${token}`).expect(200);
    const documents = response.body.documents as DocumentRow[];
    if (documents.every((document) => document.status === 'ready' || document.status === 'failed')) return documents;
    if (Date.now() > deadline) throw new Error(`Documents still not settled: ${JSON.stringify(documents)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
