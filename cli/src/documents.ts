import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ApiFailure, type Connection, type Schemas, settle } from './client';
import { CliError } from './errors';
import { type LocalFile, sha256File } from './files';

export type RemoteDocument = Schemas['DocumentDto'];
export type UploadOutcome = 'uploaded' | 'skipped' | 'failed';

export async function listDocuments(connection: Connection, projectId: string): Promise<RemoteDocument[]> {
  return (await settle(connection, connection.client.GET('/api/projects/{id}/documents/', { params: { path: { id: projectId } } }))).documents;
}

/** Key of a document already in the project: the same name with the same bytes. */
export function documentKey(name: string, sha256: string): string {
  return `${name}\u0000${sha256}`;
}

export interface UploadResult {
  file: LocalFile;
  sha256: string;
  outcome: UploadOutcome;
  documentId?: string;
  error?: string;
}

const CHUNK = 256 * 1024;

/** A filename as a multipart header may carry it: no quote, no line break. */
function headerSafe(name: string): string {
  return name.replace(/["\r\n]/g, '_');
}

/**
 * The multipart body of an upload as a stream that reports how much of it has been sent, so a terminal can
 * show a bar for the file in hand. The bytes are the same a browser's FormData would send.
 */
function multipartUpload(projectId: string, name: string, bytes: Buffer, onProgress?: (fraction: number) => void): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----casewise${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${headerSafe(name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= payload.length) {
        controller.close();
        return;
      }
      const next = payload.subarray(sent, Math.min(sent + CHUNK, payload.length));
      sent += next.length;
      controller.enqueue(new Uint8Array(next));
      onProgress?.(sent / payload.length);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads one file unless a document of that name and sha256 is already there; `onProgress` sees the bytes go. */
export async function uploadFile(connection: Connection, projectId: string, file: LocalFile, existing: Map<string, RemoteDocument>, dryRun = false, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  const sha256 = await sha256File(file.path);
  const already = existing.get(documentKey(file.name, sha256));
  if (already) return { file, sha256, outcome: 'skipped', documentId: already.id };
  if (dryRun) return { file, sha256, outcome: 'uploaded' };
  try {
    const { body, contentType } = multipartUpload(projectId, file.name, await readFile(file.path), onProgress);
    // The generated type names the multipart fields; the serializer sends them as a counted stream, which fetch
    // takes only as a half-duplex body.
    const options = { body: { project_id: projectId, file: file.name }, bodySerializer: () => body, headers: { 'Content-Type': contentType } };
    const uploaded = await settle(connection, connection.client.POST('/api/upload/', Object.assign(options, { duplex: 'half' as const })));
    return { file, sha256, outcome: 'uploaded', documentId: uploaded.id };
  } catch (error) {
    // Refused as a whole (signed out, a read-only key, a viewer's role) or unreachable: nothing else would fare better.
    if (error instanceof ApiFailure && (error.status === 401 || error.status === 403)) throw error;
    if (error instanceof CliError && error.message.startsWith('Cannot reach')) throw error;
    return { file, sha256, outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

/** Until every document of the project is ready or failed; the documents as they ended. */
export async function waitForDocuments(connection: Connection, projectId: string, timeoutMs: number, onTick?: (documents: RemoteDocument[]) => void, signal?: AbortSignal): Promise<RemoteDocument[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const documents = await listDocuments(connection, projectId);
    onTick?.(documents);
    if (documents.every((document) => document.status === 'ready' || document.status === 'failed')) return documents;
    if (Date.now() > deadline) {
      const pending = documents.filter((document) => document.status === 'queued' || document.status === 'processing').length;
      throw new CliError(`Timed out: ${pending} documents are still being read. Run casewise wait again later (or raise --timeout).`, 1);
    }
    if (signal?.aborted) throw new CliError('Interrupted.', 130);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
