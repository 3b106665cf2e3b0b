import { Injectable, Logger } from '@nestjs/common';
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest' with { 'resolution-mode': 'import' };
import { ConfigService } from '@api/modules/config/config.service';
import { UpstreamServiceError } from '@api/modules/common/upstream.error';

// The package's types are ES-module only, but it ships a CommonJS build, which this CommonJS app requires.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { QdrantClient: QdrantClientClass } = require('@qdrant/js-client-rest') as { QdrantClient: typeof QdrantClient };

export interface VectorPoint {
  /** The chunk's uuid, used as the point id. */
  id: string;
  vector: number[];
  projectId: string;
  documentId: string;
}

export interface VectorHit {
  id: string;
  score: number;
}

const PROJECT_KEY = 'project_id';
const DOCUMENT_KEY = 'document_id';
const UPSERT_BATCH = 256;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

function vectorSize(info: Schemas['CollectionInfo']): number | null {
  const vectors = info.config.params.vectors;
  if (vectors && typeof vectors.size === 'number') return vectors.size;
  return null;
}

function match(key: string, values: string[]): Schemas['FieldCondition'] {
  return values.length === 1 ? { key, match: { value: values[0] as string } } : { key, match: { any: values } };
}

/**
 * Vectors in one Qdrant collection (cosine), one point per chunk, filtered by project and document
 * through indexed payload fields. The collection is created on first write with the size of its vectors.
 */
@Injectable()
export class QdrantVectorStore {
  private readonly logger = new Logger(QdrantVectorStore.name);
  private client: QdrantClient | null = null;
  /** The collection's vector size once known to exist. */
  private size: number | null = null;
  private creating: Promise<number> | null = null;

  constructor(private readonly config: ConfigService) {}

  get configured(): boolean {
    return this.config.qdrant.url !== null;
  }

  get collection(): string {
    return this.config.qdrant.collection;
  }

  async upsert(points: VectorPoint[]): Promise<void> {
    if (points.length === 0) return;
    const dimensions = (points[0] as VectorPoint).vector.length;
    for (const point of points) {
      if (!UUID.test(point.id)) throw new Error(`Qdrant point ids must be UUIDs; got "${point.id}"`);
      if (point.vector.length !== dimensions || !point.vector.every(Number.isFinite)) {
        throw new Error(`Every vector of one upsert must hold ${dimensions} finite numbers (point ${point.id})`);
      }
    }
    const size = await this.ensureCollection(dimensions);
    this.assertSize(size, dimensions);
    for (let at = 0; at < points.length; at += UPSERT_BATCH) {
      const batch: Schemas['PointStruct'][] = points.slice(at, at + UPSERT_BATCH).map((point) => ({
        id: point.id,
        vector: point.vector,
        payload: { [PROJECT_KEY]: point.projectId, [DOCUMENT_KEY]: point.documentId },
      }));
      await this.call('upsert', () => this.qdrant().upsert(this.collection, { wait: true, points: batch }));
    }
  }

  /** The k nearest chunks of a project (optionally of some of its documents), best first. */
  async search(projectId: string, vector: number[], k: number, documentIds?: string[]): Promise<VectorHit[]> {
    if (k <= 0 || (documentIds !== undefined && documentIds.length === 0)) return [];
    const size = await this.existingSize();
    if (size === null) return [];
    this.assertSize(size, vector.length);
    const must: Schemas['Condition'][] = [match(PROJECT_KEY, [projectId])];
    if (documentIds) must.push(match(DOCUMENT_KEY, documentIds));
    const response = await this.call('query', () =>
      this.qdrant().query(this.collection, { query: vector, filter: { must }, limit: Math.floor(k), with_payload: false, with_vector: false }),
    );
    return response.points.map((point) => ({ id: String(point.id), score: point.score }));
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.deleteWhere(DOCUMENT_KEY, documentId);
  }

  async deleteProject(projectId: string): Promise<void> {
    await this.deleteWhere(PROJECT_KEY, projectId);
  }

  private async deleteWhere(key: string, value: string): Promise<void> {
    if ((await this.existingSize()) === null) return;
    await this.call('delete', () => this.qdrant().delete(this.collection, { wait: true, filter: { must: [match(key, [value])] } }));
  }

  private assertSize(size: number, dimensions: number): void {
    if (size !== dimensions) {
      throw new Error(
        `Qdrant collection "${this.collection}" holds ${size}-dimensional vectors, not ${dimensions}: set QDRANT_COLLECTION to a new name after changing the embedding model`,
      );
    }
  }

  /** The vector size of the collection, or null when it does not exist yet. */
  private async existingSize(): Promise<number | null> {
    if (this.size !== null) return this.size;
    const { exists } = await this.call('collectionExists', () => this.qdrant().collectionExists(this.collection));
    if (!exists) return null;
    const info = await this.call('getCollection', () => this.qdrant().getCollection(this.collection));
    this.size = vectorSize(info);
    if (this.size === null) throw new Error(`Qdrant collection "${this.collection}" has no single unnamed vector`);
    return this.size;
  }

  private async ensureCollection(dimensions: number): Promise<number> {
    const existing = await this.existingSize();
    if (existing !== null) return existing;
    this.creating ??= this.create(dimensions).finally(() => {
      this.creating = null;
    });
    return this.creating;
  }

  private async create(dimensions: number): Promise<number> {
    try {
      await this.qdrant().createCollection(this.collection, { vectors: { size: dimensions, distance: 'Cosine' } });
      this.logger.log(`Created Qdrant collection "${this.collection}" (${dimensions} dimensions, cosine)`);
    } catch (error) {
      // Another process may have created it first (409); anything else is a real failure.
      const size = await this.existingSize();
      if (size === null) throw this.wrap('createCollection', error);
      return size;
    }
    for (const field_name of [PROJECT_KEY, DOCUMENT_KEY]) {
      await this.call('createPayloadIndex', () => this.qdrant().createPayloadIndex(this.collection, { field_name, field_schema: 'keyword', wait: true }));
    }
    this.size = dimensions;
    return dimensions;
  }

  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.wrap(operation, error);
    }
  }

  private wrap(operation: string, error: unknown): UpstreamServiceError {
    const status = statusOf(error);
    if (status === 404) this.size = null;
    this.logger.error(`Qdrant ${operation} failed: ${error instanceof Error ? error.message : String(error)}`);
    return new UpstreamServiceError('vector index', status, status === null || status === 429 || status >= 500, { cause: error });
  }

  private qdrant(): QdrantClient {
    if (this.client) return this.client;
    const url = this.config.qdrant.url;
    if (!url) throw new UpstreamServiceError('vector index', null, false, { cause: new Error('QDRANT_URL is not set') });
    this.client = new QdrantClientClass({ url, apiKey: this.config.qdrant.apiKey?.reveal(), checkCompatibility: false });
    return this.client;
  }
}
