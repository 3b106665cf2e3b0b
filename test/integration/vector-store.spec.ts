import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ConfigService } from '@api/modules/config/config.service';
import { DocumentRepository } from '@api/modules/documents/document.repository';
import type { NewChunk } from '@api/modules/ingestion/ingestion.repository';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { UpstreamServiceError } from '@api/modules/common/upstream.error';
import { QdrantVectorStore, VectorPoint } from '@api/modules/vectors/qdrant-vector.store';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { createUser, type TestUser } from '../utils/factory';
import { closedPort } from '../utils/local-server';
import { bearer, createProject } from '../utils/projects';
import { describeIf, type Requirement } from '../utils/requirements';
import { startTestApp, type TestApp } from '../utils/test-app';
import { testConfig, uniqueName } from '../utils/test-config';

const DIMENSIONS = 8;

/** A unit vector pointing mostly along one axis, so nearest neighbours are predictable. */
function axis(index: number, dimensions = DIMENSIONS, tilt = 0): number[] {
  const vector = Array.from({ length: dimensions }, (_, i) => (i === index ? 1 : tilt));
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

/**
 * The vector stores the app can be configured with. The database one (PGlite here, PostgreSQL under
 * test:services) always runs; no Qdrant server can be installed on this project's machines (no Debian package, and
 * npm has only clients), so the Qdrant one runs where QDRANT_URL names a server, e.g. docker/compose.yaml's.
 */
const ADAPTERS: { kind: 'database' | 'qdrant'; requirement: Requirement; env: () => Record<string, string | undefined> }[] = [
  { kind: 'database', requirement: { what: 'the database', missing: null, providedByCi: true }, env: () => ({}) },
  {
    kind: 'qdrant',
    requirement: {
      what: 'a Qdrant server (QDRANT_URL)',
      missing: process.env.QDRANT_URL ? null : 'QDRANT_URL is not set (docker compose -f docker/compose.yaml up qdrant); no Qdrant server installs on this machine',
      providedByCi: false,
    },
    env: () => ({ QDRANT_URL: process.env.QDRANT_URL, QDRANT_API_KEY: process.env.QDRANT_API_KEY, QDRANT_COLLECTION: uniqueName('casewise_test') }),
  },
];

/**
 * One contract for every adapter, driven the way the app drives it: a document's vectors are written as ingestion
 * writes them (with its chunk rows, then to the index when it keeps its own), searched over the points the search
 * service loads, and removed by deleting the document or the project over HTTP.
 */
for (const adapter of ADAPTERS) {
  describeIf(adapter.requirement, `the ${adapter.kind} vector store`, () => {
    let ctx: TestApp;
    let owner: TestUser;
    let vectors: VectorIndex;
    const projects: Record<'a' | 'b', string> = { a: '', b: '' };
    const documentIds = new Map<string, string>();
    const chunkIds = new Map<string, string[]>();

    /** Stores a document's chunks with these vectors as IngestionService does, replacing any earlier ones. */
    async function ingest(project: 'a' | 'b', filename: string, points: number[][]): Promise<string[]> {
      const projectId = projects[project];
      let documentId = documentIds.get(filename);
      if (documentId === undefined) {
        const row = await ctx.app.get(DocumentRepository).insert({
          projectId,
          filename,
          type: 'txt',
          size: 1,
          sha256: '0'.repeat(64),
          storageKey: `vector-contract-${randomUUID()}`,
          status: 'processing',
        });
        documentId = (row as { id: string }).id;
        documentIds.set(filename, documentId);
      }
      const document = await ctx.app.get(DocumentRepository).findById(documentId);
      const clauses = points.map((_, i) => `Clause ${i + 1} of ${filename}.`);
      const rowVectors = vectors.vectorsForChunkRows(points);
      const text = clauses.join('\n');
      let at = 0;
      const chunks: NewChunk[] = clauses.map((clause, ordinal) => {
        const start = at;
        at += clause.length + 1;
        return { ordinal, start, end: start + clause.length, pageStart: 1, pageEnd: 1, headingPath: [], text: clause, vector: rowVectors[ordinal] ?? null };
      });
      const report = { pages: 1, pagesOcr: 0, pagesWithoutText: 0, characters: text.length, tables: 0 };
      const ids = await ctx.app.get(IngestionService).saveParsed(document!, text, [{ page: 1, start: 0, end: text.length, ocr: false }], report, chunks, []);
      await vectors.replaceDocument(projectId, documentId, ids.map((id, i) => ({ id, vector: points[i] })));
      chunkIds.set(filename, ids);
      return ids;
    }

    /** Searches as SearchService does: over the project's loaded points, narrowed to the documents asked for. */
    async function search(project: 'a' | 'b', vector: number[], k: number, filenames?: string[]): Promise<{ id: string; score: number }[]> {
      const projectId = projects[project];
      const only = filenames?.map((name) => documentIds.get(name) ?? randomUUID());
      const loaded = vectors.searchNeedsChunkVectors ? await ctx.app.get(IngestionService).chunksOfProject(projectId, true) : [];
      const points = loaded
        .filter((chunk) => Array.isArray(chunk.vector) && (only === undefined || only.includes(chunk.documentId)))
        .map((chunk) => ({ id: chunk.id, vector: chunk.vector as number[] }));
      return vectors.search(projectId, vector, k, points, only);
    }

    const idOf = (filename: string, index: number): string => (chunkIds.get(filename) as string[])[index] as string;

    beforeAll(async () => {
      ctx = await startTestApp(testConfig(adapter.env(), { redis: false }));
      vectors = ctx.app.get(VectorIndex);
      owner = await createUser(ctx, 'vectors');
      projects.a = (await createProject(ctx, owner, 'Vectors A')).id;
      projects.b = (await createProject(ctx, owner, 'Vectors B')).id;
    });

    afterAll(async () => {
      await ctx?.close();
    });

    it('asks for the chunks with their vectors only when the configuration chose the database', () => {
      expect(vectors.searchNeedsChunkVectors).toBe(adapter.kind === 'database');
    });

    it('finds nothing before anything is stored, and deletes nothing without failing', async () => {
      expect(await search('a', axis(0), 5)).toEqual([]);
      await vectors.deleteDocument(randomUUID());
      await vectors.deleteProject(randomUUID());
    });

    it("returns the nearest points of the project only, best first", async () => {
      await ingest('a', 'one.txt', [axis(0), axis(1)]);
      await ingest('a', 'two.txt', [axis(0, DIMENSIONS, 0.2)]);
      await ingest('b', 'three.txt', [axis(0)]);
      const hits = await search('a', axis(0), 10);
      expect(hits.map((hit) => hit.id)).toEqual([idOf('one.txt', 0), idOf('two.txt', 0), idOf('one.txt', 1)]);
      expect(hits[0]?.score).toBeCloseTo(1, 5);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
    });

    it('writes vectors into the chunk rows only when the database is the store', async () => {
      const rows = await ctx.app.get(IngestionService).chunksOfProject(projects.a, true);
      expect(rows).toHaveLength(3);
      expect(rows.map((row) => Array.isArray(row.vector))).toEqual(rows.map(() => adapter.kind === 'database'));
    });

    it('limits results to k and to the documents asked for', async () => {
      expect((await search('a', axis(0), 1)).map((hit) => hit.id)).toEqual([idOf('one.txt', 0)]);
      expect((await search('a', axis(0), 10, ['two.txt'])).map((hit) => hit.id)).toEqual([idOf('two.txt', 0)]);
      expect(await search('a', axis(0), 10, [])).toEqual([]);
    });

    it('replaces the vectors of a document ingested again', async () => {
      const before = chunkIds.get('one.txt') as string[];
      const after = await ingest('a', 'one.txt', [axis(0), axis(2)]);
      const hits = await search('a', axis(2), 10);
      expect(hits[0]?.id).toBe(after[1]);
      expect(hits.map((hit) => hit.id).sort()).toEqual([...after, idOf('two.txt', 0)].sort());
      expect(hits.some((hit) => before.includes(hit.id) && !after.includes(hit.id))).toBe(false);
    });

    it('refuses a query vector of another size than the stored ones', async () => {
      await expect(search('a', axis(0, 4), 3)).rejects.toThrow(/8-dimensional/);
    });

    it('forgets a deleted document, then a deleted project, and keeps the other project', async () => {
      await ctx.http.delete(`/api/projects/${projects.a}/files/one.txt`).set(...bearer(owner)).expect(200);
      expect((await search('a', axis(0), 10)).map((hit) => hit.id)).toEqual([idOf('two.txt', 0)]);
      await ctx.http.delete(`/api/projects/${projects.a}/`).set(...bearer(owner)).expect(200);
      expect(await search('a', axis(0), 10)).toEqual([]);
      expect((await search('b', axis(0), 10)).map((hit) => hit.id)).toEqual([idOf('three.txt', 0)]);
    });

    if (adapter.kind === 'database') {
      it('keeps a vector as single-precision floats (float4), read back bit-exact', async () => {
        const values = [0.1, -1 / 3, 1e-7, 123456.789, -2.5e-5, Math.PI, Math.E, Math.SQRT1_2];
        const [id] = await ingest('b', 'exact.txt', [values]);
        const row = (await ctx.app.get(IngestionService).chunksOfProject(projects.b, true)).find((chunk) => chunk.id === id);
        const stored = row?.vector ?? [];
        expect(stored).toHaveLength(values.length);
        expect(Buffer.from(new Float32Array(stored).buffer)).toEqual(Buffer.from(new Float32Array(values).buffer));
        // Stored as bytes, not as text: four per component, big-endian, as PostgreSQL's float4send writes a real.
        const [raw] = (await ctx.app.get(DataSource).query(`SELECT vector, octet_length(vector) AS size FROM chunks WHERE id = $1`, [id])) as { vector: Uint8Array; size: number }[];
        expect(Number(raw.size)).toBe(values.length * 4);
        const expected = Buffer.alloc(values.length * 4);
        values.forEach((value, i) => expected.writeFloatBE(value, i * 4));
        expect(Buffer.from(raw.vector)).toEqual(expected);
      });
    }
  });
}

function qdrantAt(url: string): QdrantVectorStore {
  return new QdrantVectorStore(new ConfigService(testConfig({ QDRANT_URL: url, QDRANT_COLLECTION: 'unreachable' }, { redis: false })));
}

describe('the Qdrant vector store without a server', () => {
  it('reports an unreachable server as a retryable 503 service error', async () => {
    const failure = await qdrantAt(`http://127.0.0.1:${await closedPort()}`).search(randomUUID(), axis(0), 5).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamServiceError);
    expect(failure).toMatchObject({ statusCode: 503, retryable: true });
  });

  it('rejects a point id that is not a UUID and vectors of mixed sizes before calling the server', async () => {
    const store = qdrantAt('http://127.0.0.1:9');
    const point = (vector: number[]): VectorPoint => ({ id: randomUUID(), vector, projectId: 'p', documentId: 'd' });
    await expect(store.upsert([{ id: 'chunk-1', vector: axis(0), projectId: 'p', documentId: 'd' }])).rejects.toThrow('must be UUIDs');
    await expect(store.upsert([point(axis(0)), point(axis(0, 4))])).rejects.toThrow('8 finite numbers');
  });
});
