import { Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, Raw, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FieldCipher, FieldRef } from '@api/modules/keys/field-cipher';
import { LegacyTextSealer, SealsStoredText, UnsealedRow, unsealedSql } from '@api/modules/keys/legacy-text.sealer';
import type { Citation } from '@api/modules/llm/llm.types';
import { ChatMessageEntity, SealedChatMessageEntity } from './chat-message.entity';

type SealedColumn = 'question' | 'answer' | 'citations';
const SEALED_COLUMNS: readonly SealedColumn[] = ['question', 'answer', 'citations'];
const field = (column: SealedColumn, id: string): FieldRef => ({ table: 'chat_messages', column, rowId: id });

@Injectable()
export class ChatRepository implements OnModuleInit, SealsStoredText {
  private readonly messages: Repository<SealedChatMessageEntity>;
  readonly sealedTable = 'chat_messages';
  readonly sealedColumns = SEALED_COLUMNS;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: FieldCipher,
    private readonly sealer: LegacyTextSealer,
  ) {
    this.messages = dataSource.getRepository(SealedChatMessageEntity);
  }

  onModuleInit(): void {
    this.sealer.register(this);
  }

  async add(message: Omit<ChatMessageEntity, 'id' | 'createdAt'>): Promise<ChatMessageEntity> {
    const key = await this.cipher.keyForProject(message.projectId);
    const id = randomUUID();
    const sealed = {
      ...message,
      id,
      question: this.cipher.seal(key, field('question', id), message.question),
      answer: this.cipher.seal(key, field('answer', id), message.answer),
      citations: this.cipher.sealJson(key, field('citations', id), message.citations),
    };
    const result = await this.messages.insert(sealed as QueryDeepPartialEntity<SealedChatMessageEntity>);
    // The insert returns the generated created_at: no second round trip to read the row back.
    const generated = result.generatedMaps[0] as Pick<ChatMessageEntity, 'createdAt'>;
    return { ...message, id, createdAt: generated.createdAt };
  }

  /** One person's messages on a matter, up to `limit`, newest first, in (created_at, id) order; with `before`, only those older than that message. */
  async history(projectId: string, userId: string, page: { limit: number; before?: string }): Promise<ChatMessageEntity[]> {
    const olderThan = (id: string): string =>
      `(created_at, ${id}) < (SELECT c.created_at, c.id FROM chat_messages c WHERE c.id = :before AND c.project_id = :projectId AND c.user_id = :userId)`;
    const where = page.before === undefined ? { projectId, userId } : { projectId, userId, id: Raw(olderThan, { before: page.before, projectId, userId }) };
    return this.open(await this.messages.find({ where, order: { createdAt: 'DESC', id: 'DESC' }, take: page.limit }));
  }

  private async open(rows: SealedChatMessageEntity[]): Promise<ChatMessageEntity[]> {
    const columns: SealedColumn[] = ['question', 'answer', 'citations'];
    const opened = await this.cipher.openMany(rows.flatMap((row) => columns.map((column) => ({ field: field(column, row.id), sealed: row[column] }))));
    return rows.map((row, index) => ({
      ...row,
      question: opened[3 * index],
      answer: opened[3 * index + 1],
      citations: JSON.parse(opened[3 * index + 2]) as Citation[],
    }));
  }

  async findUnsealed(limit: number): Promise<UnsealedRow[]> {
    const rows: { id: string; project_id: string; question: Uint8Array; answer: Uint8Array; citations: Uint8Array }[] = await this.dataSource.query(
      `SELECT t.id::text AS id, t.project_id::text AS project_id, t.question, t.answer, t.citations FROM chat_messages t
       WHERE ${SEALED_COLUMNS.map((column) => unsealedSql(column)).join(' OR ')} LIMIT ${Math.trunc(limit)}`,
    );
    return rows.map((row) => ({ rowId: row.id, projectId: row.project_id, values: { question: row.question, answer: row.answer, citations: row.citations } }));
  }

  async writeSealed(rowId: string, column: string, sealed: Buffer): Promise<void> {
    const sealedColumn = SEALED_COLUMNS.find((name) => name === column);
    if (!sealedColumn) throw new Error(`chat_messages.${column} is not a sealed column`);
    await this.dataSource.query(`UPDATE chat_messages t SET ${sealedColumn} = $1 WHERE t.id = $2 AND ${unsealedSql(sealedColumn)}`, [sealed, rowId]);
  }

  /** Deletes one person's questions and answers on a matter; the others' stay. */
  async clear(projectId: string, userId: string): Promise<number> {
    const result = await this.messages.delete({ projectId, userId });
    return result.affected ?? 0;
  }
}
