import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FirmEntity } from './firm.entity';
import { InvitationEntity } from './invitation.entity';

/** Firms and their invitations: the only code that reads or writes those tables. */
@Injectable()
export class FirmRepository {
  private readonly firms: Repository<FirmEntity>;
  private readonly invitations: Repository<InvitationEntity>;

  constructor(dataSource: DataSource) {
    this.firms = dataSource.getRepository(FirmEntity);
    this.invitations = dataSource.getRepository(InvitationEntity);
  }

  async create(name: string, manager?: EntityManager): Promise<FirmEntity> {
    const firms = manager ? manager.getRepository(FirmEntity) : this.firms;
    return firms.save(firms.create({ name }));
  }

  findById(id: string): Promise<FirmEntity | null> {
    return this.firms.findOneBy({ id });
  }

  async update(id: string, changes: QueryDeepPartialEntity<FirmEntity>): Promise<void> {
    await this.firms.update({ id }, changes);
  }

  async remove(id: string): Promise<void> {
    await this.firms.delete({ id });
  }

  /** The newest open invitation of an address, from any firm. */
  findOpenInvitation(email: string, now: Date): Promise<InvitationEntity | null> {
    return this.invitations
      .createQueryBuilder('i')
      .where('i.email = :email', { email })
      .andWhere('i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > :now', { now })
      .orderBy('i.sent_at', 'DESC')
      .getOne();
  }

  findInvitation(firmId: string, id: string): Promise<InvitationEntity | null> {
    return this.invitations.findOneBy({ firmId, id });
  }

  async saveInvitation(invitation: Partial<InvitationEntity>): Promise<InvitationEntity> {
    return this.invitations.save(this.invitations.create(invitation));
  }

  async updateInvitation(id: string, changes: QueryDeepPartialEntity<InvitationEntity>): Promise<void> {
    await this.invitations.update({ id }, changes);
  }

  listInvitations(firmId: string): Promise<InvitationEntity[]> {
    return this.invitations.find({ where: { firmId }, order: { createdAt: 'DESC' } });
  }
}
