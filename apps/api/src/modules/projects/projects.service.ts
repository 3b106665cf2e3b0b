import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { UsersService } from '@api/modules/auth/users.service';
import { BadRequestError, ForbiddenError, NotFoundError } from '@api/modules/common/app-error';
import type { Transaction } from '@api/modules/database/transaction';
import { StorageRepository } from '@api/modules/storage/storage.repository';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import {
  ChangeMemberRoleDto,
  CreateProjectDto,
  DeletedResponseDto,
  mapProject,
  ProjectListResponseDto,
  ProjectMembersResponseDto,
  ProjectResponseDto,
  ShareProjectDto,
  AddWallDto,
  WallListResponseDto,
} from './projects.dto';
import { ProjectEntity } from './project.entity';
import { decide, FORBIDDEN_MESSAGES, ProjectAction, ProjectRole } from './project-policy';
import { ProjectRepository } from './project.repository';

export const PROJECT_NOT_FOUND = 'Project not found.';
export const SHARING_MESSAGES = {
  unknownPerson: 'No one in your firm has an account with this address.',
  walled: 'This person is walled off this project and cannot be given access.',
  owner: 'The owner already has full access to this project.',
  disabled: 'This account is disabled and cannot be given access.',
  notMember: 'This person is not a member of this project.',
  ownerStays: 'The owner cannot be removed from the project or given another role.',
} as const;

export const WALL_MESSAGES = {
  unknownPerson: 'No one in your firm has this user id.',
  owner: 'The owner of a project cannot be walled off it.',
  none: 'This person is not walled off this project.',
} as const;

/** A matter the caller may act on, with the caller's role on it (null for an administrator who is not on it). */
export interface AuthorizedProject {
  project: ProjectEntity;
  role: ProjectRole | null;
}

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
export class ProjectsService implements OnModuleInit {
  private readonly logger = new Logger(ProjectsService.name);
  private documents: ProjectDocuments | null = null;

  constructor(
    private readonly projects: ProjectRepository,
    private readonly storage: StorageRepository,
    private readonly audit: AuditRepository,
    private readonly vectors: VectorIndex,
    private readonly people: UsersService,
  ) {}

  private readonly deletionListeners: ((projectId: string) => void)[] = [];

  /** Lets a module that keeps a project's state in memory drop it as soon as the project is deleted (search's index). */
  onProjectDeleted(listener: (projectId: string) => void): void {
    this.deletionListeners.push(listener);
  }

  /** Events that name only a project (the document status machine's) join the chain of the project's firm. */
  onModuleInit(): void {
    this.audit.registerProjectFirms(this);
  }

  registerDocuments(documents: ProjectDocuments): void {
    this.documents = documents;
  }

  private documentsOfProjects(): ProjectDocuments {
    if (!this.documents) throw new Error('The documents module has not registered the documents of projects');
    return this.documents;
  }

  /**
   * The one gate of every project route: the matter if the policy allows the action, else 404 when the
   * caller may not know it exists, 403 when the caller's role on a visible matter does not allow it.
   */
  async authorize(user: AuthUser, id: string, action: ProjectAction): Promise<AuthorizedProject> {
    const standing = await this.projects.standing(id, user.id);
    if (!standing) throw new NotFoundError(PROJECT_NOT_FOUND);
    const decision = decide(
      { callerFirmId: user.firmId, callerFirmRole: user.role, projectFirmId: standing.project.firmId, projectRole: standing.role, walled: standing.walled },
      action,
    );
    if (decision === 'hidden') throw new NotFoundError(PROJECT_NOT_FOUND);
    if (decision === 'forbidden') throw new ForbiddenError(FORBIDDEN_MESSAGES[action]);
    return { project: standing.project, role: standing.role };
  }

  /** Shorthand for routes that only need the matter. */
  async getFor(user: AuthUser, id: string, action: ProjectAction): Promise<ProjectEntity> {
    return (await this.authorize(user, id, action)).project;
  }

  async list(user: AuthUser): Promise<ProjectListResponseDto> {
    const rows = await this.projects.listVisible(user.id, user.firmId);
    const counts = await this.documentsOfProjects().countByProject(rows.map((row) => row.project.id));
    return { projects: rows.map((row) => mapProject(row.project, counts.get(row.project.id) ?? 0, row.role)) };
  }

  async get(user: AuthUser, id: string): Promise<ProjectResponseDto> {
    const { project, role } = await this.authorize(user, id, 'project.read');
    const counts = await this.documentsOfProjects().countByProject([project.id]);
    return mapProject(project, counts.get(project.id) ?? 0, role ?? 'viewer');
  }

  async create(user: AuthUser, dto: CreateProjectDto): Promise<ProjectResponseDto> {
    const project = await this.projects.create(user.id, user.firmId, dto.name, dto.description ?? '');
    await this.audit.record({ action: 'project.create', firmId: user.firmId, target: { type: 'project', id: project.id }, actorId: user.id, email: user.email, details: { projectId: project.id } });
    return mapProject(project, 0, 'owner');
  }

  /** Rows go in one transaction; files after it, and the storage sweep collects any a crash left behind. */
  async delete(user: AuthUser, id: string): Promise<DeletedResponseDto> {
    const project = await this.getFor(user, id, 'project.delete');
    const documents = this.documentsOfProjects();
    const keys = await this.projects.deleteWithContents(project.id, (transaction) => documents.lockForProjectDeletion(transaction, project.id));
    for (const listener of this.deletionListeners) listener(project.id);
    await this.vectors.deleteProject(project.id).catch((error: Error) => this.logger.warn(`Vectors of project ${project.id} not removed yet: ${error.message}`));
    for (const key of keys) {
      await this.storage.remove(key).catch((error: Error) => this.logger.warn(`Stored file ${key} not removed yet: ${error.message}`));
    }
    await this.audit.record({ action: 'project.delete', firmId: user.firmId, target: { type: 'project', id: project.id }, actorId: user.id, email: user.email, details: { projectId: project.id, documents: keys.length } });
    return { message: 'Project deleted.' };
  }

  async members(user: AuthUser, id: string): Promise<ProjectMembersResponseDto> {
    const project = await this.getFor(user, id, 'members.read');
    return this.memberList(project);
  }

  /** Shares the matter with a person of the caller's firm, or changes the role they already have. */
  async share(user: AuthUser, id: string, dto: ShareProjectDto): Promise<ProjectMembersResponseDto> {
    const project = await this.getFor(user, id, 'members.manage');
    const person = await this.people.findInFirmByEmail(user.firmId, dto.email);
    if (!person) throw new BadRequestError(SHARING_MESSAGES.unknownPerson);
    await this.grant(user, project, person.id, person.disabled, dto.role);
    return this.memberList(project);
  }

  async changeRole(user: AuthUser, id: string, memberId: string, dto: ChangeMemberRoleDto): Promise<ProjectMembersResponseDto> {
    const project = await this.getFor(user, id, 'members.manage');
    if (memberId === project.ownerId) throw new BadRequestError(SHARING_MESSAGES.ownerStays);
    if (!(await this.projects.findMember(project.id, memberId))) throw new NotFoundError(SHARING_MESSAGES.notMember);
    const person = await this.people.findInFirm(user.firmId, memberId);
    await this.grant(user, project, memberId, person?.disabled ?? true, dto.role);
    return this.memberList(project);
  }

  async unshare(user: AuthUser, id: string, memberId: string): Promise<ProjectMembersResponseDto> {
    const project = await this.getFor(user, id, 'members.manage');
    if (memberId === project.ownerId) throw new BadRequestError(SHARING_MESSAGES.ownerStays);
    if (!(await this.projects.removeMember(project.id, memberId))) throw new NotFoundError(SHARING_MESSAGES.notMember);
    await this.audit.record({ action: 'project.unshare', firmId: user.firmId, target: { type: 'project', id: project.id }, actorId: user.id, email: user.email, details: { projectId: project.id, userId: memberId } });
    return this.memberList(project);
  }

  /** The firm that holds a project (whose data key seals its text), for work outside a request; null once it is gone. */
  async firmOf(id: string, transaction?: Transaction): Promise<string | null> {
    return (await this.projects.findById(id, transaction))?.firmId ?? null;
  }

  /** A firm's matters for its administrators: metadata only, never contents. */
  listForFirm(firmId: string, page: Parameters<ProjectRepository['listFirm']>[1]): Promise<{ rows: ProjectEntity[]; total: number }> {
    return this.projects.listFirm(firmId, page);
  }

  /** Every project of a firm by id, with its name: the scope of the firm console's document list. */
  namesInFirm(firmId: string): Promise<Map<string, string>> {
    return this.projects.namesInFirm(firmId);
  }

  memberCounts(projectIds: readonly string[]): Promise<Map<string, number>> {
    return this.projects.memberCounts(projectIds);
  }

  /** A matter of the administrator's firm, whether or not the administrator is on it; 404 otherwise. */
  async inFirm(admin: AuthUser, id: string): Promise<ProjectEntity> {
    const project = await this.projects.findById(id);
    if (!project || project.firmId !== admin.firmId) throw new NotFoundError(PROJECT_NOT_FOUND);
    return project;
  }

  async membersOf(admin: AuthUser, id: string): Promise<ProjectMembersResponseDto> {
    return this.memberList(await this.inFirm(admin, id));
  }

  async walls(admin: AuthUser, id: string): Promise<WallListResponseDto> {
    const project = await this.inFirm(admin, id);
    const walls = await this.projects.listWalls(project.id);
    const people = await this.people.findMany(walls.map((wall) => wall.userId));
    return { walls: walls.map((wall) => ({ user_id: wall.userId, email: people.get(wall.userId)?.email ?? '', added_at: wall.createdAt.toISOString() })) };
  }

  /** Walls a person of the firm off a matter: their access ends on their next request, whatever they were shared as. */
  async addWall(admin: AuthUser, id: string, dto: AddWallDto): Promise<WallListResponseDto> {
    const project = await this.inFirm(admin, id);
    const person = await this.people.findInFirm(admin.firmId, dto.user_id);
    if (!person) throw new BadRequestError(WALL_MESSAGES.unknownPerson);
    if (person.id === project.ownerId) throw new BadRequestError(WALL_MESSAGES.owner);
    if (await this.projects.addWall(project.id, person.id, admin.id)) {
      await this.audit.record({ action: 'wall.add', firmId: admin.firmId, target: { type: 'project', id: project.id }, actorId: admin.id, email: admin.email, details: { projectId: project.id, userId: person.id } });
    }
    return this.walls(admin, id);
  }

  async removeWall(admin: AuthUser, id: string, userId: string): Promise<WallListResponseDto> {
    const project = await this.inFirm(admin, id);
    if (!(await this.projects.removeWall(project.id, userId))) throw new NotFoundError(WALL_MESSAGES.none);
    await this.audit.record({ action: 'wall.remove', firmId: admin.firmId, target: { type: 'project', id: project.id }, actorId: admin.id, email: admin.email, details: { projectId: project.id, userId } });
    return this.walls(admin, id);
  }

  private async grant(user: AuthUser, project: ProjectEntity, memberId: string, disabled: boolean, role: 'editor' | 'viewer'): Promise<void> {
    if (memberId === project.ownerId) throw new BadRequestError(SHARING_MESSAGES.owner);
    if (await this.projects.isWalled(project.id, memberId)) throw new BadRequestError(SHARING_MESSAGES.walled);
    if (disabled) throw new BadRequestError(SHARING_MESSAGES.disabled);
    await this.projects.upsertMember(project.id, memberId, role, user.id);
    await this.audit.record({ action: 'project.share', firmId: user.firmId, target: { type: 'project', id: project.id }, actorId: user.id, email: user.email, details: { projectId: project.id, userId: memberId, role } });
  }

  private async memberList(project: ProjectEntity): Promise<ProjectMembersResponseDto> {
    const rows = await this.projects.listMembers(project);
    const people = await this.people.findMany(rows.map((row) => row.userId));
    return {
      members: rows.map((row) => ({ user_id: row.userId, email: people.get(row.userId)?.email ?? '', role: row.role, added_at: row.addedAt.toISOString() })),
    };
  }
}
