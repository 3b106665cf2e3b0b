import { Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FieldCipher, FieldRef } from '@api/modules/keys/field-cipher';
import { LegacyTextSealer, SealsStoredText, UnsealedRow, unsealedSql } from '@api/modules/keys/legacy-text.sealer';
import type { Citation, ReportKind } from '@api/modules/llm/llm.types';
import { ReportEntity, SealedReportEntity } from './report.entity';

type SealedColumn = 'markdown' | 'citations';
const SEALED_COLUMNS: readonly SealedColumn[] = ['markdown', 'citations'];
const field = (column: SealedColumn, id: string): FieldRef => ({ table: 'reports', column, rowId: id });

@Injectable()
export class ReportRepository implements OnModuleInit, SealsStoredText {
  private readonly reports: Repository<SealedReportEntity>;
  readonly sealedTable = 'reports';
  readonly sealedColumns = SEALED_COLUMNS;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: FieldCipher,
    private readonly sealer: LegacyTextSealer,
  ) {
    this.reports = dataSource.getRepository(SealedReportEntity);
  }

  onModuleInit(): void {
    this.sealer.register(this);
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

  async findUnsealed(limit: number): Promise<UnsealedRow[]> {
    const rows: { id: string; project_id: string; markdown: Uint8Array; citations: Uint8Array }[] = await this.dataSource.query(
      `SELECT t.id::text AS id, t.project_id::text AS project_id, t.markdown, t.citations FROM reports t
       WHERE ${SEALED_COLUMNS.map((column) => unsealedSql(column)).join(' OR ')} LIMIT ${Math.trunc(limit)}`,
    );
    return rows.map((row) => ({ rowId: row.id, projectId: row.project_id, values: { markdown: row.markdown, citations: row.citations } }));
  }

  async writeSealed(rowId: string, column: string, sealed: Buffer): Promise<void> {
    const sealedColumn = SEALED_COLUMNS.find((name) => name === column);
    if (!sealedColumn) throw new Error(`reports.${column} is not a sealed column`);
    await this.dataSource.query(`UPDATE reports t SET ${sealedColumn} = $1 WHERE t.id = $2 AND ${unsealedSql(sealedColumn)}`, [sealed, rowId]);
  }
}
