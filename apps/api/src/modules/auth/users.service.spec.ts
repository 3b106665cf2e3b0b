import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { entity, NOW } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import type { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';
import { PEOPLE_MESSAGES, PERSON_NOT_FOUND, UsersService } from './users.service';

const ADMIN = { id: 'admin-1', firmId: 'firm-1' };

/** The repository holds `user` (re-read after an update with the update applied) in firm-1. */
function setup(user: UserEntity | null) {
  const users = automock(UserRepository);
  const clock = automock(Clock);
  clock.now.mockReturnValue(NOW);
  let row = user;
  users.findById.mockImplementation(async (id) => (row && row.id === id ? row : null));
  users.update.mockImplementation(async (_id, changes) => {
    if (row) row = { ...row, ...(changes as Partial<UserEntity>) };
  });
  return { sut: new UsersService(users, clock), users };
}

describe(UsersService.name, () => {
  describe('change', () => {
    it('answers 404 for a person of another firm, changing nothing', async () => {
      const { sut, users } = setup(entity.user({ id: 'user-2', firmId: 'firm-2' }));
      await expectError(sut.change(ADMIN, 'user-2', { role: 'admin' }), NotFoundError, PERSON_NOT_FOUND);
      expect(users.update).not.toHaveBeenCalled();
    });

    it('refuses an administrator disabling their own account', async () => {
      const { sut, users } = setup(entity.user({ id: ADMIN.id, role: 'admin' }));
      await expectError(sut.change(ADMIN, ADMIN.id, { disabled: true }), BadRequestError, PEOPLE_MESSAGES.selfDisable);
      expect(users.update).not.toHaveBeenCalled();
    });

    it('refuses to demote the firm’s last active administrator, even oneself', async () => {
      const { sut, users } = setup(entity.user({ id: ADMIN.id, role: 'admin' }));
      users.countOtherAdmins.mockResolvedValue(0);
      await expectError(sut.change(ADMIN, ADMIN.id, { role: 'member' }), BadRequestError, PEOPLE_MESSAGES.lastAdmin);
      expect(users.countOtherAdmins).toHaveBeenCalledWith(ADMIN.firmId, ADMIN.id);
      expect(users.update).not.toHaveBeenCalled();
    });

    it('refuses to disable the firm’s last active administrator', async () => {
      const { sut, users } = setup(entity.user({ id: 'admin-2', role: 'admin' }));
      users.countOtherAdmins.mockResolvedValue(0);
      await expectError(sut.change(ADMIN, 'admin-2', { disabled: true }), BadRequestError, PEOPLE_MESSAGES.lastAdmin);
      expect(users.update).not.toHaveBeenCalled();
    });

    it('demotes an administrator when another one remains, answering the person before and after', async () => {
      const { sut, users } = setup(entity.user({ id: 'admin-2', role: 'admin' }));
      users.countOtherAdmins.mockResolvedValue(1);
      const { before, after } = await sut.change(ADMIN, 'admin-2', { role: 'member' });
      expect(users.update).toHaveBeenCalledWith('admin-2', { role: 'member' });
      expect([before.role, after.role]).toEqual(['admin', 'member']);
    });

    it('does not count administrators when the change takes no active administrator away', async () => {
      for (const [user, change] of [
        [entity.user({ id: 'admin-2', role: 'admin', disabledAt: NOW }), { role: 'member' as const }],
        [entity.user({ id: 'admin-2', role: 'admin' }), { role: 'admin' as const, disabled: false }],
        [entity.user({ id: 'user-2', role: 'member' }), { disabled: true }],
      ] as const) {
        const { sut, users } = setup(user);
        await sut.change(ADMIN, user.id, change);
        expect(users.countOtherAdmins).not.toHaveBeenCalled();
      }
    });

    it('disables an account as of now', async () => {
      const { sut, users } = setup(entity.user({ id: 'user-2' }));
      const { after } = await sut.change(ADMIN, 'user-2', { disabled: true });
      expect(users.update).toHaveBeenCalledWith('user-2', { disabledAt: NOW });
      expect(after.disabled).toBe(true);
    });

    it('keeps the first disabling time when a disabled account is disabled again, and then writes nothing', async () => {
      const { sut, users } = setup(entity.user({ id: 'user-2', disabledAt: new Date(0) }));
      await sut.change(ADMIN, 'user-2', { disabled: true });
      expect(users.update).not.toHaveBeenCalled();
    });

    it('enables a disabled account', async () => {
      const { sut, users } = setup(entity.user({ id: 'user-2', disabledAt: new Date(0) }));
      const { after } = await sut.change(ADMIN, 'user-2', { disabled: false });
      expect(users.update).toHaveBeenCalledWith('user-2', { disabledAt: null });
      expect(after.disabled).toBe(false);
    });
  });

  describe('lookups', () => {
    it('treats another firm’s account with the address as unknown, never exposing its hash', async () => {
      const users = automock(UserRepository);
      const sut = new UsersService(users, automock(Clock));
      users.findByEmail.mockResolvedValue(entity.user({ firmId: 'firm-2' }));
      await expect(sut.findInFirmByEmail('firm-1', 'member@firm.example')).resolves.toBeNull();
      const person = await sut.findInFirmByEmail('firm-2', 'member@firm.example');
      expect(person).not.toHaveProperty('passwordHash');
      expect(person).not.toHaveProperty('tokenVersion');
      await expect(sut.exists('member@firm.example')).resolves.toBe(true);
    });

    it('looks up each id once, and nothing for no ids', async () => {
      const users = automock(UserRepository);
      const sut = new UsersService(users, automock(Clock));
      await expect(sut.findMany([])).resolves.toEqual(new Map());
      users.findByIds.mockResolvedValue([entity.user({ id: 'a' }), entity.user({ id: 'b' })]);
      const people = await sut.findMany(['a', 'b', 'a']);
      expect(users.findByIds).toHaveBeenCalledTimes(1);
      expect(users.findByIds).toHaveBeenCalledWith(['a', 'b']);
      expect([...people.keys()]).toEqual(['a', 'b']);
    });
  });
});
