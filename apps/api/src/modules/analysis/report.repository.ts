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
    return this.reports.findOneByOrFail({ id: result.identifiers[0].id as string });
  }

  latest(projectId: string, kind: ReportKind): Promise<ReportEntity | null> {
    return this.reports.findOne({ where: { projectId, kind }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
