import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Citation, TokenUsage } from '@api/modules/llm/llm.types';

/** A question and its answer as stored: question, answer and citations sealed (FieldCipher). */
@Entity({ name: 'chat_messages' })
export class SealedChatMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('bytea')
  question: Buffer;

  @Column('bytea')
  answer: Buffer;

  @Column('bytea')
  citations: Buffer;

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

export type ChatMessageEntity = Omit<SealedChatMessageEntity, 'question' | 'answer' | 'citations'> & { question: string; answer: string; citations: Citation[] };
