import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentStatus } from './document-status';
import type { ParseReport } from './parse-report';

export type { DocumentStatus, ParseReport };

@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  /** Who uploaded it; null once that account is gone. */
  @Column('uuid', { name: 'uploaded_by', nullable: true })
  uploadedBy: string | null;

  @Column('text')
  filename: string;

  @Column('text')
  type: string;

  @Column('bigint', { transformer: { to: (value: number) => value, from: (value: string | number) => Number(value) } })
  size: number;

  @Column('text')
  sha256: string;

  @Column('text', { name: 'storage_key' })
  storageKey: string;

  @Column('text')
  status: DocumentStatus;

  @Column('text', { nullable: true })
  error: string | null;

  @Column('int', { nullable: true })
  pages: number | null;

  @Column('jsonb', { name: 'parse_report', nullable: true })
  parseReport: ParseReport | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
