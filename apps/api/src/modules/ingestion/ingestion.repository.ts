import { Injectable } from '@nestjs/common';
import type { Chunk } from '@casewise/legal';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { DocumentEntity, ParseReport } from '@api/modules/documents/document.entity';
import { ChunkEntity } from './chunk.entity';
import { DocumentTextEntity, StoredPage } from './document-text.entity';

export interface NewChunk {
  ordinal: number;
  start: number;
  end: number;
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
  text: string;
  vector: number[] | null;
}

/** The rows for a document's chunks, with each chunk's vector when the database keeps vectors. */
export function toNewChunks(pieces: readonly Chunk[], vectors: readonly (number[] | null)[]): NewChunk[] {
  return pieces.map((piece, index) => ({
    ordinal: piece.ordinal,
    start: piece.start,
    end: piece.end,
    pageStart: piece.pageStart,
    pageEnd: piece.pageEnd,
    headingPath: piece.headingPath,
    text: piece.text,
    vector: vectors[index] ?? null,
  }));
}

@Injectable()
export class IngestionRepository {
  private readonly texts: Repository<DocumentTextEntity>;
  private readonly chunks: Repository<ChunkEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.texts = dataSource.getRepository(DocumentTextEntity);
    this.chunks = dataSource.getRepository(ChunkEntity);
  }

  /** Replaces the document's text and chunks and marks it ready, all in one transaction: running twice leaves one set. */
  async saveParsed(document: DocumentEntity, text: string, pages: StoredPage[], report: ParseReport, chunks: NewChunk[]): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const exists = await manager.query('SELECT id FROM documents WHERE id = $1 FOR UPDATE', [document.id]);
      if ((exists as unknown[]).length === 0) return [];
      await manager.delete(ChunkEntity, { documentId: document.id });
      await manager.upsert(DocumentTextEntity, { documentId: document.id, text, pages }, ['documentId']);
      const ids: string[] = [];
      for (let i = 0; i < chunks.length; i += 500) {
        const rows = chunks.slice(i, i + 500).map((chunk) => ({ ...chunk, documentId: document.id, projectId: document.projectId }));
        const result = await manager.insert(ChunkEntity, rows as QueryDeepPartialEntity<ChunkEntity>[]);
        ids.push(...result.identifiers.map((identifier) => identifier.id as string));
      }
      await manager.update(DocumentEntity, { id: document.id }, { status: 'ready', error: null, pages: report.pages, parseReport: report });
      return ids;
    });
  }

  async text(documentId: string): Promise<DocumentTextEntity | null> {
    return this.texts.findOneBy({ documentId });
  }

  async textsOf(documentIds: string[]): Promise<DocumentTextEntity[]> {
    if (documentIds.length === 0) return [];
    return this.texts.findBy({ documentId: In(documentIds) });
  }

  /** Chunks of the project's ready documents, in document and reading order; vectors only when asked for. */
  chunksOfProject(projectId: string, withVectors = true): Promise<ChunkEntity[]> {
    const query = this.chunks.createQueryBuilder('c');
    if (!withVectors) {
      query.select(['c.id', 'c.documentId', 'c.projectId', 'c.ordinal', 'c.start', 'c.end', 'c.pageStart', 'c.pageEnd', 'c.headingPath', 'c.text']);
    }
    return query
      .innerJoin(DocumentEntity, 'd', 'd.id = c.document_id')
      .where('c.project_id = :projectId', { projectId })
      .andWhere(`d.status = 'ready'`)
      .orderBy('c.document_id')
      .addOrderBy('c.ordinal')
      .getMany();
  }

  /** Changes whenever a ready document of the project is added, re-ingested or removed. */
  async projectSignature(projectId: string): Promise<string> {
    const rows: { count: string; latest: Date | null }[] = await this.dataSource.query(
      `SELECT count(*) AS count, max(updated_at) AS latest FROM documents WHERE project_id = $1 AND status = 'ready'`,
      [projectId],
    );
    return `${rows[0].count}:${rows[0].latest ? new Date(rows[0].latest).getTime() : 0}`;
  }

  /** Documents left queued or processing with no job that will run them (an enqueue lost to a crash). */
  async orphanedDocuments(): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT d.id FROM documents d
       WHERE d.status IN ('queued', 'processing')
         AND NOT EXISTS (
           SELECT 1 FROM jobs j
           WHERE j.name = 'ingest-document' AND j.payload->>'documentId' = d.id::text AND j.status IN ('queued', 'running')
         )`,
    );
    return rows.map((row) => row.id);
  }
}
