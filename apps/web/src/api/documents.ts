import { api, settle } from './http';
import type { DocumentStatus, ProjectDocument } from './types';

function fileName(item: unknown): string | null {
  if (typeof item === 'string') return item;
  if (typeof item === 'object' && item !== null) {
    const name = (item as { filename?: unknown; name?: unknown }).filename ?? (item as { name?: unknown }).name;
    if (typeof name === 'string') return name;
  }
  return null;
}

export async function listFiles(projectId: string): Promise<string[]> {
  const data: { files?: unknown } | undefined = await settle(api.GET('/api/projects/{id}/files/', { params: { path: { id: projectId } } }));
  const files = Array.isArray(data?.files) ? data.files : [];
  return files.map(fileName).filter((name): name is string => name !== null);
}

const STATUSES: readonly DocumentStatus[] = ['queued', 'processing', 'ready', 'failed'];

export async function listDocuments(projectId: string): Promise<ProjectDocument[]> {
  const data: { documents?: unknown } | undefined = await settle(
    api.GET('/api/projects/{id}/documents/', { params: { path: { id: projectId } } }),
  );
  const documents = Array.isArray(data?.documents) ? data.documents : [];
  return documents.filter((doc): doc is ProjectDocument => {
    if (typeof doc !== 'object' || doc === null) return false;
    const record = doc as Record<string, unknown>;
    return typeof record.filename === 'string' && STATUSES.includes(record.status as DocumentStatus);
  });
}

/** One multipart request per file; the browser sets the boundary in Content-Type itself. */
export async function uploadFile(projectId: string, file: File): Promise<void> {
  await settle(
    api.POST('/api/upload/', {
      // The typed body names the fields; the serializer sends the file itself.
      body: { file: file.name, project_id: projectId },
      bodySerializer: ({ project_id }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        form.append('project_id', project_id);
        return form;
      },
    }),
  );
}

export async function deleteFile(projectId: string, filename: string): Promise<void> {
  await settle(api.DELETE('/api/projects/{id}/files/{filename}/', { params: { path: { id: projectId, filename } } }));
}
