import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'audit_events' })
export class AuditEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'actor_id', nullable: true })
  actorId: string | null;

  @Column('text')
  action: string;

  @Column('text', { nullable: true })
  email: string | null;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('jsonb', { default: {} })
  details: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
