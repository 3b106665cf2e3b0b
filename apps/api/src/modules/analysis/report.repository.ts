import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { ReportKind } from '@api/modules/llm/llm.types';
import { ReportEntity } from './report.entity';

@Injectable()
export class ReportRepository {
  private readonly reports: Repository<ReportEntity>;

  constructor(dataSource: DataSource) {
    this.reports = dataSource.getRepository(ReportEntity);
  }

  async add(report: Omit<ReportEntity, 'id' | 'createdAt'>): Promise<ReportEntity> {
    const result = await this.reports.insert(report as QueryDeepPartialEntity<ReportEntity>);
    // As for chat messages: the insert returns the generated id and created_at, so the row is not read back.
    const generated = result.generatedMaps[0] as Pick<ReportEntity, 'id' | 'createdAt'>;
    return { ...report, id: generated.id, createdAt: generated.createdAt };
  }

  latest(projectId: string, kind: ReportKind): Promise<ReportEntity | null> {
    return this.reports.findOne({ where: { projectId, kind }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
