import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Citation, TokenUsage } from '@api/modules/llm/llm.types';

@Entity({ name: 'chat_messages' })
export class ChatMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  question: string;

  @Column('text')
  answer: string;

  @Column('jsonb')
  citations: Citation[];

  @Column('jsonb')
  context: string[];

  @Column('boolean')
  abstained: boolean;

  @Column('text')
  engine: string;

  @Column('jsonb', { nullable: true })
  usage: TokenUsage | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
