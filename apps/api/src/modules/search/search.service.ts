import { Injectable } from '@nestjs/common';
import { LegalRetriever } from '@casewise/legal';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { Embedder } from '@api/modules/embeddings/embedder';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { ChunkEntity } from '@api/modules/ingestion/chunk.entity';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { VectorIndex, VectorPoint } from '@api/modules/vectors/vector-index';

export interface SearchHit {
  chunk: ChunkEntity;
  file: string;
  score: number;
}

export interface SearchOptions {
  documentIds?: string[];
  /** Weight of the vector ranking in the fusion, against 1 for the lexical one. */
  vectorWeight?: number;
}

interface ProjectIndex {
  signature: string;
  /** Whether the database vectors were loaded: only needed when the vector ranking has weight. */
  withVectors: boolean;
  retriever: LegalRetriever;
  chunks: Map<string, ChunkEntity>;
  files: Map<string, string>;
  points: VectorPoint[];
}

const OPENING_CHARS = 2000;
export const DEFAULT_VECTOR_WEIGHT = 0;

/** Hybrid retrieval over one project: legal BM25 fused with vector similarity, cached per project state. */
@Injectable()
export class SearchService {
  private readonly indexes = new Map<string, ProjectIndex>();
  private readonly building = new Map<string, Promise<ProjectIndex>>();

  constructor(
    private readonly ingestion: IngestionService,
    private readonly documents: DocumentsService,
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly projects: ProjectsService,
  ) {}

  /** A deleted project's index leaves the cache at once, not when memory runs short. */
  onModuleInit(): void {
    this.projects.onProjectDeleted((projectId) => this.forget(projectId));
  }

  async search(projectId: string, query: string, k: number, options: SearchOptions = {}): Promise<SearchHit[]> {
    const weight = options.vectorWeight ?? DEFAULT_VECTOR_WEIGHT;
    const index = await this.index(projectId, weight > 0 && this.vectors.searchNeedsChunkVectors);
    if (index.chunks.size === 0) return [];
    const allowed = options.documentIds ? new Set(options.documentIds) : null;
    const filter = allowed ? (id: string) => allowed.has(index.chunks.get(id)?.documentId ?? '') : undefined;
    const depth = Math.max(k * 4, 50);
    const lexical = index.retriever.search(query, depth, filter);
    let ranked: { id: string; score: number }[] = lexical;
    if (weight > 0) {
      const points = allowed ? index.points.filter((point) => filter?.(point.id)) : index.points;
      const semantic = await this.vectors.search(projectId, await this.embedder.embedQuery(query), depth, points, options.documentIds);
      ranked = this.weightedFusion(lexical, semantic, weight);
    }
    return ranked.slice(0, k).flatMap((hit) => {
      const chunk = index.chunks.get(hit.id);
      return chunk ? [{ chunk, file: index.files.get(chunk.documentId) ?? '', score: hit.score }] : [];
    });
  }

  /** Reciprocal rank fusion with a weight on the second list. */
  private weightedFusion(first: { id: string }[], second: { id: string }[], weight: number, k = 60): { id: string; score: number }[] {
    const scores = new Map<string, number>();
    first.forEach((hit, rank) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + 1 / (k + rank + 1)));
    second.forEach((hit, rank) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + weight / (k + rank + 1)));
    return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
  }

  private async index(projectId: string, withVectors: boolean): Promise<ProjectIndex> {
    const signature = await this.documents.readySignature(projectId);
    const cached = this.indexes.get(projectId);
    if (cached && cached.signature === signature && (cached.withVectors || !withVectors)) return cached;
    const key = `${projectId}:${signature}:${withVectors}`;
    const pending = this.building.get(key);
    if (pending) return pending;
    const build = this.build(projectId, signature, withVectors).finally(() => this.building.delete(key));
    this.building.set(key, build);
    const index = await build;
    this.indexes.set(projectId, index);
    return index;
  }

  private async build(projectId: string, signature: string, withVectors: boolean): Promise<ProjectIndex> {
    const chunks = await this.ingestion.chunksOfProject(projectId, withVectors);
    const documentIds = [...new Set(chunks.map((chunk) => chunk.documentId))];
    const texts = await this.ingestion.textsOf(documentIds);
    const documents = await this.documents.inProject(projectId);
    const retriever = LegalRetriever.build(
      texts.map((text) => ({ id: text.documentId, text: text.text.slice(0, OPENING_CHARS) })),
      chunks.map((chunk) => ({ id: chunk.id, documentId: chunk.documentId, text: chunk.text, headingPath: chunk.headingPath })),
    );
    return {
      signature,
      withVectors,
      retriever,
      chunks: new Map(chunks.map((chunk) => [chunk.id, chunk])),
      files: new Map(documents.map((document) => [document.id, document.filename])),
      points: chunks.filter((chunk) => Array.isArray(chunk.vector)).map((chunk) => ({ id: chunk.id, vector: chunk.vector as number[] })),
    };
  }

  /** Forgets a project's cached index (after deletion). */
  forget(projectId: string): void {
    this.indexes.delete(projectId);
  }
}
