import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { JobStatus } from './job.constants';

@Entity({ name: 'jobs' })
export class JobEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @Column('text')
  queue: string;

  @Column('jsonb')
  payload: Record<string, unknown>;

  @Column('text')
  status: JobStatus;

  @Column('text')
  transport: 'inline' | 'redis';

  @Column('int')
  attempts: number;

  @Column('int', { name: 'max_attempts' })
  maxAttempts: number;

  @Column('int', { name: 'backoff_ms' })
  backoffMs: number;

  @Column('timestamptz', { name: 'run_at' })
  runAt: Date;

  @Column('timestamptz', { name: 'locked_at', nullable: true })
  lockedAt: Date | null;

  @Column('text', { nullable: true })
  error: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
