import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { UserEntity, UserRole } from './user.entity';

@Injectable()
export class UserRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** Inserts a pending account; returns null when the address was taken meanwhile. */
  async createPending(email: string, passwordHash: string, role: UserRole = 'user'): Promise<UserEntity | null> {
    const result = await this.users
      .createQueryBuilder()
      .insert()
      .values({ email, passwordHash, status: 'pending', role, tokenVersion: 0 })
      .orIgnore()
      .returning('*')
      .execute();
    return result.raw.length > 0 ? this.findByEmail(email) : null;
  }

  async update(id: string, changes: QueryDeepPartialEntity<UserEntity>): Promise<void> {
    await this.users.update({ id }, changes);
  }

  async changePassword(id: string, passwordHash: string): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update()
      .set({ passwordHash, tokenVersion: () => 'token_version + 1' })
      .where('id = :id', { id })
      .execute();
  }
}
