import { Injectable } from '@nestjs/common';

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
 * PostgreSQL) and search is exact, over the project's points that the caller loaded and caches.
 */
@Injectable()
export class VectorIndex {
  readonly kind = 'database' as const;

  get storesInDatabase(): boolean {
    return true;
  }

  async replaceDocument(_projectId: string, _documentId: string, _points: VectorPoint[]): Promise<void> {
    // Vectors are written with the chunk rows in the same transaction.
  }

  async search(_projectId: string, vector: number[], k: number, points: readonly VectorPoint[]): Promise<VectorHit[]> {
    const hits = points.map((point) => ({ id: point.id, score: cosine(vector, point.vector) }));
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, k);
  }
}
