import { Logger } from '@nestjs/common';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { UsersService } from '@api/modules/auth/users.service';
import { BadRequestError, ForbiddenError, NotFoundError } from '@api/modules/common/app-error';
import type { Transaction } from '@api/modules/database/transaction';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { StorageRepository } from '@api/modules/storage/storage.repository';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { entity, NOW } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import { FORBIDDEN_MESSAGES } from './project-policy';
import { ProjectRepository } from './project.repository';
import { PROJECT_NOT_FOUND, ProjectsService, SHARING_MESSAGES, WALL_MESSAGES } from './projects.service';

const OWNER = entity.caller({ id: 'owner-1', email: 'owner@firm.example' });
const ADMIN = entity.caller({ id: 'admin-1', email: 'admin@firm.example', role: 'admin' });
const PROJECT = entity.project({ id: 'project-1', ownerId: OWNER.id, firmId: 'firm-1' });
const COLLEAGUE = entity.person({ id: 'user-2', email: 'colleague@firm.example' });

function setup() {
  const projects = automock(ProjectRepository);
  const storage = automock(StorageRepository);
  const audit = automock(AuditRepository);
  const vectors = automock(VectorIndex);
  const people = automock(UsersService);
  const documents = automock(DocumentsService);
  const sut = new ProjectsService(projects, storage, audit, vectors, people);
  sut.registerDocuments(documents);
  return { sut, projects, storage, audit, vectors, people, documents };
}

type Mocks = ReturnType<typeof setup>;

/** The caller stands on PROJECT as `role` (null: not on it). */
function standsAs({ projects }: Mocks, role: 'owner' | 'editor' | 'viewer' | null, options: { walled?: boolean; project?: typeof PROJECT } = {}): void {
  projects.standing.mockResolvedValue({ project: options.project ?? PROJECT, role, walled: options.walled ?? false });
}

/** The member list every membership change answers with: one colleague as viewer. */
function listsColleague({ projects, people }: Mocks): void {
  projects.listMembers.mockResolvedValue([{ userId: COLLEAGUE.id, role: 'viewer', addedAt: NOW }]);
  people.findMany.mockResolvedValue(new Map([[COLLEAGUE.id, COLLEAGUE]]));
}

describe(ProjectsService.name, () => {
  describe('authorize', () => {
    it('answers 404 for a project that does not exist, having asked for the caller’s standing on it', async () => {
      const mocks = setup();
      mocks.projects.standing.mockResolvedValue(null);
      await expectError(mocks.sut.authorize(OWNER, 'project-9', 'project.read'), NotFoundError, PROJECT_NOT_FOUND);
      expect(mocks.projects.standing).toHaveBeenCalledWith('project-9', OWNER.id);
    });

    it('hides another firm’s project even from its owner', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner', { project: { ...PROJECT, firmId: 'firm-2' } });
      await expectError(mocks.sut.authorize(OWNER, PROJECT.id, 'project.read'), NotFoundError);
    });

    it('hides a project the caller is walled off, whatever it was shared as', async () => {
      const mocks = setup();
      standsAs(mocks, 'editor', { walled: true });
      await expectError(mocks.sut.authorize(OWNER, PROJECT.id, 'documents.read'), NotFoundError);
    });

    it('forbids a viewer to generate a report, with the message for that action', async () => {
      const mocks = setup();
      standsAs(mocks, 'viewer');
      await expectError(mocks.sut.authorize(OWNER, PROJECT.id, 'reports.generate'), ForbiddenError, FORBIDDEN_MESSAGES['reports.generate']);
    });

    it('returns the project and the caller’s role when the policy allows the action', async () => {
      const mocks = setup();
      standsAs(mocks, 'editor');
      await expect(mocks.sut.authorize(OWNER, PROJECT.id, 'documents.upload')).resolves.toEqual({ project: PROJECT, role: 'editor' });
    });

    it('lets a firm administrator who is not on the project manage its members, with no role, but not read it', async () => {
      const mocks = setup();
      standsAs(mocks, null);
      await expect(mocks.sut.authorize(ADMIN, PROJECT.id, 'members.manage')).resolves.toEqual({ project: PROJECT, role: null });
      await expectError(mocks.sut.authorize(ADMIN, PROJECT.id, 'project.read'), NotFoundError);
    });
  });

  describe('list', () => {
    it('counts the documents of the visible projects, zero for a project the documents module left out', async () => {
      const mocks = setup();
      const other = entity.project({ id: 'project-2' });
      mocks.projects.listVisible.mockResolvedValue([
        { project: PROJECT, role: 'owner' },
        { project: other, role: 'viewer' },
      ]);
      mocks.documents.countByProject.mockResolvedValue(new Map([[PROJECT.id, 3]]));
      const { projects } = await mocks.sut.list(OWNER);
      expect(mocks.projects.listVisible).toHaveBeenCalledWith(OWNER.id, OWNER.firmId);
      expect(mocks.documents.countByProject).toHaveBeenCalledWith([PROJECT.id, other.id]);
      expect(projects.map((project) => [project.id, project.document_count, project.role])).toEqual([
        [PROJECT.id, 3, 'owner'],
        [other.id, 0, 'viewer'],
      ]);
    });

    it('fails loudly when the documents module never registered', async () => {
      const { projects, storage, audit, vectors, people } = setup();
      const unwired = new ProjectsService(projects, storage, audit, vectors, people);
      projects.listVisible.mockResolvedValue([]);
      await expect(unwired.list(OWNER)).rejects.toThrow('The documents module has not registered the documents of projects');
    });
  });

  it('creates a project owned by the caller in the caller’s firm and records it', async () => {
    const mocks = setup();
    mocks.projects.create.mockResolvedValue(PROJECT);
    mocks.audit.record.mockResolvedValue();
    const created = await mocks.sut.create(OWNER, { name: 'Matter' });
    expect(mocks.projects.create).toHaveBeenCalledWith(OWNER.id, OWNER.firmId, 'Matter', '');
    expect(mocks.audit.record).toHaveBeenCalledWith({ action: 'project.create', firmId: OWNER.firmId, target: { type: 'project', id: PROJECT.id }, actorId: OWNER.id, email: OWNER.email, details: { projectId: PROJECT.id } });
    expect(created).toMatchObject({ id: PROJECT.id, role: 'owner', document_count: 0 });
  });

  describe('delete', () => {
    it('locks the documents inside the deleting transaction, then removes vectors and files, then records the deletion', async () => {
      const mocks = setup();
      const order: string[] = [];
      const transaction = { id: 'tx' } as unknown as Transaction;
      standsAs(mocks, 'owner');
      mocks.projects.deleteWithContents.mockImplementation(async (_id, beforeDelete) => {
        order.push('delete rows');
        return beforeDelete(transaction);
      });
      mocks.documents.lockForProjectDeletion.mockImplementation(async () => {
        order.push('lock documents');
        return ['key-1', 'key-2'];
      });
      mocks.vectors.deleteProject.mockImplementation(async () => void order.push('delete vectors'));
      mocks.storage.remove.mockImplementation(async (key) => void order.push(`remove ${key}`));
      mocks.audit.record.mockImplementation(async () => void order.push('audit'));
      mocks.sut.onProjectDeleted((projectId) => void order.push(`forget ${projectId}`));

      await expect(mocks.sut.delete(OWNER, PROJECT.id)).resolves.toEqual({ message: 'Project deleted.' });
      expect(mocks.projects.deleteWithContents).toHaveBeenCalledWith(PROJECT.id, expect.any(Function));
      expect(mocks.documents.lockForProjectDeletion).toHaveBeenCalledWith(transaction, PROJECT.id);
      expect(order).toEqual(['delete rows', 'lock documents', `forget ${PROJECT.id}`, 'delete vectors', 'remove key-1', 'remove key-2', 'audit']);
      expect(mocks.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'project.delete', details: { projectId: PROJECT.id, documents: 2 } }));
    });

    it('still removes every file and records the deletion when the vectors or a file cannot be removed yet', async () => {
      const mocks = setup();
      jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      standsAs(mocks, 'owner');
      mocks.projects.deleteWithContents.mockResolvedValue(['key-1', 'key-2']);
      mocks.vectors.deleteProject.mockRejectedValue(new Error('qdrant down'));
      mocks.storage.remove.mockRejectedValueOnce(new Error('disk busy')).mockResolvedValueOnce();
      mocks.audit.record.mockResolvedValue();
      await expect(mocks.sut.delete(OWNER, PROJECT.id)).resolves.toEqual({ message: 'Project deleted.' });
      expect(mocks.storage.remove.mock.calls).toEqual([['key-1'], ['key-2']]);
      expect(mocks.audit.record).toHaveBeenCalledTimes(1);
    });

    it('lets only the owner delete: an editor is forbidden and nothing is deleted', async () => {
      const mocks = setup();
      standsAs(mocks, 'editor');
      await expectError(mocks.sut.delete(OWNER, PROJECT.id), ForbiddenError, FORBIDDEN_MESSAGES['project.delete']);
      expect(mocks.projects.deleteWithContents).not.toHaveBeenCalled();
    });
  });

  describe('share', () => {
    it('adds a person of the caller’s firm with the role asked for, records it and answers the member list', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.people.findInFirmByEmail.mockResolvedValue(COLLEAGUE);
      mocks.projects.isWalled.mockResolvedValue(false);
      mocks.projects.upsertMember.mockResolvedValue();
      mocks.audit.record.mockResolvedValue();
      listsColleague(mocks);
      const answer = await mocks.sut.share(OWNER, PROJECT.id, { email: COLLEAGUE.email, role: 'viewer' });
      expect(mocks.people.findInFirmByEmail).toHaveBeenCalledWith(OWNER.firmId, COLLEAGUE.email);
      expect(mocks.projects.upsertMember).toHaveBeenCalledWith(PROJECT.id, COLLEAGUE.id, 'viewer', OWNER.id);
      expect(mocks.audit.record).toHaveBeenCalledWith({
        action: 'project.share',
        firmId: OWNER.firmId,
        target: { type: 'project', id: PROJECT.id },
        actorId: OWNER.id,
        email: OWNER.email,
        details: { projectId: PROJECT.id, userId: COLLEAGUE.id, role: 'viewer' },
      });
      expect(answer).toEqual({ members: [{ user_id: COLLEAGUE.id, email: COLLEAGUE.email, role: 'viewer', added_at: NOW.toISOString() }] });
    });

    it('refuses an address with no account in the caller’s firm', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.people.findInFirmByEmail.mockResolvedValue(null);
      await expectError(mocks.sut.share(OWNER, PROJECT.id, { email: 'stranger@elsewhere.example', role: 'editor' }), BadRequestError, SHARING_MESSAGES.unknownPerson);
    });

    it('refuses to share with the owner', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.people.findInFirmByEmail.mockResolvedValue(entity.person({ id: OWNER.id }));
      await expectError(mocks.sut.share(OWNER, PROJECT.id, { email: OWNER.email, role: 'editor' }), BadRequestError, SHARING_MESSAGES.owner);
    });

    it('refuses a person walled off the project, before looking at whether the account is disabled', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.people.findInFirmByEmail.mockResolvedValue({ ...COLLEAGUE, disabled: true });
      mocks.projects.isWalled.mockResolvedValue(true);
      await expectError(mocks.sut.share(OWNER, PROJECT.id, { email: COLLEAGUE.email, role: 'editor' }), BadRequestError, SHARING_MESSAGES.walled);
      expect(mocks.projects.isWalled).toHaveBeenCalledWith(PROJECT.id, COLLEAGUE.id);
      expect(mocks.projects.upsertMember).not.toHaveBeenCalled();
    });

    it('refuses a disabled account', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.people.findInFirmByEmail.mockResolvedValue({ ...COLLEAGUE, disabled: true });
      mocks.projects.isWalled.mockResolvedValue(false);
      await expectError(mocks.sut.share(OWNER, PROJECT.id, { email: COLLEAGUE.email, role: 'editor' }), BadRequestError, SHARING_MESSAGES.disabled);
      expect(mocks.projects.upsertMember).not.toHaveBeenCalled();
    });

    it('forbids an editor to share', async () => {
      const mocks = setup();
      standsAs(mocks, 'editor');
      await expectError(mocks.sut.share(OWNER, PROJECT.id, { email: COLLEAGUE.email, role: 'editor' }), ForbiddenError, FORBIDDEN_MESSAGES['members.manage']);
    });
  });

  describe('changeRole', () => {
    it('never changes the owner’s role', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      await expectError(mocks.sut.changeRole(OWNER, PROJECT.id, OWNER.id, { role: 'viewer' }), BadRequestError, SHARING_MESSAGES.ownerStays);
    });

    it('answers 404 for someone who is not a member', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.projects.findMember.mockResolvedValue(null);
      await expectError(mocks.sut.changeRole(OWNER, PROJECT.id, COLLEAGUE.id, { role: 'editor' }), NotFoundError, SHARING_MESSAGES.notMember);
      expect(mocks.projects.findMember).toHaveBeenCalledWith(PROJECT.id, COLLEAGUE.id);
    });

    it('treats a member whose account left the firm as disabled', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.projects.findMember.mockResolvedValue({ projectId: PROJECT.id, userId: COLLEAGUE.id, role: 'viewer', addedBy: OWNER.id, createdAt: NOW });
      mocks.people.findInFirm.mockResolvedValue(null);
      mocks.projects.isWalled.mockResolvedValue(false);
      await expectError(mocks.sut.changeRole(OWNER, PROJECT.id, COLLEAGUE.id, { role: 'editor' }), BadRequestError, SHARING_MESSAGES.disabled);
      expect(mocks.people.findInFirm).toHaveBeenCalledWith(OWNER.firmId, COLLEAGUE.id);
    });
  });

  describe('unshare', () => {
    it('never removes the owner', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      await expectError(mocks.sut.unshare(OWNER, PROJECT.id, OWNER.id), BadRequestError, SHARING_MESSAGES.ownerStays);
    });

    it('answers 404 and records nothing when the person was not a member', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.projects.removeMember.mockResolvedValue(false);
      await expectError(mocks.sut.unshare(OWNER, PROJECT.id, COLLEAGUE.id), NotFoundError, SHARING_MESSAGES.notMember);
      expect(mocks.audit.record).not.toHaveBeenCalled();
    });

    it('removes a member and records who removed whom', async () => {
      const mocks = setup();
      standsAs(mocks, 'owner');
      mocks.projects.removeMember.mockResolvedValue(true);
      mocks.audit.record.mockResolvedValue();
      listsColleague(mocks);
      await mocks.sut.unshare(OWNER, PROJECT.id, COLLEAGUE.id);
      expect(mocks.projects.removeMember).toHaveBeenCalledWith(PROJECT.id, COLLEAGUE.id);
      expect(mocks.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'project.unshare', actorId: OWNER.id, details: { projectId: PROJECT.id, userId: COLLEAGUE.id } }));
    });
  });

  describe('walls', () => {
    it('answers 404 to an administrator for another firm’s project', async () => {
      const mocks = setup();
      mocks.projects.findById.mockResolvedValue({ ...PROJECT, firmId: 'firm-2' });
      await expectError(mocks.sut.inFirm(ADMIN, PROJECT.id), NotFoundError, PROJECT_NOT_FOUND);
    });

    it('refuses to wall off someone who is not in the firm', async () => {
      const mocks = setup();
      mocks.projects.findById.mockResolvedValue(PROJECT);
      mocks.people.findInFirm.mockResolvedValue(null);
      await expectError(mocks.sut.addWall(ADMIN, PROJECT.id, { user_id: 'user-9' }), BadRequestError, WALL_MESSAGES.unknownPerson);
      expect(mocks.people.findInFirm).toHaveBeenCalledWith(ADMIN.firmId, 'user-9');
    });

    it('refuses to wall the owner off their own project', async () => {
      const mocks = setup();
      mocks.projects.findById.mockResolvedValue(PROJECT);
      mocks.people.findInFirm.mockResolvedValue(entity.person({ id: OWNER.id }));
      await expectError(mocks.sut.addWall(ADMIN, PROJECT.id, { user_id: OWNER.id }), BadRequestError, WALL_MESSAGES.owner);
      expect(mocks.projects.addWall).not.toHaveBeenCalled();
    });

    it('walls a person off, records it, and answers the walls with their addresses', async () => {
      const mocks = setup();
      mocks.projects.findById.mockResolvedValue(PROJECT);
      mocks.people.findInFirm.mockResolvedValue(COLLEAGUE);
      mocks.projects.addWall.mockResolvedValue(true);
      mocks.audit.record.mockResolvedValue();
      mocks.projects.listWalls.mockResolvedValue([{ projectId: PROJECT.id, userId: COLLEAGUE.id, addedBy: ADMIN.id, createdAt: NOW }]);
      mocks.people.findMany.mockResolvedValue(new Map([[COLLEAGUE.id, COLLEAGUE]]));
      const answer = await mocks.sut.addWall(ADMIN, PROJECT.id, { user_id: COLLEAGUE.id });
      expect(mocks.projects.addWall).toHaveBeenCalledWith(PROJECT.id, COLLEAGUE.id, ADMIN.id);
      expect(mocks.audit.record).toHaveBeenCalledWith({
        action: 'wall.add',
        firmId: ADMIN.firmId,
        target: { type: 'project', id: PROJECT.id },
        actorId: ADMIN.id,
        email: ADMIN.email,
        details: { projectId: PROJECT.id, userId: COLLEAGUE.id },
      });
      expect(answer).toEqual({ walls: [{ user_id: COLLEAGUE.id, email: COLLEAGUE.email, added_at: NOW.toISOString() }] });
    });

    it('records nothing when the person was already walled off', async () => {
      const mocks = setup();
      mocks.projects.findById.mockResolvedValue(PROJECT);
      mocks.people.findInFirm.mockResolvedValue(COLLEAGUE);
      mocks.projects.addWall.mockResolvedValue(false);
      mocks.projects.listWalls.mockResolvedValue([]);
      mocks.people.findMany.mockResolvedValue(new Map());
      await expect(mocks.sut.addWall(ADMIN, PROJECT.id, { user_id: COLLEAGUE.id })).resolves.toEqual({ walls: [] });
      expect(mocks.audit.record).not.toHaveBeenCalled();
    });

    it('answers 404 when removing a wall that is not there, and records nothing', async () => {
      const mocks = setup();
      mocks.projects.findById.mockResolvedValue(PROJECT);
      mocks.projects.removeWall.mockResolvedValue(false);
      await expectError(mocks.sut.removeWall(ADMIN, PROJECT.id, COLLEAGUE.id), NotFoundError, WALL_MESSAGES.none);
      expect(mocks.audit.record).not.toHaveBeenCalled();
    });

    it('removes a wall and records it', async () => {
      const mocks = setup();
      mocks.projects.findById.mockResolvedValue(PROJECT);
      mocks.projects.removeWall.mockResolvedValue(true);
      mocks.audit.record.mockResolvedValue();
      mocks.projects.listWalls.mockResolvedValue([]);
      mocks.people.findMany.mockResolvedValue(new Map());
      await mocks.sut.removeWall(ADMIN, PROJECT.id, COLLEAGUE.id);
      expect(mocks.projects.removeWall).toHaveBeenCalledWith(PROJECT.id, COLLEAGUE.id);
      expect(mocks.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'wall.remove', actorId: ADMIN.id, details: { projectId: PROJECT.id, userId: COLLEAGUE.id } }));
    });
  });
});
