import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type UserStatus = 'pending' | 'active' | 'disabled';
import type { FirmRole } from '@api/modules/firms/firm-role';

export type UserRole = FirmRole;

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  email: string;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Column('text')
  status: UserStatus;

  @Column('uuid', { name: 'firm_id' })
  firmId: string;

  /** The role in the firm: `admin` administers people and settings, `member` works on matters. */
  @Column('text')
  role: UserRole;

  /** Set by a firm administrator; a disabled account cannot sign in and its tokens stop working. */
  @Column('timestamptz', { name: 'disabled_at', nullable: true })
  disabledAt: Date | null;

  /** Raised by a password reset; tokens carrying an older version are refused. */
  @Column('int', { name: 'token_version', default: 0 })
  tokenVersion: number;

  @Column('timestamptz', { name: 'verified_at', nullable: true })
  verifiedAt: Date | null;

  /** When the account last signed in successfully; null until its first sign-in. */
  @Column('timestamptz', { name: 'last_sign_in_at', nullable: true })
  lastSignInAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
