import type { Schemas } from '@casewise/api-client';
import { api, ok } from './api';
import { until } from './poll';
import { TestApp } from './test-app';

/** A document as the rich list (GET /api/projects/{id}/documents/) describes it. */
export type DocumentRow = Schemas['DocumentDto'];

/** Polls the rich document list until every document has settled (ready or failed). */
export async function waitForDocuments(ctx: TestApp, token: string, projectId: string, timeoutMs = 120_000): Promise<DocumentRow[]> {
  let documents: DocumentRow[] = [];
  return until(
    () => `Documents still not settled: ${JSON.stringify(documents)}`,
    async () => {
      ({ documents } = await ok(api(ctx, token).GET('/api/projects/{id}/documents/', { params: { path: { id: projectId } } })));
      return documents.every((document) => document.status === 'ready' || document.status === 'failed') ? documents : null;
    },
    timeoutMs,
    50,
  );
}
