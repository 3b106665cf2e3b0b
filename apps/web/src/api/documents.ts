import { requestJson, requestMultipart } from './http';
import type { DocumentStatus, ProjectDocument } from './types';

const projectPath = (projectId: string): string => `/api/projects/${encodeURIComponent(projectId)}`;

function fileName(item: unknown): string | null {
  if (typeof item === 'string') return item;
  if (typeof item === 'object' && item !== null) {
    const name = (item as { filename?: unknown; name?: unknown }).filename ?? (item as { name?: unknown }).name;
    if (typeof name === 'string') return name;
  }
  return null;
}

export async function listFiles(projectId: string): Promise<string[]> {
  const data = await requestJson<{ files?: unknown } | undefined>('GET', `${projectPath(projectId)}/files/`);
  const files = Array.isArray(data?.files) ? data.files : [];
  return files.map(fileName).filter((name): name is string => name !== null);
}

const STATUSES: readonly DocumentStatus[] = ['queued', 'processing', 'ready', 'failed'];

export async function listDocuments(projectId: string): Promise<ProjectDocument[]> {
  const data = await requestJson<{ documents?: unknown } | undefined>('GET', `${projectPath(projectId)}/documents/`);
  const documents = Array.isArray(data?.documents) ? data.documents : [];
  return documents.filter((doc): doc is ProjectDocument => {
    if (typeof doc !== 'object' || doc === null) return false;
    const record = doc as Record<string, unknown>;
    return typeof record.filename === 'string' && STATUSES.includes(record.status as DocumentStatus);
  });
}

export async function uploadFile(projectId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('project_id', projectId);
  await requestMultipart<unknown>('/api/upload/', form);
}

export async function deleteFile(projectId: string, filename: string): Promise<void> {
  await requestJson<unknown>('DELETE', `${projectPath(projectId)}/files/${encodeURIComponent(filename)}/`);
}
