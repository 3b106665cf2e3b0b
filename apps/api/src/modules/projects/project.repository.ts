import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import type { Transaction } from '@api/modules/database/transaction';
import { ProjectEntity } from './project.entity';
import { ProjectMemberEntity } from './project-member.entity';
import type { ProjectRole, SharedRole } from './project-policy';
import { WallEntity } from './wall.entity';
import { whereContains } from '@api/modules/common/contains-filter';

export interface VisibleProject {
  project: ProjectEntity;
  role: ProjectRole;
}

/** A matter with the caller's standing on it, read in one query. */
export interface ProjectStanding {
  project: ProjectEntity;
  role: ProjectRole | null;
  walled: boolean;
}

export interface MemberRow {
  userId: string;
  role: ProjectRole;
  addedAt: Date;
}

@Injectable()
export class ProjectRepository {
  private readonly projects: Repository<ProjectEntity>;

  private readonly members: Repository<ProjectMemberEntity>;
  private readonly walls: Repository<WallEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.projects = dataSource.getRepository(ProjectEntity);
    this.members = dataSource.getRepository(ProjectMemberEntity);
    this.walls = dataSource.getRepository(WallEntity);
  }

  async create(ownerId: string, firmId: string, name: string, description: string): Promise<ProjectEntity> {
    const project = this.projects.create({ ownerId, firmId, name, description });
    return this.projects.save(project);
  }

  findById(id: string, transaction?: Transaction): Promise<ProjectEntity | null> {
    return (transaction ? transaction.getRepository(ProjectEntity) : this.projects).findOneBy({ id });
  }

  /** The matter and the user's role and wall on it; null when no such matter exists. */
  async standing(id: string, userId: string): Promise<ProjectStanding | null> {
    const { entities, raw } = await this.projects
      .createQueryBuilder('p')
      .addSelect('(SELECT m.role FROM project_members m WHERE m.project_id = p.id AND m.user_id = :userId)', 'member_role')
      .addSelect('EXISTS (SELECT 1 FROM walls w WHERE w.project_id = p.id AND w.user_id = :userId)', 'walled')
      .where('p.id = :id', { id, userId })
      .getRawAndEntities<{ member_role: SharedRole | null; walled: boolean }>();
    const project = entities[0];
    if (!project) return null;
    const role: ProjectRole | null = project.ownerId === userId ? 'owner' : (raw[0].member_role ?? null);
    return { project, role, walled: raw[0].walled === true };
  }

  /** The matters of the user's firm that the user owns or was given, minus those it is walled off. */
  async listVisible(userId: string, firmId: string): Promise<VisibleProject[]> {
    const { entities, raw } = await this.projects
      .createQueryBuilder('p')
      .addSelect('(SELECT m.role FROM project_members m WHERE m.project_id = p.id AND m.user_id = :userId)', 'member_role')
      .where('p.firm_id = :firmId', { firmId, userId })
      .andWhere('(p.owner_id = :userId OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = :userId))')
      .andWhere('NOT EXISTS (SELECT 1 FROM walls w WHERE w.project_id = p.id AND w.user_id = :userId)')
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .getRawAndEntities<{ member_role: SharedRole | null }>();
    return entities.map((project, index) => ({
      project,
      role: project.ownerId === userId ? 'owner' : (raw[index].member_role as SharedRole),
    }));
  }

  /** One page of a firm's matters for its administrators, with the total for paging. */
  async listFirm(
    firmId: string,
    page: { sort: 'name' | 'created_at'; order: 'ASC' | 'DESC'; offset: number; limit: number; q?: string; ownerId?: string },
  ): Promise<{ rows: ProjectEntity[]; total: number }> {
    const query = this.projects.createQueryBuilder('p').where('p.firm_id = :firmId', { firmId });
    whereContains(query, 'p.name', page.q);
    if (page.ownerId) query.andWhere('p.owner_id = :ownerId', { ownerId: page.ownerId });
    const [rows, total] = await query
      .orderBy(`p.${page.sort}`, page.order)
      .addOrderBy('p.id', page.order)
      .skip(page.offset)
      .take(page.limit)
      .getManyAndCount();
    return { rows, total };
  }

  async namesInFirm(firmId: string): Promise<Map<string, string>> {
    const rows = await this.projects.find({ select: { id: true, name: true }, where: { firmId } });
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** How many people each project is shared with (the owner not counted). */
  async memberCounts(projectIds: readonly string[]): Promise<Map<string, number>> {
    if (projectIds.length === 0) return new Map();
    const rows: { project_id: string; count: string }[] = await this.members
      .createQueryBuilder('m')
      .select('m.project_id', 'project_id')
      .addSelect('count(*)', 'count')
      .where('m.project_id IN (:...projectIds)', { projectIds })
      .groupBy('m.project_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.project_id, Number(row.count)]));
  }

  /** The owner first, then everyone the matter is shared with, oldest first. */
  async listMembers(project: ProjectEntity): Promise<MemberRow[]> {
    const shared = await this.members.find({ where: { projectId: project.id }, order: { createdAt: 'ASC', userId: 'ASC' } });
    return [{ userId: project.ownerId, role: 'owner', addedAt: project.createdAt }, ...shared.map((row) => ({ userId: row.userId, role: row.role, addedAt: row.createdAt }))];
  }

  findMember(projectId: string, userId: string): Promise<ProjectMemberEntity | null> {
    return this.members.findOneBy({ projectId, userId });
  }

  async upsertMember(projectId: string, userId: string, role: SharedRole, addedBy: string): Promise<void> {
    await this.members.upsert({ projectId, userId, role, addedBy }, ['projectId', 'userId']);
  }

  async removeMember(projectId: string, userId: string): Promise<boolean> {
    const result = await this.members.delete({ projectId, userId });
    return (result.affected ?? 0) > 0;
  }

  isWalled(projectId: string, userId: string): Promise<boolean> {
    return this.walls.existsBy({ projectId, userId });
  }

  /** Walls the user off and ends any sharing with it, in one transaction; false when the wall was already up. */
  async addWall(projectId: string, userId: string, addedBy: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (await manager.existsBy(WallEntity, { projectId, userId })) return false;
      await manager.insert(WallEntity, { projectId, userId, addedBy });
      await manager.delete(ProjectMemberEntity, { projectId, userId });
      return true;
    });
  }

  async removeWall(projectId: string, userId: string): Promise<boolean> {
    const result = await this.walls.delete({ projectId, userId });
    return (result.affected ?? 0) > 0;
  }

  listWalls(projectId: string): Promise<WallEntity[]> {
    return this.walls.find({ where: { projectId }, order: { createdAt: 'ASC' } });
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
