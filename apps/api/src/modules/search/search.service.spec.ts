import type { ConfigService } from '@api/modules/config/config.service';
import type { DocumentEntity } from '@api/modules/documents/document.entity';
import type { DocumentsService } from '@api/modules/documents/documents.service';
import type { Embedder } from '@api/modules/embeddings/embedder';
import type { ChunkEntity } from '@api/modules/ingestion/chunk.entity';
import type { StoredPage } from '@api/modules/ingestion/document-text.entity';
import type { IngestionService } from '@api/modules/ingestion/ingestion.service';
import type { ProjectsService } from '@api/modules/projects/projects.service';
import type { QdrantVectorStore } from '@api/modules/vectors/qdrant-vector.store';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { strict } from '@test/utils/strict';
import { SearchCacheBus } from './search-cache.bus';
import { type SearchHit, SearchService } from './search.service';
import type { SearchSnapshot, SearchSnapshots } from './search-snapshots';
import { WorkerPool } from '@api/modules/workers/worker-pool';

const PROJECT = 'project-1';
const QUERY = 'governing law';
const QUERY_VECTOR = [1, 0];

/** Two documents whose chunks all match the query; each chunk's vector is given per test. */
const CHUNKS = [
  { id: 'c1', documentId: 'd1', text: 'This Agreement is governed by the governing law of Nevada, and governing law disputes go to its courts.' },
  { id: 'c2', documentId: 'd1', text: 'The governing law clause survives termination.' },
  { id: 'c3', documentId: 'd2', text: 'Notices under the governing law section go to the registered office.' },
];

/** Passages of one document follow one another in its stored text, a blank line apart (see `storedText`). */
const PASSAGE_GAP = '\n\n';

function chunk(id: string, documentId: string, text: string, vector: number[] | null, ordinal: number, start = 0): ChunkEntity {
  return { id, documentId, projectId: PROJECT, ordinal, start, end: start + text.length, pageStart: 1, pageEnd: 1, headingPath: [], text, vector };
}

/** The fixed chunks, each at its place in its document's stored text. */
function fixedChunks(vectors: Record<string, number[]>, withVectors: boolean): ChunkEntity[] {
  const ends = new Map<string, number>();
  return CHUNKS.map((c, i) => {
    const start = ends.has(c.documentId) ? (ends.get(c.documentId) as number) + PASSAGE_GAP.length : 0;
    ends.set(c.documentId, start + c.text.length);
    return chunk(c.id, c.documentId, c.text, withVectors ? (vectors[c.id] ?? null) : null, i, start);
  });
}

/** A document's stored text: its passages in order, a blank line apart. */
const storedText = (passages: readonly ChunkEntity[], documentId: string): string =>
  passages
    .filter((c) => c.documentId === documentId)
    .map((c) => c.text)
    .join(PASSAGE_GAP);

/** Documents d`from` to d`to` made ready, one passage each (m`n`) naming product `n`'s royalty rate. */
function makeReady(ready: { versions: Map<string, number>; more: ChunkEntity[] }, from: number, to: number): void {
  for (let d = from; d <= to; d++) {
    ready.more.push(chunk(`m${d}`, `d${d}`, `Clause ${d}: the royalty rate of product number ${d} is ${d} percent.`, null, 0));
    ready.versions.set(`d${d}`, 1);
  }
}

/** One stored document (d1) with its pages and passages, for the tests of what a hit hands out. */
interface StoredDocument {
  text: string;
  pages: StoredPage[];
  chunks: ChunkEntity[];
}

/**
 * A search service over fixed chunks with the real VectorIndex; with `qdrantHits` the configuration names a
 * Qdrant server, which is faked and answers those hits. Records whether each load of the chunks asked for vectors.
 */
function setup(vectors: Record<string, number[]>, qdrantHits?: { id: string; score: number }[], cacheMb = 256, stored?: StoredDocument, workers = 0) {
  const loads: boolean[] = [];
  const loadedProjects: string[] = [];
  const loadedDocuments: string[][] = [];
  /** The project's ready documents as the database has them now: a test may add one or save one again. */
  const ready = { signature: 'sig-1', versions: new Map([['d1', 1], ...(stored ? [] : [['d2', 1] as [string, number]])]), more: [] as ChunkEntity[] };
  const embedded: string[] = [];
  const textReads: string[][] = [];
  const signatureReads: string[] = [];
  const qdrantSearches: { projectId: string; documentIds: string[] | undefined }[] = [];
  const passages = (withVectors: boolean): ChunkEntity[] => (stored ? stored.chunks : [...fixedChunks(vectors, withVectors), ...ready.more]);
  const ingestion = strict<IngestionService>({
    async chunksOfDocuments(projectId, documentIds, withVectors = true) {
      loads.push(withVectors);
      loadedProjects.push(projectId);
      loadedDocuments.push([...documentIds]);
      return passages(withVectors).filter((c) => documentIds.includes(c.documentId));
    },
    async textsOf(documentIds) {
      textReads.push([...documentIds]);
      return documentIds.map((documentId) => ({ documentId, text: stored?.text ?? storedText(passages(false), documentId), pages: stored?.pages ?? [], furniture: [] }));
    },
  });
  const documentDeletions: ((projectId: string, documentId: string) => void)[] = [];
  const documents = strict<DocumentsService>({
    onDocumentDeleted(listener) {
      documentDeletions.push(listener);
    },
    onDocumentReady() {
      // Saving indexes is the snapshots' concern, tested through the API.
    },
    async readySignature() {
      signatureReads.push(ready.signature);
      return ready.signature;
    },
    async readyVersions() {
      return new Map(ready.versions);
    },
    async inProject() {
      return [...ready.versions.keys()].map((id) => ({ id, filename: { d1: 'one.txt', d2: 'two.txt' }[id] ?? `${id}.txt` }) as DocumentEntity);
    },
  });
  const embedder = strict<Embedder>({
    async embedQuery(text) {
      embedded.push(text);
      return QUERY_VECTOR;
    },
  });
  const config = strict<ConfigService>({
    app: { role: 'all' } as ConfigService['app'],
    qdrant: { url: qdrantHits ? 'http://qdrant.invalid' : null, apiKey: null, collection: 'test' },
    search: { cacheMb, vectorWeight: 0 },
    workers: { threads: workers },
    redis: { url: null, prefix: 'test' },
  });
  const qdrant = strict<QdrantVectorStore>({
    async search(projectId, _vector, _k, documentIds) {
      qdrantSearches.push({ projectId, documentIds });
      return qdrantHits ?? [];
    },
  });
  const deletions: ((projectId: string) => void)[] = [];
  const projects = strict<ProjectsService>({
    onProjectDeleted(listener) {
      deletions.push(listener);
    },
  });
  const threads = new WorkerPool(config);
  const saved = new Map<string, SearchSnapshot>();
  const snapshots = strict<SearchSnapshots>({
    async read(projectId) {
      return saved.get(projectId) ?? null;
    },
    async write(projectId, versions, payload) {
      saved.set(projectId, { versions: new Map(versions), payload });
    },
    async remove(projectId) {
      saved.delete(projectId);
    },
  });
  const service = new SearchService(ingestion, documents, embedder, new VectorIndex(config, qdrant), projects, new SearchCacheBus(config), threads, snapshots, config);
  const initialised = service.onModuleInit();
  return {
    service,
    threads,
    initialised,
    ready,
    loads,
    loadedProjects,
    loadedDocuments,
    embedded,
    textReads,
    signatureReads,
    qdrantSearches,
    deleteProject: (projectId: string) => deletions.forEach((listener) => listener(projectId)),
    deleteDocument: (projectId: string) => documentDeletions.forEach((listener) => listener(projectId, 'd1')),
  };
}

const ids = (hits: readonly SearchHit[]): string[] => hits.map((hit) => hit.chunk.id);

/** The lexical order alone, and vectors that rank the chunks the other way round. */
async function lexicalOrderAndReversingVectors(): Promise<{ lexical: string[]; vectors: Record<string, number[]> }> {
  const lexical = ids(await setup({}).service.search(PROJECT, QUERY, 3));
  expect(lexical).toHaveLength(3);
  const vectors = Object.fromEntries(lexical.map((id, rank) => [id, [rank, lexical.length - 1 - rank]]));
  return { lexical, vectors };
}

describe(`${SearchService.name}'s index cache`, () => {
  it('takes the ready signature its caller has just read instead of reading it again, and reads it when none is given', async () => {
    const { service, ready, loads, signatureReads } = setup({});
    await service.search(PROJECT, QUERY, 3, { readySignature: 'sig-1' });
    await service.search(PROJECT, QUERY, 3, { readySignature: 'sig-1' });
    expect(signatureReads).toEqual([]);
    expect(loads).toEqual([false]);
    ready.signature = 'sig-2';
    await service.search(PROJECT, QUERY, 3);
    expect(signatureReads).toEqual(['sig-2']);
    // The same documents under another signature: nothing to read again.
    expect(loads).toEqual([false]);
  });

  it('cuts the passages found from their documents’ stored texts, read when first needed and kept with the index until it is dropped', async () => {
    const { service, textReads, deleteProject } = setup({});
    const hits = await service.search(PROJECT, QUERY, 3);
    // Each passage as stored, none read on its own.
    expect(hits.map((hit) => hit.chunk)).toEqual(
      ids(hits).map((id) => {
        const { projectId: _project, vector: _vector, ...own } = fixedChunks({}, false).find((c) => c.id === id) as ChunkEntity;
        return own;
      }),
    );
    // The build reads each document's opening (the texts themselves are not kept), the search the texts it cuts from.
    expect(textReads).toHaveLength(2);
    expect(textReads[0]).toEqual(['d1', 'd2']);
    expect([...textReads[1]].sort()).toEqual(['d1', 'd2']);
    expect((await service.textsOf(PROJECT, ['d2', 'd1', 'd2'])).map((text) => text.documentId)).toEqual(['d2', 'd1']);
    expect(await service.search(PROJECT, QUERY, 3)).toEqual(hits);
    expect(textReads).toHaveLength(2);
    expect((await service.textsOf(PROJECT, ['d1', 'd3'])).map((text) => text.documentId)).toEqual(['d1', 'd3']);
    expect(textReads.slice(2)).toEqual([['d3']]);
    deleteProject(PROJECT);
    await service.textsOf(PROJECT, ['d1']);
    expect(textReads.slice(2)).toEqual([['d3'], ['d1']]);
  });

  it('keeps as many stored texts as the indexes’ share of SEARCH_CACHE_MB holds, the least recently used dropped first', async () => {
    // 1 MB: the answering memos take half, the indexes the other 512 KB. Each text here is empty, estimated at 1 KB.
    const { service, textReads } = setup({}, undefined, 1);
    await service.search(PROJECT, QUERY, 3);
    const texts = (from: number, to: number): string[] => Array.from({ length: to - from }, (_, i) => `t${from + i}`);
    await service.textsOf(PROJECT, texts(0, 400));
    const reads = textReads.length;
    // 402 texts are within the share: none is read again, however long ago it was read.
    await service.textsOf(PROJECT, ['t0', 't399', 'd1']);
    expect(textReads).toHaveLength(reads);
    // 300 more are not: the least recently used leave (t1 among them), the ones used since stay.
    await service.textsOf(PROJECT, texts(400, 700));
    await service.textsOf(PROJECT, ['t0', 't699']);
    expect(textReads.slice(reads + 1)).toEqual([]);
    await service.textsOf(PROJECT, ['t1']);
    expect(textReads.slice(reads + 1)).toEqual([['t1']]);
  });

  it('keeps a project’s index while its ready documents are the same, and drops it as soon as the project is deleted', async () => {
    const { service, loads, deleteProject } = setup({});
    await service.search(PROJECT, QUERY, 3);
    await service.search(PROJECT, QUERY, 3);
    expect(loads).toEqual([false]);
    deleteProject('another-project');
    await service.search(PROJECT, QUERY, 3);
    expect(loads).toEqual([false]);
    deleteProject(PROJECT);
    expect(service.cacheStats()).toMatchObject({ projects: 0, bytes: 0 });
    await service.search(PROJECT, QUERY, 3);
    expect(loads).toEqual([false, false]);
  });

  it('adds a document made ready since the index was built, reading only its passages, and rebuilds when one was saved again', async () => {
    const { service, ready, loadedDocuments } = setup({});
    await service.search(PROJECT, QUERY, 3);
    const before = service.cacheStats().bytes;
    ready.more.push(chunk('c4', 'd3', 'The governing law of this lease is the law of Ontario.', null, 0));
    ready.versions.set('d3', 1);
    ready.signature = 'sig-2';
    const hits = await service.search(PROJECT, 'Ontario governing law', 3);
    expect(hits[0]).toMatchObject({ chunk: { id: 'c4' }, file: 'd3.txt' });
    expect(loadedDocuments).toEqual([['d1', 'd2'], ['d3']]);
    expect(service.cacheStats()).toMatchObject({ projects: 1 });
    expect(service.cacheStats().bytes).toBeGreaterThan(before);
    // The same answers as an index built afresh over the three documents.
    const fresh = setup({});
    Object.assign(fresh.ready, { signature: 'sig-2', versions: new Map(ready.versions), more: ready.more });
    for (const query of [QUERY, 'Ontario governing law', 'registered office']) expect(await service.search(PROJECT, query, 3)).toEqual(await fresh.service.search(PROJECT, query, 3));
    // d1 saved again (its text replaced): everything is read again.
    ready.versions.set('d1', 2);
    ready.signature = 'sig-3';
    await service.search(PROJECT, QUERY, 3);
    expect(loadedDocuments.at(-1)).toEqual(['d1', 'd2', 'd3']);
  });

  it('drops a project’s index as soon as one of its documents is deleted', async () => {
    const { service, loads, deleteDocument } = setup({});
    await service.search(PROJECT, QUERY, 3);
    deleteDocument(PROJECT);
    expect(service.cacheStats().projects).toBe(0);
    await service.search(PROJECT, QUERY, 3);
    expect(loads).toEqual([false, false]);
  });

  it('holds at most SEARCH_CACHE_MB with the answering memos, dropping the least recently used project first', async () => {
    const probe = setup({});
    await probe.service.search('p0', QUERY, 3);
    const oneIndex = probe.service.cacheStats().bytes;
    expect(oneIndex).toBeGreaterThan(0);
    // Room for two indexes and a half once the answering memos have their half.
    const cacheMb = (oneIndex * 5) / (1024 * 1024);
    const { service, loadedProjects, threads } = setup({}, undefined, cacheMb);
    expect(threads.memoBytes).toBe(Math.floor((cacheMb * 1024 * 1024) / 2));
    expect(service.cacheStats().limitBytes + threads.memoBytes).toBeCloseTo(cacheMb * 1024 * 1024, 0);
    for (const project of ['p1', 'p2', 'p3']) await service.search(project, QUERY, 3);
    expect(service.cacheStats()).toMatchObject({ projects: 2, bytes: oneIndex * 2 });
    await service.search('p2', QUERY, 3); // still cached, now the most recently used
    await service.search('p4', QUERY, 3); // p3 is the least recently used and goes
    await service.search('p2', QUERY, 3);
    await service.search('p3', QUERY, 3);
    expect(loadedProjects).toEqual(['p1', 'p2', 'p3', 'p4', 'p3']);
    expect(service.cacheStats().bytes).toBeLessThanOrEqual(service.cacheStats().limitBytes);
  });
});

describe(`${SearchService.name} in worker threads`, () => {
  it('scores in a thread the same hits as in process, reading each project once, a grown index included', async () => {
    const local = setup({});
    const threaded = setup({}, undefined, 256, undefined, 1);
    try {
      expect(threaded.threads.size).toBe(1);
      for (const query of [QUERY, 'registered office', 'survives termination']) expect(await threaded.service.search(PROJECT, query, 3)).toEqual(await local.service.search(PROJECT, query, 3));
      expect(threaded.loads).toEqual([false]);
      for (const { ready } of [local, threaded]) {
        ready.more.push(chunk('c4', 'd3', 'The governing law of this lease is the law of Ontario.', null, 0));
        ready.versions.set('d3', 1);
        ready.signature = 'sig-2';
      }
      expect(await threaded.service.search(PROJECT, 'Ontario governing law', 3)).toEqual(await local.service.search(PROJECT, 'Ontario governing law', 3));
      expect(threaded.loadedDocuments).toEqual([['d1', 'd2'], ['d3']]);
    } finally {
      await threaded.threads.onApplicationShutdown();
    }
  });

  it('reads a large matter in batches, the thread indexing each after the one before, and finds passages of every batch', async () => {
    const threaded = setup({}, undefined, 256, undefined, 1);
    try {
      makeReady(threaded.ready, 3, 140);
      expect((await threaded.service.search(PROJECT, 'royalty rate of product number 140', 3))[0]?.chunk.id).toBe('m140');
      expect(threaded.loadedDocuments.map((batch) => batch.length)).toEqual([64, 64, 12]);
      expect(ids(await threaded.service.search(PROJECT, QUERY, 3))).toContain('c1');
      expect(threaded.loads).toHaveLength(3);
    } finally {
      await threaded.threads.onApplicationShutdown();
    }
  });

  it('grows a matter’s index after the build under way when its documents change meanwhile, never reading one twice', async () => {
    const threaded = setup({}, undefined, 256, undefined, 1);
    try {
      makeReady(threaded.ready, 3, 140);
      const first = threaded.service.search(PROJECT, 'royalty rate of product number 140', 3);
      // A document made ready while the matter is read: a question now asks for the index of another signature.
      makeReady(threaded.ready, 141, 141);
      threaded.ready.signature = 'sig-2';
      const second = threaded.service.search(PROJECT, 'royalty rate of product number 141', 3);
      expect((await first)[0]?.chunk.id).toBe('m140');
      expect((await second)[0]?.chunk.id).toBe('m141');
      // Whether the second question found the first's build to be what it asked for or grew it, each document was
      // read once (two builds at once filled the thread's one retriever with the same documents, and failed).
      const read = threaded.loadedDocuments.flat();
      expect(read.length).toBe(new Set(read).size);
      expect(new Set(read)).toEqual(new Set(threaded.ready.versions.keys()));
    } finally {
      await threaded.threads.onApplicationShutdown();
    }
  });

  it('reads a project again when its thread no longer holds it, and answers as before', async () => {
    const threaded = setup({}, undefined, 256, undefined, 1);
    try {
      const before = await threaded.service.search(PROJECT, QUERY, 3);
      await threaded.threads.call(PROJECT, 'forget', PROJECT);
      expect(await threaded.service.search(PROJECT, QUERY, 3)).toEqual(before);
      expect(threaded.loads).toEqual([false, false]);
      // A grown index is read whole again rather than grown over nothing.
      await threaded.threads.call(PROJECT, 'forget', PROJECT);
      threaded.ready.more.push(chunk('c4', 'd3', 'The governing law of this lease is the law of Ontario.', null, 0));
      threaded.ready.versions.set('d3', 1);
      threaded.ready.signature = 'sig-2';
      expect((await threaded.service.search(PROJECT, QUERY, 4)).map((hit) => hit.chunk.id).sort()).toEqual(['c1', 'c2', 'c3', 'c4']);
      expect(threaded.loadedDocuments.at(-1)).toEqual(['d1', 'd2', 'd3']);
    } finally {
      await threaded.threads.onApplicationShutdown();
    }
  });
});

describe(`${SearchService.name} with the vector index`, () => {
  it('loads the chunks without vectors and never embeds the query when the vector ranking has no weight', async () => {
    const { service, loads, embedded } = setup({ c1: [1, 0] });
    await service.search(PROJECT, QUERY, 3);
    expect(loads).toEqual([false]);
    expect(embedded).toEqual([]);
  });

  it('with the database store, loads the chunks with their vectors and fuses the vector ranking into the lexical one', async () => {
    const { lexical, vectors } = await lexicalOrderAndReversingVectors();
    const { service, loads } = setup(vectors);
    const hits = await service.search(PROJECT, QUERY, 3, { vectorWeight: 2 });
    expect(loads).toEqual([true]);
    expect(ids(hits)).toEqual([...lexical].reverse());
    // The index built with vectors serves later searches of either kind.
    await service.search(PROJECT, QUERY, 3);
    expect(loads).toEqual([true]);
  });

  it('with the database store, ranks only the vectors of the documents asked for', async () => {
    const { vectors } = await lexicalOrderAndReversingVectors();
    const hits = await setup(vectors).service.search(PROJECT, QUERY, 3, { vectorWeight: 2, documentIds: ['d2'] });
    expect(ids(hits)).toEqual(['c3']);
  });

  it('with Qdrant, loads the chunks without vectors and fuses the hits Qdrant returns for the project and documents', async () => {
    const { lexical } = await lexicalOrderAndReversingVectors();
    const reversed = [...lexical].reverse();
    const { service, loads, qdrantSearches } = setup({}, reversed.map((id, rank) => ({ id, score: 1 - rank / 10 })));
    const hits = await service.search(PROJECT, QUERY, 3, { vectorWeight: 2, documentIds: ['d1', 'd2'] });
    expect(loads).toEqual([false]);
    expect(qdrantSearches).toEqual([{ projectId: PROJECT, documentIds: ['d1', 'd2'] }]);
    expect(ids(hits)).toEqual(reversed);
  });
});

describe(`${SearchService.name}: small-to-big`, () => {
  // Three passages of one clause, the page number between the first two left out of every passage.
  const text = [
    '12. Confidentiality.',
    'The Recipient shall hold the Confidential Information in strict confidence.',
    'Page 4',
    'The Recipient shall not disclose Confidential Information in strict confidence to others.',
    'The Recipient shall return all copies of the Confidential Information.',
    '13. Notices.',
    'Notices go to the addresses above.',
  ].join('\n');
  const passage = (id: string, ordinal: number, from: string, to: string, headingPath: string[], page: number): ChunkEntity => {
    const start = text.indexOf(from);
    const end = text.indexOf(to) + to.length;
    return { id, documentId: 'd1', projectId: PROJECT, ordinal, start, end, pageStart: page, pageEnd: page, headingPath, text: text.slice(start, end), vector: null };
  };
  const clause = ['12. Confidentiality'];
  const chunks = [
    passage('p0', 0, '12. Confidentiality.', 'strict confidence.', clause, 3),
    passage('p1', 1, 'The Recipient shall not', 'to others.', clause, 4),
    passage('p2', 2, 'The Recipient shall return', 'Information.', clause, 4),
    passage('p3', 3, '13. Notices.', 'addresses above.', ['13. Notices'], 4),
  ];

  // The page number starts page 4.
  const pages = [
    { page: 3, start: 0, end: text.indexOf('Page 4'), ocr: false },
    { page: 4, start: text.indexOf('Page 4'), end: text.length, ocr: false },
  ];

  it('hands out a passage grown over the neighbours of its clause that match as well, as the stored text between them', async () => {
    const { service } = setup({}, undefined, 256, { text, pages, chunks });
    const [hit, ...rest] = await service.search(PROJECT, 'hold or disclose confidential information in strict confidence', 3);
    expect(['p0', 'p1']).toContain(hit.chunk.id);
    expect(hit.chunk).toMatchObject({ ordinal: 0, start: chunks[0].start, end: chunks[1].end, pageStart: 3, pageEnd: 4, headingPath: clause });
    expect(hit.chunk.text).toBe(text.slice(chunks[0].start, chunks[1].end));
    expect(hit.chunk.text).toContain('Page 4');
    expect(hit.file).toBe('one.txt');
    // Neither passage is handed out a second time.
    const others = rest.map((other) => other.chunk.id);
    expect(others).toContain('p2');
    expect(others).not.toContain('p0');
    expect(others).not.toContain('p1');
  });

  it('leaves a passage alone when its neighbours do not match the question', async () => {
    const { service } = setup({}, undefined, 256, { text, pages, chunks });
    const [hit] = await service.search(PROJECT, 'return copies', 1);
    const { projectId: _project, vector: _vector, ...own } = chunks[2];
    expect(hit.chunk).toEqual(own);
  });
});
