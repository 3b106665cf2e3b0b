import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { DocumentEntity } from './document.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class DocumentRepository {
  private readonly documents: Repository<DocumentEntity>;

  constructor(dataSource: DataSource) {
    this.documents = dataSource.getRepository(DocumentEntity);
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

  /** How many of the project's documents are in each status. */
  async statusCounts(projectId: string): Promise<Record<DocumentEntity['status'], number>> {
    const rows = await this.documents
      .createQueryBuilder('d')
      .select('d.status', 'status')
      .addSelect('count(*)', 'count')
      .where('d.project_id = :projectId', { projectId })
      .groupBy('d.status')
      .getRawMany<{ status: DocumentEntity['status']; count: string }>();
    const counts = { queued: 0, processing: 0, ready: 0, failed: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
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

  async update(id: string, changes: QueryDeepPartialEntity<DocumentEntity>): Promise<void> {
    await this.documents.update({ id }, changes);
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
