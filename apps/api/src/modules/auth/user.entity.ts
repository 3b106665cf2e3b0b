import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type UserStatus = 'pending' | 'active' | 'disabled';
export type UserRole = 'user' | 'admin';

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

  @Column('text')
  role: UserRole;

  /** Raised by a password reset; tokens carrying an older version are refused. */
  @Column('int', { name: 'token_version', default: 0 })
  tokenVersion: number;

  @Column('timestamptz', { name: 'verified_at', nullable: true })
  verifiedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
