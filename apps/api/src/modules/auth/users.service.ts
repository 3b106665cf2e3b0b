import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import type { FirmRole } from '@api/modules/firms/firm-role';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

export const PERSON_NOT_FOUND = 'User not found.';
export const PEOPLE_MESSAGES = {
  lastAdmin: 'A firm must keep at least one administrator.',
  selfDisable: 'You cannot disable your own account.',
  hasAccount: 'This address already has a Casewise account, so it cannot be invited.',
} as const;

/** A person as other modules may see them: never a password hash or a token version. */
export interface Person {
  id: string;
  email: string;
  firmId: string;
  role: UserEntity['role'];
  status: UserEntity['status'];
  disabled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

function toPerson(user: UserEntity): Person {
  return { id: user.id, email: user.email, firmId: user.firmId, role: user.role, status: user.status, disabled: user.disabledAt !== null, createdAt: user.createdAt, lastSignInAt: user.lastSignInAt };
}

/** The firm's directory of people, for the modules that share matters and administer accounts. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async pageInFirm(firmId: string, page: Parameters<UserRepository['pageInFirm']>[1]): Promise<{ rows: Person[]; total: number }> {
    const { rows, total } = await this.users.pageInFirm(firmId, page);
    return { rows: rows.map(toPerson), total };
  }

  async getInFirm(firmId: string, id: string): Promise<Person> {
    const person = await this.findInFirm(firmId, id);
    if (!person) throw new NotFoundError(PERSON_NOT_FOUND);
    return person;
  }

  /**
   * An administrator's change to a person of the firm: a new role, disabled or enabled. The firm always keeps
   * an active administrator, and no administrator disables themselves. A disabled account's tokens stop
   * working on its next request (the token check reads `disabled_at`).
   */
  async change(admin: { id: string; firmId: string }, id: string, change: { role?: FirmRole; disabled?: boolean }): Promise<{ before: Person; after: Person }> {
    const before = await this.getInFirm(admin.firmId, id);
    if (change.disabled === true && id === admin.id) throw new BadRequestError(PEOPLE_MESSAGES.selfDisable);
    const losesAdmin = before.role === 'admin' && !before.disabled && (change.role === 'member' || change.disabled === true);
    if (losesAdmin && (await this.users.countOtherAdmins(admin.firmId, id)) === 0) throw new BadRequestError(PEOPLE_MESSAGES.lastAdmin);
    const updates: { role?: FirmRole; disabledAt?: Date | null } = {};
    if (change.role !== undefined) updates.role = change.role;
    if (change.disabled !== undefined) updates.disabledAt = change.disabled ? (before.disabled ? undefined : this.clock.now()) : null;
    if (updates.disabledAt === undefined) delete updates.disabledAt;
    if (Object.keys(updates).length > 0) await this.users.update(id, updates);
    return { before, after: await this.getInFirm(admin.firmId, id) };
  }

  /** The person of this firm with this address; another firm's account is as unknown as no account. */
  async findInFirmByEmail(firmId: string, email: string): Promise<Person | null> {
    const user = await this.users.findByEmail(email);
    return user && user.firmId === firmId ? toPerson(user) : null;
  }

  /** Whether any firm has an account with this address (an invitation cannot move an account between firms). */
  async exists(email: string): Promise<boolean> {
    return (await this.users.findByEmail(email)) !== null;
  }

  async findInFirm(firmId: string, id: string): Promise<Person | null> {
    const user = await this.users.findById(id);
    return user && user.firmId === firmId ? toPerson(user) : null;
  }

  async findMany(ids: readonly string[]): Promise<Map<string, Person>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.findByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, toPerson(row)]));
  }
}
