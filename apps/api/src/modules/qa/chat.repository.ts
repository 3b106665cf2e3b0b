import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ChatMessageEntity } from './chat-message.entity';

@Injectable()
export class ChatRepository {
  private readonly messages: Repository<ChatMessageEntity>;

  constructor(dataSource: DataSource) {
    this.messages = dataSource.getRepository(ChatMessageEntity);
  }

  async add(message: Omit<ChatMessageEntity, 'id' | 'createdAt'>): Promise<ChatMessageEntity> {
    const result = await this.messages.insert(message as QueryDeepPartialEntity<ChatMessageEntity>);
    // The insert returns the generated id and created_at: no second round trip to read the row back.
    const generated = result.generatedMaps[0] as Pick<ChatMessageEntity, 'id' | 'createdAt'>;
    return { ...message, id: generated.id, createdAt: generated.createdAt };
  }

  history(projectId: string): Promise<ChatMessageEntity[]> {
    return this.messages.find({ where: { projectId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async clear(projectId: string): Promise<number> {
    const result = await this.messages.delete({ projectId });
    return result.affected ?? 0;
  }
}
