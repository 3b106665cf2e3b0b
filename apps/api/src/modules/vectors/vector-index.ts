import { Injectable } from '@nestjs/common';
import { ConfigService } from '@api/modules/config/config.service';
import { QdrantVectorStore } from './qdrant-vector.store';

export interface VectorPoint {
  id: string;
  vector: number[];
}

export interface VectorHit {
  id: string;
  score: number;
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * Vector search over one project's chunks. By default the vectors live in the chunks table (PGlite or
 * PostgreSQL) and search is exact over the project's points, which the caller loads and caches; with
 * QDRANT_URL they live in Qdrant, filtered by project and document.
 */
@Injectable()
export class VectorIndex {
  constructor(
    private readonly config: ConfigService,
    private readonly qdrant: QdrantVectorStore,
  ) {}

  get kind(): 'database' | 'qdrant' {
    return this.config.qdrant.url ? 'qdrant' : 'database';
  }

  get storesInDatabase(): boolean {
    return this.kind === 'database';
  }

  /** Replaces a document's points (Qdrant only: in the database they are written with the chunk rows). */
  async replaceDocument(projectId: string, documentId: string, points: VectorPoint[]): Promise<void> {
    if (this.storesInDatabase) return;
    await this.qdrant.deleteDocument(documentId);
    await this.qdrant.upsert(points.map((point) => ({ ...point, projectId, documentId })));
  }

  async search(projectId: string, vector: number[], k: number, local: readonly VectorPoint[], documentIds?: string[]): Promise<VectorHit[]> {
    if (!this.storesInDatabase) return this.qdrant.search(projectId, vector, k, documentIds);
    // As Qdrant refuses it: a cosine over vectors of two embedding models would rank without meaning.
    const other = local.find((point) => point.vector.length !== vector.length);
    if (other) {
      throw new Error(
        `The stored vectors are ${other.vector.length}-dimensional, not ${vector.length}: ingest the documents again after changing the embedding model`,
      );
    }
    const hits = local.map((point) => ({ id: point.id, score: cosine(vector, point.vector) }));
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, k);
  }

  async deleteDocument(documentId: string): Promise<void> {
    if (!this.storesInDatabase) await this.qdrant.deleteDocument(documentId);
  }

  async deleteProject(projectId: string): Promise<void> {
    if (!this.storesInDatabase) await this.qdrant.deleteProject(projectId);
  }
}
