import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { UserEntity, UserRole } from './user.entity';
import { whereContains } from '@api/modules/common/contains-filter';

@Injectable()
export class UserRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** The accounts with these ids, in no particular order; an id with no account is left out. */
  findByIds(ids: readonly string[]): Promise<UserEntity[]> {
    return this.users.findBy({ id: In([...ids]) });
  }

  /** One page of a firm's people for its administrators, with the total for paging. */
  async pageInFirm(
    firmId: string,
    page: { sort: 'email' | 'created_at' | 'role' | 'last_sign_in_at'; order: 'ASC' | 'DESC'; offset: number; limit: number; q?: string; role?: string; disabled?: boolean; ids?: string[] },
  ): Promise<{ rows: UserEntity[]; total: number }> {
    const query = this.users.createQueryBuilder('u').where('u.firm_id = :firmId', { firmId });
    whereContains(query, 'u.email', page.q);
    if (page.role) query.andWhere('u.role = :role', { role: page.role });
    if (page.ids) query.andWhere('u.id IN (:...ids)', { ids: page.ids.length > 0 ? page.ids : [null] });
    if (page.disabled !== undefined) query.andWhere(page.disabled ? 'u.disabled_at IS NOT NULL' : 'u.disabled_at IS NULL');
    const [rows, total] = await query.orderBy(`u.${page.sort}`, page.order).addOrderBy('u.id', page.order).skip(page.offset).take(page.limit).getManyAndCount();
    return { rows, total };
  }

  /** Active administrators of the firm other than `except`: the ones that would remain. */
  countOtherAdmins(firmId: string, except: string): Promise<number> {
    return this.users
      .createQueryBuilder('u')
      .where("u.firm_id = :firmId AND u.role = 'admin' AND u.disabled_at IS NULL AND u.status = 'active' AND u.id <> :except", { firmId, except })
      .getCount();
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** The user of a token, in one query: null when the token was revoked by a logout. */
  findForToken(id: string, tokenId: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('u.id = :id', { id })
      .andWhere('NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = :tokenId)', { tokenId })
      .getOne();
  }

  /** Ends every session of the account: tokens carry the version they were issued under. */
  async endSessions(id: string): Promise<void> {
    await this.users.createQueryBuilder().update().set({ tokenVersion: () => 'token_version + 1' }).where('id = :id', { id }).execute();
  }

  /** Inserts a pending account; returns null when the address was taken meanwhile. */
  async createPending(email: string, passwordHash: string, firmId: string, role: UserRole): Promise<UserEntity | null> {
    const result = await this.users
      .createQueryBuilder()
      .insert()
      .values({ email, passwordHash, status: 'pending', firmId, role, tokenVersion: 0 })
      .orIgnore()
      .returning('*')
      .execute();
    return result.raw.length > 0 ? this.findByEmail(email) : null;
  }

  async update(id: string, changes: QueryDeepPartialEntity<UserEntity>): Promise<void> {
    await this.users.update({ id }, changes);
  }

  /** Sets a new password, ends every earlier session, and verifies a pending account (a reset code proved the mailbox). */
  async changePassword(id: string, passwordHash: string, now: Date): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update()
      .set({
        passwordHash,
        tokenVersion: () => 'token_version + 1',
        status: () => "CASE WHEN status = 'pending' THEN 'active' ELSE status END",
        verifiedAt: () => 'COALESCE(verified_at, :now)',
      })
      .setParameter('now', now)
      .where('id = :id', { id })
      .execute();
  }
}
