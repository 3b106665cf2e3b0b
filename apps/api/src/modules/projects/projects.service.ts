import { Injectable, Logger } from '@nestjs/common';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { NotFoundError } from '@api/modules/common/app-error';
import type { Transaction } from '@api/modules/database/transaction';
import { StorageRepository } from '@api/modules/storage/storage.repository';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { CreateProjectDto, DeletedResponseDto, mapProject, ProjectListResponseDto, ProjectResponseDto } from './projects.dto';
import { ProjectEntity } from './project.entity';
import { ProjectRepository } from './project.repository';

export const PROJECT_NOT_FOUND = 'Project not found.';

/**
 * The documents of projects, which the documents module owns: it registers itself here (it depends on projects,
 * not the other way round), so projects counts and deletes them without reading their table.
 */
export interface ProjectDocuments {
  /** How many documents each of these projects has; a project with none may be left out. */
  countByProject(projectIds: string[]): Promise<Map<string, number>>;
  /** Locks the project's documents in `transaction` and returns their stored files' keys, before the project's deletion removes the rows. */
  lockForProjectDeletion(transaction: Transaction, projectId: string): Promise<string[]>;
}

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger(ProjectsService.name);
  private documents: ProjectDocuments | null = null;

  constructor(
    private readonly projects: ProjectRepository,
    private readonly storage: StorageRepository,
    private readonly audit: AuditRepository,
    private readonly vectors: VectorIndex,
  ) {}

  registerDocuments(documents: ProjectDocuments): void {
    this.documents = documents;
  }

  private documentsOfProjects(): ProjectDocuments {
    if (!this.documents) throw new Error('The documents module has not registered the documents of projects');
    return this.documents;
  }

  /** The caller's project, or 404 whether it does not exist or belongs to someone else. */
  async getOwned(user: AuthUser, id: string): Promise<ProjectEntity> {
    const project = await this.projects.findOwned(user.id, id);
    if (!project) throw new NotFoundError(PROJECT_NOT_FOUND);
    return project;
  }

  /** The account a project belongs to (whose data key seals its text); null when there is no such project. */
  ownerOf(projectId: string): Promise<string | null> {
    return this.projects.ownerOf(projectId);
  }

  async list(user: AuthUser): Promise<ProjectListResponseDto> {
    const projects = await this.projects.listOwned(user.id);
    const counts = await this.documentsOfProjects().countByProject(projects.map((project) => project.id));
    return { projects: projects.map((project) => mapProject(project, counts.get(project.id) ?? 0)) };
  }

  async get(user: AuthUser, id: string): Promise<ProjectResponseDto> {
    const project = await this.getOwned(user, id);
    const counts = await this.documentsOfProjects().countByProject([project.id]);
    return mapProject(project, counts.get(project.id) ?? 0);
  }

  async create(user: AuthUser, dto: CreateProjectDto): Promise<ProjectResponseDto> {
    const project = await this.projects.create(user.id, dto.name, dto.description ?? '');
    await this.audit.record({ action: 'project.create', actorId: user.id, email: user.email, details: { projectId: project.id } });
    return mapProject(project, 0);
  }

  /** Rows go in one transaction; files after it, and the storage sweep collects any a crash left behind. */
  async delete(user: AuthUser, id: string): Promise<DeletedResponseDto> {
    const project = await this.getOwned(user, id);
    const documents = this.documentsOfProjects();
    const keys = await this.projects.deleteWithContents(project.id, (transaction) => documents.lockForProjectDeletion(transaction, project.id));
    await this.vectors.deleteProject(project.id).catch((error: Error) => this.logger.warn(`Vectors of project ${project.id} not removed yet: ${error.message}`));
    for (const key of keys) {
      await this.storage.remove(key).catch((error: Error) => this.logger.warn(`Stored file ${key} not removed yet: ${error.message}`));
    }
    await this.audit.record({ action: 'project.delete', actorId: user.id, email: user.email, details: { projectId: project.id, documents: keys.length } });
    return { message: 'Project deleted.' };
  }
}
