import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A law firm: the tenant every account, matter and audit event belongs to. */
@Entity({ name: 'firms' })
export class FirmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  /** The model the firm's answers and reports use when the server allows a choice; null means the server's. */
  @Column('text', { name: 'default_model', nullable: true })
  defaultModel: string | null;

  /** The firm's own upload limit, at most the server's; null means the server's. */
  @Column('int', { name: 'upload_limit_mb', nullable: true })
  uploadLimitMb: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
