import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { ProjectEntity } from './project.entity';

export interface ProjectWithCount {
  project: ProjectEntity;
  documentCount: number;
}

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

  findOwned(ownerId: string, id: string): Promise<ProjectEntity | null> {
    return this.projects.findOneBy({ id, ownerId });
  }

  async listOwned(ownerId: string): Promise<ProjectWithCount[]> {
    const { entities, raw } = await this.projects
      .createQueryBuilder('p')
      .addSelect('(SELECT count(*) FROM documents d WHERE d.project_id = p.id)', 'document_count')
      .where('p.owner_id = :ownerId', { ownerId })
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .getRawAndEntities<{ document_count: string }>();
    return entities.map((project, index) => ({ project, documentCount: Number(raw[index].document_count) }));
  }

  async countDocuments(projectId: string): Promise<number> {
    const rows: { count: string }[] = await this.dataSource.query('SELECT count(*) AS count FROM documents WHERE project_id = $1', [projectId]);
    return Number(rows[0].count);
  }

  /** Deletes the project and, by cascade, every row under it; returns the storage keys its documents used. */
  async deleteWithContents(id: string): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { storage_key: string }[] = await manager.query('SELECT storage_key FROM documents WHERE project_id = $1 FOR UPDATE', [id]);
      await manager.query('DELETE FROM projects WHERE id = $1', [id]);
      return rows.map((row) => row.storage_key);
    });
  }
}
