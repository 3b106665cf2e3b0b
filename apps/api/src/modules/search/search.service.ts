import { Injectable, Logger } from '@nestjs/common';
import type { SectionHit } from '@casewise/legal';
import { ConcurrencyGate } from '@api/modules/common/concurrency-gate';
import { ConfigService } from '@api/modules/config/config.service';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { Embedder } from '@api/modules/embeddings/embedder';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { ChunkEntity } from '@api/modules/ingestion/chunk.entity';
import type { DocumentTextEntity } from '@api/modules/ingestion/document-text.entity';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { VectorIndex, VectorPoint } from '@api/modules/vectors/vector-index';
import type { RankedPassage, RetrieverInputChunk } from '@api/modules/workers/project-retrievers';
import { WorkerPool } from '@api/modules/workers/worker-pool';
import { SearchCacheBus } from './search-cache.bus';

export interface SearchHit {
  chunk: ChunkEntity;
  file: string;
  score: number;
}

export interface SearchOptions {
  documentIds?: string[];
  /** Weight of the vector ranking in the fusion, against 1 for the lexical one. */
  vectorWeight?: number;
  /** The project's ready signature (`DocumentsService.readySignature`) when the caller has just read it. */
  readySignature?: string;
}

interface ProjectIndex {
  signature: string;
  /** Each indexed document with when it was last saved (ms): documents made ready since are added, not rebuilt. */
  versions: Map<string, number>;
  /** Whether the database vectors were loaded: only needed when the vector ranking has weight. */
  withVectors: boolean;
  chunks: Map<string, ChunkEntity>;
  /** Each document's stored text and pages: a section handed out whole is read from it, and answers are checked against it. */
  texts: Map<string, DocumentTextEntity>;
  files: Map<string, string>;
  points: VectorPoint[];
  /** An estimate of the memory the index holds, for the cache bound. */
  bytes: number;
}

/** What the search cache holds now. */
export interface SearchCacheStats {
  projects: number;
  bytes: number;
  limitBytes: number;
}

/**
 * Bytes an index is estimated to hold: its chunk texts (UTF-16) and their per-chunk records, the lexical index
 * built over them (postings and term statistics, about twice the text), and the vectors as numbers. Measured on 100
 * CUAD contracts (16,300 passages): about 40 MB held against 44 MB estimated, so the bound errs on the safe side.
 */
function estimateBytes(chunks: readonly ChunkEntity[], openings: number, texts: number, points: readonly VectorPoint[]): number {
  let text = openings;
  for (const chunk of chunks) text += chunk.text.length + chunk.headingPath.join(' ').length;
  const vectors = points.reduce((sum, point) => sum + point.vector.length * 8 + 64, 0);
  return text * 2 * 3 + texts * 2 + chunks.length * 400 + vectors;
}

const OPENING_CHARS = 2000;
/** Documents read from the database at a time while building an index. */
const BUILD_BATCH = 64;
/**
 * Indexes built at the same time. An index is counted against SEARCH_CACHE_MB only once stored, so many matters asked at
 * once (a firm's lawyers each in their own) would otherwise each hold a half-built index, and the rows read for it,
 * beyond the bound; the others wait their turn.
 */
const BUILDS_AT_ONCE = 2;

/**
 * Hybrid retrieval over one project: legal BM25 fused with vector similarity, cached per project state. The cache
 * holds at most SEARCH_CACHE_MB, dropping the least recently used projects first; a project's index leaves it as
 * soon as the project or one of its documents is deleted, on every API process (through Redis when configured).
 */
@Injectable()
export class SearchService {
  private readonly logger = new Logger(SearchService.name);
  /** In order of last use, oldest first. */
  private readonly indexes = new Map<string, ProjectIndex>();
  private cachedBytes = 0;
  private readonly limitBytes: number;
  private readonly vectorWeight: number;
  private readonly building = new Map<string, Promise<ProjectIndex>>();
  private readonly builds = new ConcurrencyGate(BUILDS_AT_ONCE);

  constructor(
    private readonly ingestion: IngestionService,
    private readonly documents: DocumentsService,
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly projects: ProjectsService,
    private readonly bus: SearchCacheBus,
    private readonly workers: WorkerPool,
    config: ConfigService,
  ) {
    this.limitBytes = config.search.cacheMb * 1024 * 1024;
    this.vectorWeight = config.search.vectorWeight;
  }

  /** A deleted project's (or document's) index leaves the cache at once, here and in the other processes. */
  async onModuleInit(): Promise<void> {
    const stale = (projectId: string): void => {
      this.forget(projectId);
      this.bus.announce(projectId);
    };
    this.projects.onProjectDeleted(stale);
    this.documents.onDocumentDeleted((projectId) => stale(projectId));
    // A search thread that stopped took its projects' retrievers with it.
    this.workers.onLost((projectIds) => projectIds.forEach((projectId) => this.forget(projectId)));
    await this.bus.listen((projectId) => this.forget(projectId)).catch((error: Error) => this.logger.warn(`Search cache messages unavailable: ${error.message}`));
  }

  cacheStats(): SearchCacheStats {
    return { projects: this.indexes.size, bytes: this.cachedBytes, limitBytes: this.limitBytes };
  }

  async search(projectId: string, query: string, k: number, options: SearchOptions = {}): Promise<SearchHit[]> {
    const found = await this.searchIn(projectId, query, k, options);
    // The project left the cache (or its search thread stopped) between reading the index and scoring: once more.
    return found ?? (await this.searchIn(projectId, query, k, options)) ?? [];
  }

  private async searchIn(projectId: string, query: string, k: number, options: SearchOptions): Promise<SearchHit[] | null> {
    const weight = options.vectorWeight ?? this.vectorWeight;
    const index = await this.index(projectId, weight > 0 && this.vectors.searchNeedsChunkVectors, options.readySignature);
    if (index.chunks.size === 0) return [];
    const depth = Math.max(k * 4, 50);
    let sections: SectionHit[] | null;
    if (weight > 0) {
      const lexical = await this.workers.call(projectId, 'rank', projectId, query, depth, options.documentIds);
      if (lexical === null) return this.lost(projectId);
      const allowed = options.documentIds ? new Set(options.documentIds) : null;
      const points = allowed ? index.points.filter((point) => allowed.has(index.chunks.get(point.id)?.documentId ?? '')) : index.points;
      const semantic = await this.vectors.search(projectId, await this.embedder.embedQuery(query), depth, points, options.documentIds);
      const own = new Map(lexical.map((hit) => [hit.id, hit.passageScore]));
      const ranked: RankedPassage[] = this.weightedFusion(lexical, semantic, weight).map((hit) => ({ ...hit, passageScore: own.get(hit.id) ?? 0 }));
      sections = await this.workers.call(projectId, 'assemble', projectId, ranked, k);
    } else {
      sections = await this.workers.call(projectId, 'search', projectId, query, depth, k, options.documentIds);
    }
    if (sections === null) return this.lost(projectId);
    // Small-to-big: ranked as passages, handed out grown over the neighbours of their section that match as well.
    return sections.flatMap((hit) => {
      const chunk = this.sectionChunk(index, hit.id, hit.chunkIds, hit.start, hit.end);
      return chunk ? [{ chunk, file: index.files.get(chunk.documentId) ?? '', score: hit.score }] : [];
    });
  }

  /** The search thread no longer holds the project: its index is dropped here too, to be built again. */
  private lost(projectId: string): null {
    this.forget(projectId);
    return null;
  }

  /** The retrieved passage, or, when it grew, a passage spanning its section's passages with the stored text between them. */
  private sectionChunk(index: ProjectIndex, id: string, chunkIds: readonly string[], start: number, end: number): ChunkEntity | undefined {
    const chunk = index.chunks.get(id);
    if (chunk === undefined || chunkIds.length <= 1) return chunk;
    const first = index.chunks.get(chunkIds[0]) ?? chunk;
    const last = index.chunks.get(chunkIds[chunkIds.length - 1]) ?? chunk;
    const text = index.texts.get(chunk.documentId)?.text;
    if (text === undefined) return chunk;
    return { ...chunk, ordinal: first.ordinal, start, end, pageStart: first.pageStart, pageEnd: last.pageEnd, text: text.slice(start, end), vector: null };
  }

  /**
   * The stored texts (and pages) of these documents of the project: from the project's cached index, the one the last
   * search read (so its passages and these texts are of the same version), else from the database.
   */
  async textsOf(projectId: string, documentIds: readonly string[]): Promise<DocumentTextEntity[]> {
    const cached = this.indexes.get(projectId)?.texts;
    const found: DocumentTextEntity[] = [];
    const missing: string[] = [];
    for (const id of new Set(documentIds)) {
      const text = cached?.get(id);
      if (text) found.push(text);
      else missing.push(id);
    }
    return missing.length === 0 ? found : [...found, ...(await this.ingestion.textsOf(missing))];
  }

  /** Reciprocal rank fusion with a weight on the second list. */
  private weightedFusion(first: { id: string }[], second: { id: string }[], weight: number, k = 60): { id: string; score: number }[] {
    const scores = new Map<string, number>();
    first.forEach((hit, rank) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + 1 / (k + rank + 1)));
    second.forEach((hit, rank) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + weight / (k + rank + 1)));
    return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
  }

  private async index(projectId: string, withVectors: boolean, readySignature?: string): Promise<ProjectIndex> {
    const signature = readySignature ?? (await this.documents.readySignature(projectId));
    const cached = this.indexes.get(projectId);
    if (cached && cached.signature === signature && (cached.withVectors || !withVectors)) {
      // Most recently used goes last.
      this.indexes.delete(projectId);
      this.indexes.set(projectId, cached);
      return cached;
    }
    const key = `${projectId}:${signature}:${withVectors}`;
    const pending = this.building.get(key);
    if (pending) return pending;
    const grows = cached !== undefined && (cached.withVectors || !withVectors);
    const build = this.builds.run(() => (grows ? this.extend(projectId, cached, signature) : this.build(projectId, signature, withVectors))).finally(() => this.building.delete(key));
    this.building.set(key, build);
    const index = await build;
    this.store(projectId, index);
    return index;
  }

  /** Caches an index as the most recently used, then drops the least recently used beyond the bound (never the newest). */
  private store(projectId: string, index: ProjectIndex): void {
    this.drop(projectId);
    this.indexes.set(projectId, index);
    this.cachedBytes += index.bytes;
    for (const [oldest, entry] of this.indexes) {
      if (this.cachedBytes <= this.limitBytes || oldest === projectId) break;
      this.indexes.delete(oldest);
      this.cachedBytes -= entry.bytes;
      void this.workers.call(oldest, 'forget', oldest).catch(() => undefined);
    }
  }

  private async build(projectId: string, signature: string, withVectors: boolean): Promise<ProjectIndex> {
    const versions = await this.documents.readyVersions(projectId);
    const index: ProjectIndex = {
      signature,
      versions: new Map(),
      withVectors,
      chunks: new Map(),
      texts: new Map(),
      files: new Map(),
      points: [],
      bytes: 0,
    };
    return { ...index, bytes: (await this.addDocuments(projectId, index, versions, [...versions.keys()], true)) ?? 0 };
  }

  /**
   * The cached index with the documents made ready since it was built, when every document it holds is still there
   * as it was; otherwise a new build. The index grows in place (a search under way sees more passages, never fewer);
   * the copy returned carries the new signature and size for the cache's accounts.
   */
  private async extend(projectId: string, index: ProjectIndex, signature: string): Promise<ProjectIndex> {
    const versions = await this.documents.readyVersions(projectId);
    if ([...index.versions].some(([id, version]) => versions.get(id) !== version)) return this.build(projectId, signature, index.withVectors);
    const added = [...versions.keys()].filter((id) => !index.versions.has(id));
    const bytes = await this.addDocuments(projectId, index, versions, added);
    return bytes === null ? this.build(projectId, signature, index.withVectors) : { ...index, signature, bytes: index.bytes + bytes };
  }

  /**
   * Reads these documents' passages and texts into the index (`reset`: a new one); returns the bytes they add, or null
   * when the index was to grow and its search thread no longer holds the project. A batch of documents is read from
   * the database while the thread indexes the batch before it.
   */
  private async addDocuments(projectId: string, index: ProjectIndex, versions: Map<string, number>, documentIds: string[], reset = false): Promise<number | null> {
    // Claimed at once, so that a request meanwhile does not add them again.
    const fresh = documentIds.filter((id) => !index.versions.has(id));
    for (const id of fresh) index.versions.set(id, versions.get(id) as number);
    try {
      const documents = await this.documents.inProject(projectId);
      for (const document of documents) index.files.set(document.id, document.filename);
      const names = new Map(documents.map((document) => [document.id, document.filename]));
      const indexed: Promise<boolean>[] = [];
      let bytes = 0;
      for (let at = 0; at < fresh.length; at += BUILD_BATCH) {
        const batch = fresh.slice(at, at + BUILD_BATCH);
        const [chunks, texts] = await Promise.all([this.ingestion.chunksOfDocuments(projectId, batch, index.withVectors), this.ingestion.textsOf(batch)]);
        for (const chunk of chunks) index.chunks.set(chunk.id, chunk);
        for (const text of texts) index.texts.set(text.documentId, text);
        const points = chunks.filter((chunk) => Array.isArray(chunk.vector)).map((chunk) => ({ id: chunk.id, vector: chunk.vector as number[] }));
        // One by one: a spread of a whole data room's points would overflow the call's arguments.
        for (const point of points) index.points.push(point);
        const passages: RetrieverInputChunk[] = chunks.map(({ id, documentId, ordinal, start, end, text, headingPath }) => ({ id, documentId, ordinal, start, end, text, headingPath }));
        const opened = texts.map((text) => ({ id: text.documentId, name: names.get(text.documentId), opening: text.text.slice(0, OPENING_CHARS) }));
        // Not awaited: the thread takes its calls in order, the next batch is read meanwhile (a failure is seen below).
        const call = this.workers.call(projectId, 'add', projectId, reset && at === 0, opened, passages);
        call.catch(() => undefined);
        indexed.push(call);
        const openingChars = texts.reduce((sum, text) => sum + Math.min(text.text.length, OPENING_CHARS), 0);
        const textChars = texts.reduce((sum, text) => sum + text.text.length, 0);
        bytes += estimateBytes(chunks, openingChars, textChars, points);
      }
      return (await Promise.all(indexed)).every(Boolean) ? bytes : null;
    } catch (error) {
      // Half read: this index is not to be trusted again.
      this.forget(projectId);
      throw error;
    }
  }

  /** Forgets a project's cached index (after a deletion, or when another process says it is stale). */
  forget(projectId: string): void {
    if (this.drop(projectId)) void this.workers.call(projectId, 'forget', projectId).catch(() => undefined);
  }

  /** Takes a project's index out of the cache's accounts; whether there was one. */
  private drop(projectId: string): boolean {
    const entry = this.indexes.get(projectId);
    if (entry === undefined) return false;
    this.indexes.delete(projectId);
    this.cachedBytes -= entry.bytes;
    return true;
  }
}
