import type { Middleware } from 'openapi-fetch';
import { createCasewiseClient, type CasewiseClient, type Schemas } from '@casewise/api-client';
import type { TestApp } from './test-app';

/** Who makes a call: a signed-in account (or its bearer token alone), or no one. */
export type Caller = { token: string } | string | null;

/**
 * The generated client (libs/api-client) over the test app: paths, parameters and bodies are checked against
 * openapi.yaml at compile time, so a change to the contract breaks the tests that depend on it.
 */
export function api(ctx: Pick<TestApp, 'baseUrl'>, caller: Caller = null): CasewiseClient {
  const token = typeof caller === 'string' ? caller : (caller?.token ?? null);
  const client = createCasewiseClient({ baseUrl: ctx.baseUrl, getToken: () => token });
  client.use(ownConnection);
  return client;
}

/**
 * One connection per call, as supertest makes them. The app and the test share one event loop: after work that
 * holds the loop (ingestion on the embedded database), the server's keep-alive timer can close a pooled connection
 * just as fetch writes the next call on it, which then fails with ECONNRESET.
 */
const ownConnection: Middleware = {
  onRequest({ request }) {
    request.headers.set('Connection', 'close');
    return request;
  },
};

/** The body of the API's own errors. */
export type ErrorBody = Schemas['ErrorResponseDto'];

/** What a generated-client call resolves to: the typed body of a success or of an error, and the response. */
export interface Outcome<T, E> {
  data?: T;
  error?: E;
  response: Response;
}

/** Asserts the status (showing the body when it differs) and returns the whole outcome, for headers and the like. */
export async function expectStatus<T, E>(pending: Promise<Outcome<T, E>>, status: number): Promise<Outcome<T, E>> {
  const outcome = await pending;
  const body: unknown = outcome.response.ok ? outcome.data : outcome.error;
  expect({ status: outcome.response.status, body }).toEqual({ status, body });
  return outcome;
}

/** Asserts a success status and returns its typed body. */
export async function ok<T, E>(pending: Promise<Outcome<T, E>>, status = 200): Promise<T> {
  return (await expectStatus(pending, status)).data as T;
}

/** Asserts an error status and returns its typed body, `{ statusCode, detail, error }` for the API's own errors. */
export async function fails<T, E>(pending: Promise<Outcome<T, E>>, status: number): Promise<E> {
  return (await expectStatus(pending, status)).error as E;
}

/**
 * Uploads one well-formed file through the typed client: the contract names the multipart fields, the serializer
 * sends the bytes. Names with paths or control characters go through `upload` (test/utils/projects.ts) instead.
 */
export function uploadFile(ctx: Pick<TestApp, 'baseUrl'>, caller: Caller, projectId: string, filename: string, bytes: Buffer | string) {
  const content = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  return api(ctx, caller).POST('/api/upload/', {
    body: { file: filename, project_id: projectId },
    bodySerializer: ({ project_id }) => {
      const form = new FormData();
      form.append('project_id', project_id);
      form.append('file', new Blob([new Uint8Array(content)]), filename);
      return form;
    },
  });
}

/** The two generated reports, as their download routes name them. */
export type ReportKind = 'case-summary' | 'liability-analysis';

/** Downloads a generated report as PDF (the default) or Word, as bytes. */
export function downloadReport(
  ctx: TestApp,
  caller: Caller,
  kind: ReportKind,
  query: { project_id: string; format?: 'pdf' | 'docx' },
): Promise<Outcome<ArrayBuffer, ErrorBody>> {
  const client = api(ctx, caller);
  const init = { params: { query }, parseAs: 'arrayBuffer' } as const;
  return kind === 'case-summary' ? client.GET('/api/download/case-summary-pdf/', init) : client.GET('/api/download/liability-analysis-pdf/', init);
}
