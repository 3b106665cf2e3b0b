import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Citation, ReportKind, TokenUsage } from '@api/modules/llm/llm.types';

export interface AnalysedDocument {
  id: string;
  file: string;
  sha256: string;
}

/** A generated report as stored: its body and sources sealed (FieldCipher). */
@Entity({ name: 'reports' })
export class SealedReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  @Column('text')
  kind: ReportKind;

  @Column('bytea')
  markdown: Buffer;

  @Column('bytea')
  citations: Buffer;

  @Column('text')
  engine: string;

  @Column('jsonb')
  documents: AnalysedDocument[];

  @Column('jsonb', { nullable: true })
  usage: TokenUsage | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export type ReportEntity = Omit<SealedReportEntity, 'markdown' | 'citations'> & { markdown: string; citations: Citation[] };
