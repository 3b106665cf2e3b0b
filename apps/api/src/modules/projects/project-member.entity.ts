import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { SharedRole } from './project-policy';

/** A person a matter is shared with, and as what; the owner is the project's `owner_id`, not a row here. */
@Entity({ name: 'project_members' })
export class ProjectMemberEntity {
  @PrimaryColumn('uuid', { name: 'project_id' })
  projectId: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  role: SharedRole;

  @Column('uuid', { name: 'added_by', nullable: true })
  addedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
