import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Citation, ReportKind, TokenUsage } from '@api/modules/llm/llm.types';

export interface AnalysedDocument {
  id: string;
  file: string;
  sha256: string;
}

@Entity({ name: 'reports' })
export class ReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  @Column('text')
  kind: ReportKind;

  @Column('text')
  markdown: string;

  @Column('jsonb')
  citations: Citation[];

  @Column('text')
  engine: string;

  @Column('jsonb')
  documents: AnalysedDocument[];

  @Column('jsonb', { nullable: true })
  usage: TokenUsage | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
