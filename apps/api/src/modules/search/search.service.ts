import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { BoundedLru, PageMap, spanPages, type SectionHit } from '@casewise/legal';
import { ConcurrencyGate } from '@api/modules/common/concurrency-gate';
import { ConfigService } from '@api/modules/config/config.service';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { Embedder } from '@api/modules/embeddings/embedder';
import { ProjectsService } from '@api/modules/projects/projects.service';
import type { ChunkEntity } from '@api/modules/ingestion/chunk.entity';
import type { DocumentTextEntity } from '@api/modules/ingestion/document-text.entity';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { VectorIndex, VectorPoint } from '@api/modules/vectors/vector-index';
import type { RankedPassage, RetrieverInputChunk } from '@api/modules/workers/project-retrievers';
import { WorkerPool } from '@api/modules/workers/worker-pool';
import { SearchCacheBus } from './search-cache.bus';
import { SearchSnapshots } from './search-snapshots';

/** A passage found, as its stored text holds it (a section of passages when grown by small-to-big). */
export type SearchPassage = Pick<ChunkEntity, 'id' | 'documentId' | 'ordinal' | 'start' | 'end' | 'pageStart' | 'pageEnd' | 'text' | 'headingPath'>;

export interface SearchHit {
  chunk: SearchPassage;
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
  projectId: string;
  signature: string;
  /** Each indexed document with when it was last saved (ms): documents made ready since are added, not rebuilt. */
  versions: Map<string, number>;
  /** Whether the database vectors were loaded: only needed when the vector ranking has weight. */
  withVectors: boolean;
  files: Map<string, string>;
  points: VectorPoint[];
  /** Each vector point's document, for a search limited to some documents (with vectors only). */
  pointDocuments: Map<string, string>;
  /**
   * The stored texts (and pages) of the documents recent answers drew on, read when first needed and kept while the
   * index is, as many as the indexes' share of SEARCH_CACHE_MB holds: what the passages found are cut from and
   * answers checked against.
   */
  texts: Kept<DocumentTextEntity>;
  /** An estimate of the memory the index holds, for the cache bound: its search thread's retriever and the texts kept. */
  bytes: number;
  /** Whether the index holds documents its saved snapshot does not. */
  unsaved: boolean;
}

/** What the search cache holds now. */
export interface SearchCacheStats {
  projects: number;
  bytes: number;
  limitBytes: number;
}

/**
 * Memory a project's retriever holds in its search thread for each byte of its snapshot (the snapshot's bytes, which
 * a list still encoded points into, the lists decoded since, ids and field lengths as JavaScript values, the sections'
 * records): measured on 200 CUAD contracts, 4.0 after a first search and 5.4 once every term was searched.
 */
const RETRIEVER_BYTES_PER_SNAPSHOT_BYTE = 5;
/** A project's index is saved once its documents have stopped changing for this long (ms). */
const SAVE_DELAY_MS = 2000;
/** While documents keep being made ready, the index is saved at least this often (ms). */
const SAVE_EVERY_MS = 15_000;

/** Bytes of the vectors as numbers, and of a stored text (UTF-16, with its page records). */
const vectorBytes = (points: readonly VectorPoint[]): number => points.reduce((sum, point) => sum + point.vector.length * 8 + 64, 0);
const textBytes = (text: DocumentTextEntity): number => text.text.length * 2 + 1024;

/**
 * Values read from the database when first needed, as many as `limitBytes` holds by their estimated `size`, the least
 * recently used dropped first (a value larger than the whole limit is handed out but not kept).
 */
class Kept<V> {
  private readonly values: BoundedLru<string, V>;

  constructor(limitBytes: number, size: (value: V) => number) {
    this.values = new BoundedLru<string, V>(limitBytes, { weigh: (_id, value) => size(value) });
  }

  /** What the values kept are estimated to hold. */
  get bytes(): number {
    return this.values.weight;
  }

  get(id: string): V | undefined {
    return this.values.get(id);
  }

  keep(id: string, value: V): void {
    if (!this.values.has(id)) this.values.set(id, value);
  }
}

/** Whether every document an index holds (with the version it read) is still ready in that version. */
const stillReady = (held: ReadonlyMap<string, number>, ready: ReadonlyMap<string, number>): boolean => [...held].every(([id, version]) => ready.get(id) === version);

/**
 * Bytes a batch of passages is estimated to add to a retriever being built (before its snapshot is taken): about
 * twice their text in postings and term statistics, and the records of each passage and document opening.
 */
function estimateBytes(chunks: readonly ChunkEntity[], texts: readonly DocumentTextEntity[]): number {
  let text = 0;
  for (const chunk of chunks) text += chunk.text.length + chunk.headingPath.join(' ').length;
  for (const opened of texts) text += Math.min(opened.text.length, OPENING_CHARS);
  return text * 2 * 2 + chunks.length * 300;
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
export class SearchService implements OnModuleDestroy {
  private readonly logger = new Logger(SearchService.name);
  /** In order of last use, oldest first. */
  private readonly indexes = new Map<string, ProjectIndex>();
  private cachedBytes = 0;
  private readonly limitBytes: number;
  private readonly vectorWeight: number;
  /**
   * The build or extension under way of each project, with the signature and vectors it was asked for: one at a time,
   * since they all fill the project's one retriever in its search thread (two at once added the same documents twice
   * and failed).
   */
  private readonly building = new Map<string, { key: string; build: Promise<ProjectIndex> }>();
  private readonly builds = new ConcurrencyGate(BUILDS_AT_ONCE);
  /** Whether this process answers questions (and so keeps indexes ready for them). */
  private readonly serves: boolean;
  /** Projects whose index is to be saved, with when the first change not yet saved came. */
  private readonly pendingSaves = new Map<string, { timer: NodeJS.Timeout; since: number }>();
  private readonly saving = new Set<Promise<void>>();
  /** Set once shutdown began: the last saves are made then, and none is scheduled after. */
  private closing = false;

  constructor(
    private readonly ingestion: IngestionService,
    private readonly documents: DocumentsService,
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly projects: ProjectsService,
    private readonly bus: SearchCacheBus,
    private readonly workers: WorkerPool,
    private readonly snapshots: SearchSnapshots,
    config: ConfigService,
  ) {
    // The answering threads' memos hold their share of SEARCH_CACHE_MB; the indexes the rest.
    this.limitBytes = Math.max(0, config.search.cacheMb * 1024 * 1024 - workers.memoBytes);
    this.vectorWeight = config.search.vectorWeight;
    this.serves = config.app.role !== 'worker';
  }

  /**
   * A deleted project's (or document's) index leaves the cache and the disk at once, here and in the other processes.
   * A document made ready here, or in a worker process that says so through the bus, joins its project's index soon
   * after, which is then saved (see `scheduleSave`).
   */
  async onModuleInit(): Promise<void> {
    const stale = (projectId: string): void => {
      this.erase(projectId);
      this.bus.announce(projectId);
    };
    this.projects.onProjectDeleted(stale);
    this.documents.onDocumentDeleted((projectId) => stale(projectId));
    // A worker process serves no searches: the serving processes hear of its ready documents and do the same.
    this.documents.onDocumentReady((projectId) => (this.serves ? this.scheduleSave(projectId) : this.bus.announceReady(projectId)));
    // A search thread that stopped took its projects' retrievers with it.
    this.workers.onLost((projectIds) => projectIds.forEach((projectId) => this.forget(projectId)));
    await this.bus
      .listen({
        forget: (projectId) => this.erase(projectId),
        ready: (projectId) => {
          if (this.serves) this.scheduleSave(projectId);
        },
      })
      .catch((error: Error) => this.logger.warn(`Search cache messages unavailable: ${error.message}`));
  }

  /**
   * Saves at once what was waiting to be saved (the documents made ready since added first), so that a restart finds
   * it; before the search threads stop. A save cut short by the end of the shutdown leaves the previous file whole.
   */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    const pending = [...this.pendingSaves.keys()];
    for (const { timer } of this.pendingSaves.values()) clearTimeout(timer);
    this.pendingSaves.clear();
    await Promise.all([...this.saving, ...pending.map((projectId) => this.save(projectId, true))]);
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
    if (index.versions.size === 0) return [];
    const depth = Math.max(k * 4, 50);
    let sections: SectionHit[] | null;
    if (weight > 0) {
      const lexical = await this.workers.call(projectId, 'rank', projectId, query, depth, options.documentIds);
      if (lexical === null) return this.lost(projectId);
      const allowed = options.documentIds ? new Set(options.documentIds) : null;
      const points = allowed ? index.points.filter((point) => allowed.has(index.pointDocuments.get(point.id) ?? '')) : index.points;
      const semantic = await this.vectors.search(projectId, await this.embedder.embedQuery(query), depth, points, options.documentIds);
      const own = new Map(lexical.map((hit) => [hit.id, hit]));
      const ranked: RankedPassage[] = this.weightedFusion(lexical, semantic, weight).map((hit) => ({
        ...hit,
        documentId: own.get(hit.id)?.documentId ?? index.pointDocuments.get(hit.id),
        passageScore: own.get(hit.id)?.passageScore ?? 0,
      }));
      sections = await this.workers.call(projectId, 'assemble', projectId, ranked, k);
    } else {
      sections = await this.workers.call(projectId, 'search', projectId, query, depth, k, options.documentIds);
    }
    if (sections === null) return this.lost(projectId);
    return this.sectionHits(index, sections);
  }

  /** The search thread no longer holds the project: its index is dropped here too, to be built again. */
  private lost(projectId: string): null {
    this.forget(projectId);
    return null;
  }

  /**
   * The passages found, cut from their documents' stored texts (kept by the index or else read from the database):
   * the texts the answer reads anyway, so that no passage is read on its own. Small-to-big: ranked as passages, a
   * passage is handed out grown over the neighbours of its section that match as well, with the stored text between
   * them. A passage of a document deleted meanwhile is left out.
   */
  private async sectionHits(index: ProjectIndex, sections: readonly SectionHit[]): Promise<SearchHit[]> {
    const texts = new Map((await this.keptTexts(index, sections.map((hit) => hit.documentId))).map((text) => [text.documentId, text]));
    const pageMaps = new Map<string, PageMap>();
    return sections.flatMap((hit) => {
      const stored = texts.get(hit.documentId);
      if (stored === undefined) return [];
      let pageMap = pageMaps.get(hit.documentId);
      if (pageMap === undefined) pageMaps.set(hit.documentId, (pageMap = new PageMap(stored.pages)));
      const { id, documentId, ordinal, start, end, headingPath } = hit;
      const chunk = { id, documentId, ordinal, start, end, ...spanPages(pageMap, start, end), text: stored.text.slice(start, end), headingPath: [...headingPath] };
      return [{ chunk, file: index.files.get(documentId) ?? '', score: hit.score }];
    });
  }

  /**
   * The stored texts (and pages) of these documents of the project: kept by the project's cached index when it holds
   * them (the version its passages were read from), else read from the database (and kept).
   */
  async textsOf(projectId: string, documentIds: readonly string[]): Promise<DocumentTextEntity[]> {
    const index = this.indexes.get(projectId);
    return index ? this.keptTexts(index, documentIds) : this.ingestion.textsOf([...new Set(documentIds)]);
  }

  private keptTexts(index: ProjectIndex, documentIds: readonly string[]): Promise<DocumentTextEntity[]> {
    return this.readThrough(index, index.texts, documentIds, (ids) => this.ingestion.textsOf(ids), (text) => text.documentId);
  }

  /** These values, from what the index keeps, the others read from the database and kept (and counted against the bound). */
  private async readThrough<V>(index: ProjectIndex, kept: Kept<V>, ids: readonly string[], read: (ids: string[]) => Promise<V[]>, idOf: (value: V) => string): Promise<V[]> {
    const found: V[] = [];
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const value = kept.get(id);
      if (value === undefined) missing.push(id);
      else found.push(value);
    }
    if (missing.length === 0) return found;
    const fresh = await read(missing);
    const before = kept.bytes;
    for (const value of fresh) kept.keep(idOf(value), value);
    const added = kept.bytes - before;
    index.bytes += added;
    if (this.indexes.get(index.projectId) === index) {
      this.cachedBytes += added;
      this.evict(index.projectId);
    }
    return [...found, ...fresh];
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
    const key = `${signature}:${withVectors}`;
    const fresh = (index: ProjectIndex | undefined): boolean => index !== undefined && index.signature === signature && (index.withVectors || !withVectors);
    // Another signature's build of this project goes first; this one then grows what it made, or finds it is what it
    // asks for.
    let underway = this.building.get(projectId);
    while (underway !== undefined && underway.key !== key && !fresh(this.indexes.get(projectId))) {
      await underway.build.catch(() => undefined);
      underway = this.building.get(projectId);
    }
    const cached = this.indexes.get(projectId);
    if (cached !== undefined && fresh(cached)) {
      // Most recently used goes last.
      this.indexes.delete(projectId);
      this.indexes.set(projectId, cached);
      return cached;
    }
    if (underway !== undefined) return underway.build;
    const grows = cached !== undefined && (cached.withVectors || !withVectors);
    const build = this.builds
      .run(() => (grows ? this.extend(projectId, cached, signature) : this.build(projectId, signature, withVectors)))
      .then((index) => {
        // Stored before the build is seen to end, so that a request waiting for it finds the index in the cache.
        this.store(projectId, index);
        if (index.unsaved && !index.withVectors && this.serves) this.scheduleSave(projectId);
        return index;
      })
      .finally(() => {
        if (this.building.get(projectId)?.build === build) this.building.delete(projectId);
      });
    this.building.set(projectId, { key, build });
    return build;
  }

  /** Caches an index as the most recently used, then drops the least recently used beyond the bound. */
  private store(projectId: string, index: ProjectIndex): void {
    this.drop(projectId);
    this.indexes.set(projectId, index);
    this.cachedBytes += index.bytes;
    this.evict(projectId);
  }

  /** Drops the least recently used indexes while the cache holds more than its bound (never `keep`'s). */
  private evict(keep: string): void {
    for (const [oldest, entry] of this.indexes) {
      if (this.cachedBytes <= this.limitBytes) break;
      if (oldest === keep) continue;
      this.indexes.delete(oldest);
      this.cachedBytes -= entry.bytes;
      void this.workers.call(oldest, 'forget', oldest).catch(() => undefined);
    }
  }

  /**
   * A new index of the project's ready documents: restored from its saved snapshot when every document that holds is
   * still there as it was (the documents made ready since are then added), else read from the database.
   */
  private async build(projectId: string, signature: string, withVectors: boolean): Promise<ProjectIndex> {
    const versions = await this.documents.readyVersions(projectId);
    const index: ProjectIndex = {
      projectId,
      signature,
      versions: new Map(),
      withVectors,
      files: new Map(),
      points: [],
      pointDocuments: new Map(),
      // A matter's texts may take what the bound leaves the indexes (other projects' indexes leave the cache first):
      // at 2,000 contracts, kept 256 at a time, a tenth of the texts answers needed were read and opened again, a
      // fifth to a third of the server's CPU an answer (docs/decisions.md).
      texts: new Kept(this.limitBytes, textBytes),
      bytes: 0,
      unsaved: true,
    };
    const started = performance.now();
    if (!withVectors) {
      const restored = await this.restore(projectId, index, versions);
      if (restored !== null) {
        const saved = restored.versions.size;
        const restoredMs = performance.now() - started;
        const bytes = await this.addDocuments(projectId, restored, versions, [...versions.keys()]);
        if (bytes !== null) {
          const took = `${Math.round(restoredMs)} ms, then ${versions.size - saved} added in ${Math.round(performance.now() - started - restoredMs)} ms`;
          this.logger.log(`Search index of project ${projectId} restored: ${saved} documents in ${took}`);
          return { ...restored, bytes: restored.bytes + bytes, unsaved: bytes > 0 };
        }
      }
    }
    const bytes = (await this.addDocuments(projectId, index, versions, [...versions.keys()], true)) ?? 0;
    this.logger.log(`Search index of project ${projectId} read from the database: ${versions.size} documents in ${Math.round(performance.now() - started)} ms`);
    return { ...index, bytes };
  }

  /** The project's index restored from its snapshot in its search thread, or null when there is none to use. */
  private async restore(projectId: string, index: ProjectIndex, versions: Map<string, number>): Promise<ProjectIndex | null> {
    const started = performance.now();
    const snapshot = await this.snapshots.read(projectId);
    if (snapshot === null || !stillReady(snapshot.versions, versions)) return null;
    const read = performance.now();
    const size = snapshot.payload.length;
    try {
      // The opened file is of no use here once parsed: it moves to the thread uncopied.
      await this.workers.callMoving(snapshot.payload, projectId, 'restore', projectId, snapshot.payload);
      this.logger.debug(`Search snapshot of project ${projectId}: ${size} bytes read in ${Math.round(read - started)} ms, restored in ${Math.round(performance.now() - read)} ms`);
    } catch (error) {
      this.logger.warn(`The saved search index of project ${projectId} could not be restored (${(error as Error).message}); it is built again.`);
      return null;
    }
    for (const document of await this.documents.inProject(projectId)) index.files.set(document.id, document.filename);
    return { ...index, versions: new Map(snapshot.versions), bytes: size * RETRIEVER_BYTES_PER_SNAPSHOT_BYTE };
  }

  /**
   * The cached index with the documents made ready since it was built, when every document it holds is still there
   * as it was; otherwise a new build. The index grows in place (a search under way sees more passages, never fewer);
   * the copy returned carries the new signature and size for the cache's accounts.
   */
  private async extend(projectId: string, index: ProjectIndex, signature: string): Promise<ProjectIndex> {
    const versions = await this.documents.readyVersions(projectId);
    if (!stillReady(index.versions, versions)) return this.build(projectId, signature, index.withVectors);
    const added = [...versions.keys()].filter((id) => !index.versions.has(id));
    const bytes = await this.addDocuments(projectId, index, versions, added);
    if (bytes === null) return this.build(projectId, signature, index.withVectors);
    return { ...index, signature, bytes: index.bytes + bytes, unsaved: index.unsaved || bytes > 0 };
  }

  /**
   * Reads these documents' passages into the project's search thread (`reset`: a new index); returns the bytes they
   * add, or null when the index was to grow and its search thread no longer holds the project. A batch of documents
   * is read from the database while the thread indexes the batch before it. No passage is kept here: a search cuts
   * those it finds from their documents' texts.
   */
  private async addDocuments(projectId: string, index: ProjectIndex, versions: Map<string, number>, documentIds: string[], reset = false): Promise<number | null> {
    // Claimed at once, so that a request meanwhile does not add them again.
    const fresh = documentIds.filter((id) => !index.versions.has(id));
    for (const id of fresh) index.versions.set(id, versions.get(id) as number);
    try {
      if (fresh.length === 0) return 0;
      const documents = await this.documents.inProject(projectId);
      for (const document of documents) index.files.set(document.id, document.filename);
      const names = new Map(documents.map((document) => [document.id, document.filename]));
      const indexed: Promise<boolean>[] = [];
      let bytes = 0;
      for (let at = 0; at < fresh.length; at += BUILD_BATCH) {
        const batch = fresh.slice(at, at + BUILD_BATCH);
        const [chunks, texts] = await Promise.all([this.ingestion.chunksOfDocuments(projectId, batch, index.withVectors), this.ingestion.textsOf(batch)]);
        const points = chunks.filter((chunk) => Array.isArray(chunk.vector)).map((chunk) => ({ id: chunk.id, vector: chunk.vector as number[] }));
        // One by one: a spread of a whole data room's points would overflow the call's arguments.
        for (const point of points) index.points.push(point);
        for (const chunk of chunks) if (Array.isArray(chunk.vector)) index.pointDocuments.set(chunk.id, chunk.documentId);
        const passages: RetrieverInputChunk[] = chunks.map(({ id, documentId, ordinal, start, end, text, headingPath }) => ({ id, documentId, ordinal, start, end, text, headingPath }));
        const opened = texts.map((text) => ({ id: text.documentId, name: names.get(text.documentId), opening: text.text.slice(0, OPENING_CHARS) }));
        // Not awaited: the thread takes its calls in order, the next batch is read meanwhile (a failure is seen below).
        const call = this.workers.call(projectId, 'add', projectId, reset && at === 0, opened, passages);
        call.catch(() => undefined);
        indexed.push(call);
        bytes += estimateBytes(chunks, texts) + vectorBytes(points);
      }
      return (await Promise.all(indexed)).every(Boolean) ? bytes : null;
    } catch (error) {
      // Half read: this index is not to be trusted again.
      this.forget(projectId);
      throw error;
    }
  }

  /**
   * Saves the project's index once its documents have stopped changing for SAVE_DELAY_MS (or at the latest every
   * SAVE_EVERY_MS while a data room is being read), after adding the documents made ready since: the first question
   * after a restart then restores it instead of reading every passage again.
   */
  private scheduleSave(projectId: string): void {
    if (this.closing) return;
    const entry = this.pendingSaves.get(projectId);
    if (entry) clearTimeout(entry.timer);
    const since = entry?.since ?? Date.now();
    const delay = Math.max(0, Math.min(SAVE_DELAY_MS, since + SAVE_EVERY_MS - Date.now()));
    const timer = setTimeout(() => {
      this.pendingSaves.delete(projectId);
      const saved = this.save(projectId, true).finally(() => this.saving.delete(saved));
      this.saving.add(saved);
    }, delay);
    timer.unref();
    this.pendingSaves.set(projectId, { timer, since });
  }

  /** Brings the project's index up to date (`refresh`) and saves it; failures are logged, never thrown. */
  private async save(projectId: string, refresh: boolean): Promise<void> {
    try {
      if (refresh) await this.index(projectId, false);
      const index = this.indexes.get(projectId);
      if (index === undefined) return;
      const payload = await this.workers.call(projectId, 'snapshot', projectId);
      // Deleted, dropped or rebuilt meanwhile, or built before one of its documents was deleted: not to be written.
      if (payload === null || this.indexes.get(projectId) !== index) return;
      const ready = await this.documents.readyVersions(projectId);
      if (!stillReady(index.versions, ready) || this.indexes.get(projectId) !== index) return;
      // The snapshot packed the retriever's postings: what it holds is now known better than the estimate of its build.
      const bytes = payload.length * RETRIEVER_BYTES_PER_SNAPSHOT_BYTE + index.texts.bytes;
      this.cachedBytes += bytes - index.bytes;
      index.bytes = bytes;
      index.unsaved = false;
      await this.snapshots.write(projectId, index.versions, payload);
    } catch (error) {
      this.logger.warn(`The search index of project ${projectId} was not saved: ${(error as Error).message}`);
    }
  }

  /** Forgets a project's cached index (after a deletion, or when another process says it is stale). */
  forget(projectId: string): void {
    if (this.drop(projectId)) void this.workers.call(projectId, 'forget', projectId).catch(() => undefined);
  }

  /** Forgets the project's index and deletes its saved snapshot: its project or one of its documents was deleted. */
  private erase(projectId: string): void {
    this.forget(projectId);
    const entry = this.pendingSaves.get(projectId);
    if (entry) clearTimeout(entry.timer);
    this.pendingSaves.delete(projectId);
    this.snapshots.remove(projectId).catch((error: Error) => this.logger.warn(`The saved search index of project ${projectId} was not deleted: ${error.message}`));
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
