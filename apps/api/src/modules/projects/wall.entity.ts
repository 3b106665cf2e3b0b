import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An ethical wall: the person may not see the matter at all, whatever it was shared as. */
@Entity({ name: 'walls' })
export class WallEntity {
  @PrimaryColumn('uuid', { name: 'project_id' })
  projectId: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('uuid', { name: 'added_by', nullable: true })
  addedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
