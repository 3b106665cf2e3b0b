import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigint = { to: (value: number) => value, from: (value: string | number) => Number(value) };

/** One security-relevant event, linked by its hash to the event before it in the same firm's chain. */
@Entity({ name: 'audit_events' })
export class AuditEventEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** The event's place in its chain (gaps are harmless; order is what counts). */
  @Column({ type: 'bigint', transformer: bigint, insert: false, update: false })
  seq: number;

  @Column('uuid', { name: 'firm_id', nullable: true })
  firmId: string | null;

  @Column('uuid', { name: 'actor_id', nullable: true })
  actorId: string | null;

  @Column('text')
  action: string;

  @Column('text', { name: 'target_type', nullable: true })
  targetType: string | null;

  @Column('text', { name: 'target_id', nullable: true })
  targetId: string | null;

  /** The address the event concerns (the one typed at a failed sign-in, say). */
  @Column('text', { nullable: true })
  email: string | null;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('jsonb', { default: {} })
  details: Record<string, unknown>;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('text', { name: 'prev_hash' })
  prevHash: string;

  @Column('text')
  hash: string;
}
