import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export const API_KEY_SCOPES = ['read', 'read-write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A named key a script uses instead of a session; only a hash of its secret is kept. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'firm_id' })
  firmId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  name: string;

  /** SHA-256 of the secret part: the secret has 256 random bits, so no slow hash is needed. */
  @Column('text', { name: 'secret_hash' })
  secretHash: string;

  @Column('text')
  scope: ApiKeyScope;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @Column('text', { name: 'last_used_ip', nullable: true })
  lastUsedIp: string | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
