import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Transaction } from '@api/modules/database/transaction';
import { DocumentEntity } from './document.entity';
import { type DocumentStatus, UNFINISHED } from './document-status';
import { whereContains } from '@api/modules/common/contains-filter';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class DocumentRepository {
  private readonly documents: Repository<DocumentEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.documents = dataSource.getRepository(DocumentEntity);
  }

  /** Every document's stored file, by the identity its key is bound to (a master key rotation visits each). */
  storedFiles(): Promise<{ id: string; storageKey: string; sha256: string }[]> {
    return this.documents.find({ select: { id: true, storageKey: true, sha256: true }, order: { id: 'ASC' } });
  }

  findByName(projectId: string, filename: string): Promise<DocumentEntity | null> {
    return this.documents.findOneBy({ projectId, filename });
  }

  findById(id: string): Promise<DocumentEntity | null> {
    return this.documents.findOneBy({ id });
  }

  findInProject(projectId: string, id: string): Promise<DocumentEntity | null> {
    return this.documents.findOneBy({ projectId, id });
  }

  /**
   * How many of the project's documents are in each status, and the signature of the ready ones (`readySignature`):
   * one row, which the database keeps as documents come, move and go (migration DocumentCounts1763940000000).
   */
  async readiness(projectId: string): Promise<{ counts: Record<DocumentEntity['status'], number>; readySignature: string }> {
    const [row]: { queued: number; processing: number; ready: number; failed: number; ready_version: string }[] = await this.dataSource.query(
      `SELECT queued, processing, ready, failed, ready_version FROM project_document_counts WHERE project_id = $1`,
      [projectId],
    );
    const counts = { queued: row?.queued ?? 0, processing: row?.processing ?? 0, ready: row?.ready ?? 0, failed: row?.failed ?? 0 };
    return { counts, readySignature: `${counts.ready}:${row?.ready_version ?? '0'}` };
  }

  /** How many documents and stored bytes each project holds; projects without documents are absent. */
  async summaries(projectIds: readonly string[]): Promise<Map<string, { count: number; bytes: number }>> {
    if (projectIds.length === 0) return new Map();
    const rows: { project_id: string; count: string; bytes: string | null }[] = await this.documents
      .createQueryBuilder('d')
      .select('d.project_id', 'project_id')
      .addSelect('count(*)', 'count')
      .addSelect('sum(d.size)', 'bytes')
      .where('d.project_id IN (:...projectIds)', { projectIds })
      .groupBy('d.project_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.project_id, { count: Number(row.count), bytes: Number(row.bytes ?? 0) }]));
  }

  findMany(ids: string[]): Promise<DocumentEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.documents.findBy({ id: In(ids) });
  }

  /** One page of the documents of the given projects, for a firm's administrators. */
  async page(
    projectIds: readonly string[],
    page: { sort: 'created_at' | 'filename' | 'size' | 'status'; order: 'ASC' | 'DESC'; offset: number; limit: number; status?: DocumentStatus; q?: string },
  ): Promise<{ rows: DocumentEntity[]; total: number }> {
    if (projectIds.length === 0) return { rows: [], total: 0 };
    const query = this.documents.createQueryBuilder('d').where('d.project_id IN (:...projectIds)', { projectIds });
    if (page.status) query.andWhere('d.status = :status', { status: page.status });
    whereContains(query, 'd.filename', page.q);
    const [rows, total] = await query.orderBy(`d.${page.sort}`, page.order).addOrderBy('d.id', page.order).skip(page.offset).take(page.limit).getManyAndCount();
    return { rows, total };
  }

  list(projectId: string): Promise<DocumentEntity[]> {
    return this.documents.find({ where: { projectId }, order: { createdAt: 'ASC', filename: 'ASC' } });
  }

  /** Inserts the row; null when a document of that name appeared meanwhile. */
  async insert(row: QueryDeepPartialEntity<DocumentEntity>): Promise<DocumentEntity | null> {
    try {
      const result = await this.documents.insert(row);
      return this.findById(result.identifiers[0].id as string);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  /** Inserts the row in `transaction` unless the project already has a document of that name (then null), without aborting the transaction. */
  async insertIn(transaction: Transaction, row: QueryDeepPartialEntity<DocumentEntity>): Promise<DocumentEntity | null> {
    const result = await transaction.createQueryBuilder().insert().into(DocumentEntity).values(row).orIgnore().returning(['id']).execute();
    const id = (result.raw as { id: string }[])[0]?.id;
    return id ? transaction.findOneBy(DocumentEntity, { id }) : null;
  }

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The document's project and status, its row locked until `transaction` ends; null when it does not exist. */
  async lockStatus(transaction: Transaction, id: string): Promise<{ projectId: string; status: DocumentStatus } | null> {
    const rows: { project_id: string; status: DocumentStatus }[] = await transaction.query('SELECT project_id, status FROM documents WHERE id = $1 FOR UPDATE', [id]);
    return rows[0] ? { projectId: rows[0].project_id, status: rows[0].status } : null;
  }

  /** Only DocumentsService's status machine calls this, with the row locked by lockStatus. */
  async setStatus(transaction: Transaction, id: string, changes: Pick<QueryDeepPartialEntity<DocumentEntity>, 'status' | 'error' | 'pages' | 'parseReport'>): Promise<void> {
    await transaction.update(DocumentEntity, { id }, changes);
  }

  async unfinishedIds(): Promise<string[]> {
    const rows = await this.documents.find({ select: { id: true }, where: { status: In([...UNFINISHED]) } });
    return rows.map((row) => row.id);
  }

  /** The project's ready documents' ids in id order; the first `limit` of them when a limit is given. */
  async readyIds(projectId: string, limit?: number): Promise<string[]> {
    const rows = await this.documents.find({ select: { id: true }, where: { projectId, status: 'ready' }, order: { id: 'ASC' }, take: limit });
    return rows.map((row) => row.id);
  }

  /** Each ready document of the project with when it was last saved (ms): what a search index was built from. */
  async readyVersions(projectId: string): Promise<Map<string, number>> {
    const rows = await this.documents.find({ select: { id: true, updatedAt: true }, where: { projectId, status: 'ready' }, order: { id: 'ASC' } });
    return new Map(rows.map((row) => [row.id, row.updatedAt.getTime()]));
  }

  /** Changes whenever a ready document of the project is added, saved again or removed. */
  async readySignature(projectId: string): Promise<string> {
    return (await this.readiness(projectId)).readySignature;
  }

  async projectIdsOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.documents.find({ select: { id: true, projectId: true }, where: { id: In(ids) } });
    return new Map(rows.map((row) => [row.id, row.projectId]));
  }

  async countsByProject(projectIds: string[]): Promise<Map<string, number>> {
    if (projectIds.length === 0) return new Map();
    const rows: { project_id: string; count: string }[] = await this.documents
      .createQueryBuilder('d')
      .select('d.project_id', 'project_id')
      .addSelect('count(*)', 'count')
      .where('d.project_id IN (:...projectIds)', { projectIds })
      .groupBy('d.project_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.project_id, Number(row.count)]));
  }

  /** The storage keys of the project's documents, their rows locked until `transaction` ends. */
  async lockStorageKeysOfProject(transaction: Transaction, projectId: string): Promise<string[]> {
    const rows: { storage_key: string }[] = await transaction.query('SELECT storage_key FROM documents WHERE project_id = $1 FOR UPDATE', [projectId]);
    return rows.map((row) => row.storage_key);
  }

  async delete(id: string): Promise<void> {
    await this.documents.delete({ id });
  }

  async referencedKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.documents.find({ select: { storageKey: true }, where: { storageKey: In(keys) } });
    return new Set(rows.map((row) => row.storageKey));
  }
}
