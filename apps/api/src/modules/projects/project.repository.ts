import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import type { Transaction } from '@api/modules/database/transaction';
import { ProjectEntity } from './project.entity';

@Injectable()
export class ProjectRepository {
  private readonly projects: Repository<ProjectEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.projects = dataSource.getRepository(ProjectEntity);
  }

  async create(ownerId: string, name: string, description: string): Promise<ProjectEntity> {
    const project = this.projects.create({ ownerId, name, description });
    return this.projects.save(project);
  }

  async ownerOf(id: string): Promise<string | null> {
    return (await this.projects.findOne({ select: { ownerId: true }, where: { id } }))?.ownerId ?? null;
  }

  findOwned(ownerId: string, id: string): Promise<ProjectEntity | null> {
    return this.projects.findOneBy({ id, ownerId });
  }

  listOwned(ownerId: string): Promise<ProjectEntity[]> {
    return this.projects.find({ where: { ownerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Deletes the project and, by cascade, every row under it, in one transaction that `beforeDelete` joins
   * first (to lock and collect what the cascade removes from tables other modules own); returns its answer.
   */
  async deleteWithContents<T>(id: string, beforeDelete: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (transaction) => {
      const collected = await beforeDelete(transaction);
      await transaction.query('DELETE FROM projects WHERE id = $1', [id]);
      return collected;
    });
  }
}
