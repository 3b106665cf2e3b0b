import { Injectable } from '@nestjs/common';
import type { Chunk } from '@casewise/legal';
import { randomUUID } from 'node:crypto';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { DocumentEntity, ParseReport } from '@api/modules/documents/document.entity';
import { FieldCipher, FieldRef } from '@api/modules/keys/field-cipher';
import { ChunkEntity, SealedChunkEntity } from './chunk.entity';
import { DocumentTextEntity, SealedDocumentTextEntity, StoredPage } from './document-text.entity';

const textOf = (documentId: string): FieldRef => ({ table: 'document_texts', column: 'text', rowId: documentId });
const chunkField = (column: 'text' | 'heading_path', chunkId: string): FieldRef => ({ table: 'chunks', column, rowId: chunkId });

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
  private readonly texts: Repository<SealedDocumentTextEntity>;
  private readonly chunks: Repository<SealedChunkEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: FieldCipher,
  ) {
    this.texts = dataSource.getRepository(SealedDocumentTextEntity);
    this.chunks = dataSource.getRepository(SealedChunkEntity);
  }

  /** Replaces the document's text and chunks and marks it ready, all in one transaction: running twice leaves one set. */
  async saveParsed(document: DocumentEntity, text: string, pages: StoredPage[], report: ParseReport, chunks: NewChunk[]): Promise<string[]> {
    const key = await this.cipher.keyForProject(document.projectId);
    const sealedText = this.cipher.seal(key, textOf(document.id), text);
    const rows = chunks.map((chunk) => {
      const id = randomUUID();
      return {
        ...chunk,
        id,
        documentId: document.id,
        projectId: document.projectId,
        text: this.cipher.seal(key, chunkField('text', id), chunk.text),
        headingPath: this.cipher.sealJson(key, chunkField('heading_path', id), chunk.headingPath),
      };
    });
    return this.dataSource.transaction(async (manager) => {
      const exists = await manager.query('SELECT id FROM documents WHERE id = $1 FOR UPDATE', [document.id]);
      if ((exists as unknown[]).length === 0) return [];
      await manager.delete(SealedChunkEntity, { documentId: document.id });
      await manager.upsert(SealedDocumentTextEntity, { documentId: document.id, text: sealedText, pages }, ['documentId']);
      for (let i = 0; i < rows.length; i += 500) {
        await manager.insert(SealedChunkEntity, rows.slice(i, i + 500) as QueryDeepPartialEntity<SealedChunkEntity>[]);
      }
      const ids = rows.map((row) => row.id);
      await manager.update(DocumentEntity, { id: document.id }, { status: 'ready', error: null, pages: report.pages, parseReport: report });
      return ids;
    });
  }

  async text(documentId: string): Promise<DocumentTextEntity | null> {
    return (await this.textsOf([documentId]))[0] ?? null;
  }

  async textsOf(documentIds: string[]): Promise<DocumentTextEntity[]> {
    if (documentIds.length === 0) return [];
    const rows = await this.texts.findBy({ documentId: In(documentIds) });
    const texts = await this.cipher.openMany(rows.map((row) => ({ field: textOf(row.documentId), sealed: row.text })));
    return rows.map((row, index) => ({ ...row, text: texts[index] }));
  }

  /** Chunks of the project's ready documents, in document and reading order, opened; vectors only when asked for. */
  async chunksOfProject(projectId: string, withVectors = true): Promise<ChunkEntity[]> {
    const query = this.chunks.createQueryBuilder('c');
    if (!withVectors) {
      query.select(['c.id', 'c.documentId', 'c.projectId', 'c.ordinal', 'c.start', 'c.end', 'c.pageStart', 'c.pageEnd', 'c.headingPath', 'c.text']);
    }
    const rows = await query
      .innerJoin(DocumentEntity, 'd', 'd.id = c.document_id')
      .where('c.project_id = :projectId', { projectId })
      .andWhere(`d.status = 'ready'`)
      .orderBy('c.document_id')
      .addOrderBy('c.ordinal')
      .getMany();
    const opened = await this.cipher.openMany(
      rows.flatMap((row) => [
        { field: chunkField('text', row.id), sealed: row.text },
        { field: chunkField('heading_path', row.id), sealed: row.headingPath },
      ]),
    );
    return rows.map((row, index) => ({ ...row, text: opened[2 * index], headingPath: JSON.parse(opened[2 * index + 1]) as string[] }));
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
