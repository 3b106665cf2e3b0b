import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer as createHttpServer, Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import { ConfigService } from '@api/modules/config/config.service';
import { UpstreamServiceError } from '@api/modules/llm/upstream.error';
import { QdrantVectorStore, VectorPoint } from '@api/modules/vectors/qdrant-vector.store';
import { testConfig, uniqueName } from '../utils/test-config';

const qdrantUrl = process.env.QDRANT_URL;
const SKIP_REASON = 'QDRANT_URL is not set: the Qdrant contract tests need a Qdrant server (docker compose -f docker/compose.yaml up qdrant)';

function storeFor(url: string, collection: string): QdrantVectorStore {
  return new QdrantVectorStore(new ConfigService(testConfig({ QDRANT_URL: url, QDRANT_COLLECTION: collection }, { redis: false })));
}

/** A unit vector pointing mostly along one axis, so nearest neighbours are predictable. */
function axis(index: number, dimensions = 8, tilt = 0): number[] {
  const vector = Array.from({ length: dimensions }, (_, i) => (i === index ? 1 : tilt));
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

function point(projectId: string, documentId: string, vector: number[]): VectorPoint {
  return { id: randomUUID(), vector, projectId, documentId };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('QdrantVectorStore without a server', () => {
  it('reports an unreachable server as a retryable 503 service error', async () => {
    const store = storeFor(`http://127.0.0.1:${await closedPort()}`, 'unreachable');
    const failure = await store.search('p', axis(0), 5).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamServiceError);
    expect(failure).toMatchObject({ statusCode: 503, retryable: true });
  });

  it('rejects a point id that is not a UUID and vectors of mixed sizes before calling the server', async () => {
    const store = storeFor('http://127.0.0.1:9', 'never-called');
    await expect(store.upsert([{ id: 'chunk-1', vector: axis(0), projectId: 'p', documentId: 'd' }])).rejects.toThrow('must be UUIDs');
    await expect(store.upsert([point('p', 'd', axis(0)), point('p', 'd', axis(0, 4))])).rejects.toThrow('8 finite numbers');
  });
});

interface FakePoint {
  id: string;
  vector: number[];
  payload: Record<string, unknown>;
}

interface FakeCondition {
  key: string;
  match: { value?: string; any?: string[] };
}

/**
 * The part of the Qdrant REST API the store uses, in memory: collections, keyword payload indexes,
 * upsert, query with must-filters (cosine), delete by filter. Requests are logged and the api-key checked.
 */
class FakeQdrant {
  readonly log: { method: string; path: string; body: unknown }[] = [];
  private readonly collections = new Map<string, { size: number; points: Map<string, FakePoint> }>();
  private server: HttpServer | null = null;

  private constructor(readonly apiKey: string) {}

  static async start(apiKey: string): Promise<FakeQdrant> {
    const fake = new FakeQdrant(apiKey);
    fake.server = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body: unknown = raw ? JSON.parse(raw) : null;
        const path = (req.url ?? '').split('?')[0] as string;
        fake.log.push({ method: req.method ?? '', path, body });
        const [status, result] = req.headers['api-key'] === fake.apiKey ? fake.route(req.method ?? '', path, body) : [401, 'Invalid api-key'];
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(status === 200 ? { result, status: 'ok', time: 0.001 } : { status: { error: result }, time: 0.001 }));
      });
    });
    fake.server.listen(0, '127.0.0.1');
    await once(fake.server, 'listening');
    return fake;
  }

  get url(): string {
    const address = this.server?.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  private route(method: string, path: string, body: unknown): [number, unknown] {
    const [, root, name, ...rest] = path.split('/');
    const tail = rest.join('/');
    if (root !== 'collections' || !name) return [404, `no route ${method} ${path}`];
    const collection = this.collections.get(name);
    if (method === 'GET' && tail === 'exists') return [200, { exists: collection !== undefined }];
    if (method === 'PUT' && tail === '') {
      if (collection) return [409, `Wrong input: Collection \`${name}\` already exists!`];
      const { vectors } = body as { vectors: { size: number; distance: string } };
      if (vectors.distance !== 'Cosine') return [400, 'only Cosine in this stand-in'];
      this.collections.set(name, { size: vectors.size, points: new Map() });
      return [200, true];
    }
    if (method === 'DELETE' && tail === '') return [200, this.collections.delete(name)];
    if (!collection) return [404, `Not found: Collection \`${name}\` doesn't exist!`];
    const done = { operation_id: this.log.length, status: 'completed' };
    if (method === 'GET' && tail === '') {
      return [200, { status: 'green', optimizer_status: 'ok', segments_count: 1, points_count: collection.points.size, config: { params: { vectors: { size: collection.size, distance: 'Cosine' } } }, payload_schema: {} }];
    }
    if (method === 'PUT' && tail === 'index') return [200, done];
    if (method === 'PUT' && tail === 'points') {
      const { points } = body as { points: FakePoint[] };
      if (points.some((p) => p.vector.length !== collection.size)) return [400, 'Wrong input: Vector dimension error'];
      for (const p of points) collection.points.set(p.id, p);
      return [200, done];
    }
    const matches = (p: FakePoint, filter: { must?: FakeCondition[] } | undefined): boolean =>
      (filter?.must ?? []).every((c) => {
        const value = p.payload[c.key];
        return c.match.any ? c.match.any.includes(value as string) : value === c.match.value;
      });
    if (method === 'POST' && tail === 'points/query') {
      const { query, filter, limit } = body as { query: number[]; filter?: { must?: FakeCondition[] }; limit: number };
      if (query.length !== collection.size) return [400, 'Wrong input: Vector dimension error'];
      const cosine = (a: number[], b: number[]): number => a.reduce((sum, x, i) => sum + x * (b[i] as number), 0) / (Math.hypot(...a) * Math.hypot(...b));
      const points = [...collection.points.values()]
        .filter((p) => matches(p, filter))
        .map((p) => ({ id: p.id, version: 1, score: cosine(query, p.vector) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
      return [200, { points }];
    }
    if (method === 'POST' && tail === 'points/delete') {
      const { filter } = body as { filter: { must?: FakeCondition[] } };
      for (const p of [...collection.points.values()]) if (matches(p, filter)) collection.points.delete(p.id);
      return [200, done];
    }
    return [404, `no route ${method} ${path}`];
  }
}

/** The behaviour the store promises, run against whatever server `server()` names. */
function contract(server: () => { url: string; apiKey?: string }): void {
  describe('store contract', () => {
    const collection = uniqueName('casewise_test');
    let store: QdrantVectorStore;
    const projectA = randomUUID();
    const projectB = randomUUID();
    const docA1 = randomUUID();
    const docA2 = randomUUID();
    const docB1 = randomUUID();
    const points = {
      a1x: point(projectA, docA1, axis(0)),
      a1y: point(projectA, docA1, axis(1)),
      a2x: point(projectA, docA2, axis(0, 8, 0.2)),
      b1x: point(projectB, docB1, axis(0)),
    };

    beforeAll(() => {
      const { url, apiKey } = server();
      store = new QdrantVectorStore(new ConfigService(testConfig({ QDRANT_URL: url, QDRANT_API_KEY: apiKey, QDRANT_COLLECTION: collection }, { redis: false })));
    });

    afterAll(async () => {
      const { url, apiKey } = server();
      await fetch(`${url.replace(/\/+$/, '')}/collections/${collection}`, { method: 'DELETE', headers: apiKey ? { 'api-key': apiKey } : {} });
    });

    it('finds nothing before the collection exists, and deletes nothing without failing', async () => {
      expect(await store.search(projectA, axis(0), 5)).toEqual([]);
      await store.deleteDocument(docA1);
    });

    it('creates the collection on first upsert and returns the nearest points of the project only, best first', async () => {
      await store.upsert(Object.values(points));
      const hits = await store.search(projectA, axis(0), 10);
      expect(hits.map((hit) => hit.id)).toEqual([points.a1x.id, points.a2x.id, points.a1y.id]);
      expect(hits[0]?.score).toBeCloseTo(1, 5);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    });

    it('limits results to k and to the documents asked for', async () => {
      expect(await store.search(projectA, axis(0), 1)).toHaveLength(1);
      expect((await store.search(projectA, axis(0), 10, [docA2])).map((hit) => hit.id)).toEqual([points.a2x.id]);
      expect(await store.search(projectA, axis(0), 10, [])).toEqual([]);
    });

    it('replaces a point upserted again under the same id', async () => {
      await store.upsert([{ ...points.a1y, vector: axis(2) }]);
      const hits = await store.search(projectA, axis(2), 1);
      expect(hits[0]?.id).toBe(points.a1y.id);
    });

    it('refuses vectors of another size than the collection holds', async () => {
      await expect(store.search(projectA, axis(0, 4), 3)).rejects.toThrow('8-dimensional');
    });

    it('deletes the points of one document, then of one project, leaving the others', async () => {
      await store.deleteDocument(docA1);
      expect((await store.search(projectA, axis(0), 10)).map((hit) => hit.id)).toEqual([points.a2x.id]);
      await store.deleteProject(projectA);
      expect(await store.search(projectA, axis(0), 10)).toEqual([]);
      expect((await store.search(projectB, axis(0), 10)).map((hit) => hit.id)).toEqual([points.b1x.id]);
    });
  });
}

(qdrantUrl ? describe : describe.skip)(qdrantUrl ? 'QdrantVectorStore against a Qdrant server' : SKIP_REASON, () => {
  contract(() => ({ url: qdrantUrl as string, apiKey: process.env.QDRANT_API_KEY }));
});

describe('QdrantVectorStore against an in-memory stand-in of the Qdrant REST API', () => {
  let fake: FakeQdrant;
  beforeAll(async () => {
    fake = await FakeQdrant.start('qdrant-test-key');
  });
  afterAll(async () => fake.stop());

  contract(() => ({ url: fake.url, apiKey: fake.apiKey }));

  it('created the collection once, for cosine distance, and indexed both payload fields as keywords', () => {
    const creations = fake.log.filter((entry) => entry.method === 'PUT' && /^\/collections\/[^/]+$/.test(entry.path));
    expect(creations.map((entry) => entry.body)).toEqual([{ vectors: { size: 8, distance: 'Cosine' } }]);
    expect(fake.log.filter((entry) => entry.path.endsWith('/index')).map((entry) => entry.body)).toEqual([
      { field_name: 'project_id', field_schema: 'keyword' },
      { field_name: 'document_id', field_schema: 'keyword' },
    ]);
  });
});
