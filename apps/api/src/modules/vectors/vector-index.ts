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
 * Vector search over one project's chunks. Callers say what they need (the vectors to write with a
 * document's chunk rows, the document's vectors once its chunks are saved, a search, a deletion) and
 * never where the vectors live. By default they live in the chunks table (PGlite or PostgreSQL) and
 * search is exact over the project's points, which the caller loads with the chunks and caches; with
 * QDRANT_URL they live in Qdrant, filtered by project and document.
 */
@Injectable()
export class VectorIndex {
  constructor(
    private readonly config: ConfigService,
    private readonly qdrant: QdrantVectorStore,
  ) {}

  private get inDatabase(): boolean {
    return !this.config.qdrant.url;
  }

  /** What to write in each new chunk row's vector column, one entry per embedding: the vector, or null when the rows need none. */
  vectorsForChunkRows(vectors: readonly number[][]): (number[] | null)[] {
    return this.inDatabase ? [...vectors] : vectors.map(() => null);
  }

  /**
   * Whether search() ranks the points it is handed, so the caller must load the project's chunks with
   * their vectors; when false it finds the points itself and the chunks can be loaded without them.
   */
  get searchNeedsChunkVectors(): boolean {
    return this.inDatabase;
  }

  /** Indexes the vectors of a document's saved chunks, replacing its earlier ones (nothing to do when they were written with the chunk rows). */
  async replaceDocument(projectId: string, documentId: string, points: VectorPoint[]): Promise<void> {
    if (this.inDatabase) return;
    await this.qdrant.deleteDocument(documentId);
    await this.qdrant.upsert(points.map((point) => ({ ...point, projectId, documentId })));
  }

  /**
   * The k nearest chunks of a project, best first, optionally only of some of its documents. `chunkPoints`
   * are the project's chunk vectors (already narrowed to those documents) when searchNeedsChunkVectors.
   */
  async search(projectId: string, vector: number[], k: number, chunkPoints: readonly VectorPoint[], documentIds?: string[]): Promise<VectorHit[]> {
    if (!this.inDatabase) return this.qdrant.search(projectId, vector, k, documentIds);
    // As Qdrant refuses it: a cosine over vectors of two embedding models would rank without meaning.
    const other = chunkPoints.find((point) => point.vector.length !== vector.length);
    if (other) {
      throw new Error(
        `The stored vectors are ${other.vector.length}-dimensional, not ${vector.length}: ingest the documents again after changing the embedding model`,
      );
    }
    const hits = chunkPoints.map((point) => ({ id: point.id, score: cosine(vector, point.vector) }));
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, k);
  }

  async deleteDocument(documentId: string): Promise<void> {
    if (!this.inDatabase) await this.qdrant.deleteDocument(documentId);
  }

  async deleteProject(projectId: string): Promise<void> {
    if (!this.inDatabase) await this.qdrant.deleteProject(projectId);
  }
}
