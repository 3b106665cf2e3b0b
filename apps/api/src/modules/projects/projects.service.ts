import { Injectable, Logger } from '@nestjs/common';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { NotFoundError } from '@api/modules/common/app-error';
import { StorageRepository } from '@api/modules/storage/storage.repository';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { CreateProjectDto, DeletedResponseDto, mapProject, ProjectListResponseDto, ProjectResponseDto } from './projects.dto';
import { ProjectEntity } from './project.entity';
import { ProjectRepository } from './project.repository';

export const PROJECT_NOT_FOUND = 'Project not found.';

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger(ProjectsService.name);

  constructor(
    private readonly projects: ProjectRepository,
    private readonly storage: StorageRepository,
    private readonly audit: AuditRepository,
    private readonly vectors: VectorIndex,
  ) {}

  /** The caller's project, or 404 whether it does not exist or belongs to someone else. */
  async getOwned(user: AuthUser, id: string): Promise<ProjectEntity> {
    const project = await this.projects.findOwned(user.id, id);
    if (!project) throw new NotFoundError(PROJECT_NOT_FOUND);
    return project;
  }

  async list(user: AuthUser): Promise<ProjectListResponseDto> {
    const rows = await this.projects.listOwned(user.id);
    return { projects: rows.map((row) => mapProject(row.project, row.documentCount)) };
  }

  async get(user: AuthUser, id: string): Promise<ProjectResponseDto> {
    const project = await this.getOwned(user, id);
    return mapProject(project, await this.projects.countDocuments(project.id));
  }

  async create(user: AuthUser, dto: CreateProjectDto): Promise<ProjectResponseDto> {
    const project = await this.projects.create(user.id, dto.name, dto.description ?? '');
    await this.audit.record({ action: 'project.create', actorId: user.id, email: user.email, details: { projectId: project.id } });
    return mapProject(project, 0);
  }

  /** Rows go in one transaction; files after it, and the storage sweep collects any a crash left behind. */
  async delete(user: AuthUser, id: string): Promise<DeletedResponseDto> {
    const project = await this.getOwned(user, id);
    const keys = await this.projects.deleteWithContents(project.id);
    await this.vectors.deleteProject(project.id).catch((error: Error) => this.logger.warn(`Vectors of project ${project.id} not removed yet: ${error.message}`));
    for (const key of keys) {
      await this.storage.remove(key).catch((error: Error) => this.logger.warn(`Stored file ${key} not removed yet: ${error.message}`));
    }
    await this.audit.record({ action: 'project.delete', actorId: user.id, email: user.email, details: { projectId: project.id, documents: keys.length } });
    return { message: 'Project deleted.' };
  }
}
