import { Injectable } from '@nestjs/common';
import type { Chunk, TextSpan } from '@casewise/legal';
import { randomUUID } from 'node:crypto';
import { DataSource, In, Repository, type SelectQueryBuilder } from 'typeorm';
import type { Transaction } from '@api/modules/database/transaction';
import { FieldCipher, FieldRef } from '@api/modules/keys/field-cipher';
import { type UnsealedRow, unsealedSql } from '@api/modules/keys/legacy-text.sealer';
import { decodeVector, encodeVector } from '@api/modules/vectors/vector-bytes';
import { ChunkEntity, SealedChunkEntity } from './chunk.entity';
import { DocumentTextEntity, SealedDocumentTextEntity, StoredPage } from './document-text.entity';

const textOf = (documentId: string): FieldRef => ({ table: 'document_texts', column: 'text', rowId: documentId });
type ChunkSealedColumn = 'text' | 'heading_path';
export const CHUNK_SEALED_COLUMNS: readonly ChunkSealedColumn[] = ['text', 'heading_path'];
const chunkField = (column: ChunkSealedColumn, chunkId: string): FieldRef => ({ table: 'chunks', column, rowId: chunkId });
/** The columns of a chunk row as `replaceContent` writes them, in the order of its values. */
const CHUNK_INSERT_COLUMNS = ['"id"', '"document_id"', '"project_id"', '"ordinal"', '"start"', '"end"', '"page_start"', '"page_end"', '"heading_path"', '"text"', '"vector"'];
/** Rows a chunk insert writes at most: 500 rows of 11 values stay far below PostgreSQL's 65,535 parameters. */
const CHUNK_BATCH = 500;

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

/** A document's text and chunks sealed, ready to be written in the transaction that makes the document ready. */
export interface SealedContent {
  documentId: string;
  text: Buffer;
  pages: StoredPage[];
  furniture: TextSpan[];
  chunks: (Omit<NewChunk, 'text' | 'headingPath' | 'vector'> & Pick<SealedChunkEntity, 'id' | 'documentId' | 'projectId' | 'text' | 'headingPath' | 'vector'>)[];
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

  /** Seals a document's text and passages for `replaceContent`; before its transaction, as it may read data keys. */
  async sealContent(document: { id: string; projectId: string }, text: string, pages: StoredPage[], chunks: NewChunk[], furniture: TextSpan[]): Promise<SealedContent> {
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
        vector: chunk.vector === null ? null : encodeVector(chunk.vector),
      };
    });
    return { documentId: document.id, text: sealedText, pages, furniture, chunks: rows };
  }

  /**
   * Replaces the document's text and chunks within `transaction`: running twice leaves one set. The chunks go in as
   * plain multi-row inserts: TypeORM's insert builder took longer to write their SQL than the database to run it (its
   * parameter look-ups grow with the rows of a batch), about a tenth of the server's time while ingesting.
   */
  async replaceContent(transaction: Transaction, content: SealedContent): Promise<void> {
    await transaction.delete(SealedChunkEntity, { documentId: content.documentId });
    await transaction.upsert(SealedDocumentTextEntity, { documentId: content.documentId, text: content.text, pages: content.pages, furniture: content.furniture }, ['documentId']);
    for (let i = 0; i < content.chunks.length; i += CHUNK_BATCH) {
      const batch = content.chunks.slice(i, i + CHUNK_BATCH);
      const values: unknown[] = [];
      const rows = batch.map((chunk) => {
        const first = values.length;
        values.push(chunk.id, chunk.documentId, chunk.projectId, chunk.ordinal, chunk.start, chunk.end, chunk.pageStart, chunk.pageEnd, chunk.headingPath, chunk.text, chunk.vector);
        return `(${CHUNK_INSERT_COLUMNS.map((_, column) => `$${first + column + 1}`).join(', ')})`;
      });
      await transaction.query(`INSERT INTO "chunks" (${CHUNK_INSERT_COLUMNS.join(', ')}) VALUES ${rows.join(', ')}`, values);
    }
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

  /** Chunks of these documents of the project, in document and reading order, opened; vectors only when asked for. */
  chunksOf(projectId: string, documentIds: string[], withVectors = true): Promise<ChunkEntity[]> {
    if (documentIds.length === 0) return Promise.resolve([]);
    return this.openedChunks(projectId, withVectors, (query) =>
      query.where('c.project_id = :projectId', { projectId }).andWhere('c.document_id IN (:...documentIds)', { documentIds }).orderBy('c.document_id').addOrderBy('c.ordinal'),
    );
  }

  /** The chunks the query selects, those of another project left out, opened. */
  private async openedChunks(projectId: string, withVectors: boolean, select: (query: SelectQueryBuilder<SealedChunkEntity>) => SelectQueryBuilder<SealedChunkEntity>): Promise<ChunkEntity[]> {
    const query = this.chunks.createQueryBuilder('c');
    if (!withVectors) {
      query.select(['c.id', 'c.documentId', 'c.projectId', 'c.ordinal', 'c.start', 'c.end', 'c.pageStart', 'c.pageEnd', 'c.headingPath', 'c.text']);
    }
    return this.opened(projectId, await select(query).getMany());
  }

  /** Sealed chunk rows opened, those of another project left out. */
  private async opened(projectId: string, found: readonly SealedChunkEntity[]): Promise<ChunkEntity[]> {
    const rows = found.filter((row) => row.projectId === projectId);
    const opened = await this.cipher.openMany(
      rows.flatMap((row) => [
        { field: chunkField('text', row.id), sealed: row.text },
        { field: chunkField('heading_path', row.id), sealed: row.headingPath },
      ]),
    );
    return rows.map((row, index) => ({
      ...row,
      text: opened[2 * index],
      headingPath: JSON.parse(opened[2 * index + 1]) as string[],
      vector: row.vector ? decodeVector(row.vector) : null,
    }));
  }

  // Text stored before sealing existed, sealed at start-up by LegacyTextSealer (registered by IngestionService).

  async findUnsealedTexts(limit: number): Promise<{ documentId: string; text: Uint8Array }[]> {
    const rows: { document_id: string; text: Uint8Array }[] = await this.dataSource.query(
      `SELECT t.document_id::text AS document_id, t.text FROM document_texts t WHERE ${unsealedSql('text')} LIMIT ${Math.trunc(limit)}`,
    );
    return rows.map((row) => ({ documentId: row.document_id, text: row.text }));
  }

  async writeSealedText(documentId: string, sealed: Buffer): Promise<void> {
    await this.dataSource.query(`UPDATE document_texts t SET text = $1 WHERE t.document_id = $2 AND ${unsealedSql('text')}`, [sealed, documentId]);
  }

  async findUnsealedChunks(limit: number): Promise<UnsealedRow[]> {
    const rows: { id: string; project_id: string; text: Uint8Array; heading_path: Uint8Array }[] = await this.dataSource.query(
      `SELECT t.id::text AS id, t.project_id::text AS project_id, t.text, t.heading_path FROM chunks t
       WHERE ${CHUNK_SEALED_COLUMNS.map((column) => unsealedSql(column)).join(' OR ')} LIMIT ${Math.trunc(limit)}`,
    );
    return rows.map((row) => ({ rowId: row.id, projectId: row.project_id, values: { text: row.text, heading_path: row.heading_path } }));
  }

  async writeSealedChunk(chunkId: string, column: string, sealed: Buffer): Promise<void> {
    const sealedColumn = CHUNK_SEALED_COLUMNS.find((name) => name === column);
    if (!sealedColumn) throw new Error(`chunks.${column} is not a sealed column`);
    await this.dataSource.query(`UPDATE chunks t SET ${sealedColumn} = $1 WHERE t.id = $2 AND ${unsealedSql(sealedColumn)}`, [sealed, chunkId]);
  }
}
