import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FieldCipher, FieldRef } from '@api/modules/keys/field-cipher';
import type { Citation, ReportKind } from '@api/modules/llm/llm.types';
import { ReportEntity, SealedReportEntity } from './report.entity';

const field = (column: 'markdown' | 'citations', id: string): FieldRef => ({ table: 'reports', column, rowId: id });

@Injectable()
export class ReportRepository {
  private readonly reports: Repository<SealedReportEntity>;

  constructor(
    dataSource: DataSource,
    private readonly cipher: FieldCipher,
  ) {
    this.reports = dataSource.getRepository(SealedReportEntity);
  }

  async add(report: Omit<ReportEntity, 'id' | 'createdAt'>): Promise<ReportEntity> {
    const key = await this.cipher.keyForProject(report.projectId);
    const id = randomUUID();
    const sealed = {
      ...report,
      id,
      markdown: this.cipher.seal(key, field('markdown', id), report.markdown),
      citations: this.cipher.sealJson(key, field('citations', id), report.citations),
    };
    const result = await this.reports.insert(sealed as QueryDeepPartialEntity<SealedReportEntity>);
    // As for chat messages: the insert returns the generated created_at, so the row is not read back.
    const generated = result.generatedMaps[0] as Pick<ReportEntity, 'createdAt'>;
    return { ...report, id, createdAt: generated.createdAt };
  }

  async latest(projectId: string, kind: ReportKind): Promise<ReportEntity | null> {
    const row = await this.reports.findOne({ where: { projectId, kind }, order: { createdAt: 'DESC', id: 'DESC' } });
    if (!row) return null;
    const [markdown, citations] = await this.cipher.openMany([
      { field: field('markdown', row.id), sealed: row.markdown },
      { field: field('citations', row.id), sealed: row.citations },
    ]);
    return { ...row, markdown, citations: JSON.parse(citations) as Citation[] };
  }
}
