import { api, type Schemas, settle } from '../providers/api';

export type AdminDocument = Schemas['AdminDocumentDto'];

/** Queues a failed document to be read again; any other status answers 400 with the reason. */
export function retryDocument(id: string): Promise<Schemas['AdminDocumentDetailDto']> {
  return settle(api.POST('/api/admin/documents/{id}/retry/', { params: { path: { id } } }));
}
