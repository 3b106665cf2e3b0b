import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

@Injectable()
export class ApiKeyRepository {
  private readonly keys: Repository<ApiKeyEntity>;

  constructor(dataSource: DataSource) {
    this.keys = dataSource.getRepository(ApiKeyEntity);
  }

  async insert(key: Omit<ApiKeyEntity, 'createdAt'>): Promise<ApiKeyEntity> {
    await this.keys.insert(key);
    return this.keys.findOneByOrFail({ id: key.id });
  }

  findById(id: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ id });
  }

  listForUser(userId: string): Promise<ApiKeyEntity[]> {
    return this.keys.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async pageInFirm(firmId: string, page: { offset: number; limit: number; order: 'ASC' | 'DESC'; userId?: string }): Promise<{ rows: ApiKeyEntity[]; total: number }> {
    const query = this.keys.createQueryBuilder('k').where('k.firm_id = :firmId', { firmId });
    if (page.userId) query.andWhere('k.user_id = :userId', { userId: page.userId });
    const [rows, total] = await query.orderBy('k.created_at', page.order).addOrderBy('k.id', page.order).skip(page.offset).take(page.limit).getManyAndCount();
    return { rows, total };
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.keys.createQueryBuilder().update(ApiKeyEntity).set({ revokedAt: at }).where('id = :id AND revoked_at IS NULL', { id }).execute();
  }

  async markUsed(id: string, at: Date, ip: string | null): Promise<void> {
    await this.keys.update({ id }, { lastUsedAt: at, lastUsedIp: ip });
  }
}
