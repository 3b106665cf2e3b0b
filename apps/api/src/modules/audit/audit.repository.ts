import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Clock } from '@api/modules/common/clock';
import type { Transaction } from '@api/modules/database/transaction';
import { chainHash, chainKey, GENESIS } from '@api/modules/common/hash-chain';
import { AuditEventEntity } from './audit-event.entity';

export type AuditAction =
  | 'auth.signup'
  | 'auth.signup_existing'
  | 'auth.signup_conflict'
  | 'auth.verify'
  | 'auth.verify_failed'
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.login_paused'
  | 'auth.login_slowed'
  | 'auth.login_notice'
  | 'auth.logout'
  | 'auth.logout_all'
  | 'auth.password_reset_request'
  | 'auth.password_reset'
  | 'project.create'
  | 'project.delete'
  | 'project.share'
  | 'project.unshare'
  | 'wall.add'
  | 'wall.remove'
  | 'document.upload'
  | 'document.delete'
  | 'document.download'
  | 'document.integrity_failure'
  | 'document.queued'
  | 'document.processing'
  | 'document.ready'
  | 'document.failed'
  | 'document.retry'
  | 'report.generate'
  | 'user.invite'
  | 'user.role_change'
  | 'user.disable'
  | 'user.enable'
  | 'invitation.resend'
  | 'invitation.revoke'
  | 'settings.change'
  | 'api_key.create'
  | 'api_key.revoke'
  | 'api_key.use_new_address';

export interface AuditEntry {
  action: AuditAction;
  /** The firm whose chain the event joins; left out, it is the firm of `details.projectId`, else of no firm. */
  firmId?: string | null;
  actorId?: string | null;
  target?: { type: 'user' | 'project' | 'document' | 'report' | 'invitation' | 'firm' | 'wall' | 'api_key'; id: string };
  email?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Finds the firm of a project for events that name only the project (the document status machine's). */
export interface ProjectFirms {
  /** Within `transaction` when given: on the embedded database a second connection would wait for it forever. */
  firmOf(projectId: string, transaction?: Transaction): Promise<string | null>;
}

export interface AuditFilter {
  actorId?: string;
  /** An exact action, or a prefix ending in a dot (`auth.`). */
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

export interface ChainVerdict {
  ok: boolean;
  count: number;
  /** The first event whose hash or link does not hold; null when all hold (or when only the head disagrees). */
  first_bad_id: string | null;
}

const VERIFY_BATCH = 1000;

/**
 * The audit log: append-only, one hash chain per firm. Writers of the same firm take the chain head's row lock
 * in the same transaction as their event, so concurrent events line up one after another and never fork.
 */
@Injectable()
export class AuditRepository {
  private readonly events: Repository<AuditEventEntity>;
  private projectFirms: ProjectFirms | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    this.events = dataSource.getRepository(AuditEventEntity);
  }

  registerProjectFirms(projectFirms: ProjectFirms): void {
    this.projectFirms = projectFirms;
  }

  /** Within `transaction` when given, so the event commits (or not) with the change it records. */
  async record(entry: AuditEntry, transaction?: Transaction): Promise<void> {
    const firmId = entry.firmId !== undefined ? entry.firmId : await this.firmOfDetails(entry.details, transaction);
    const write = async (manager: Transaction): Promise<void> => {
      const key = chainKey(firmId);
      await manager.query(`INSERT INTO audit_chain_heads (chain_key, last_hash) VALUES ($1, $2) ON CONFLICT (chain_key) DO NOTHING`, [key, GENESIS]);
      const [head] = (await manager.query(`SELECT last_hash FROM audit_chain_heads WHERE chain_key = $1 FOR UPDATE`, [key])) as { last_hash: string }[];
      const event = {
        id: randomUUID(),
        firmId,
        actorId: entry.actorId ?? null,
        action: entry.action,
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        email: entry.email ?? null,
        ip: entry.ip ?? null,
        at: new Date(this.clock.now().getTime()),
        details: entry.details ?? {},
      };
      const hash = chainHash(head.last_hash, event);
      const { at, ...fields } = event;
      await manager.getRepository(AuditEventEntity).insert({ ...fields, createdAt: at, prevHash: head.last_hash, hash } as QueryDeepPartialEntity<AuditEventEntity>);
      await manager.query(`UPDATE audit_chain_heads SET last_hash = $2, count = count + 1 WHERE chain_key = $1`, [key, hash]);
    };
    if (transaction) await write(transaction);
    else await this.dataSource.transaction(write);
  }

  /** Every event matching the filter, oldest first (tests and exports). */
  list(filter: { action?: AuditAction; email?: string; firmId?: string } = {}): Promise<AuditEventEntity[]> {
    return this.events.find({ where: { ...filter }, order: { seq: 'ASC' } });
  }

  /** One page of a firm's events for its administrators. */
  async page(
    firmId: string,
    filter: AuditFilter,
    page: { order: 'ASC' | 'DESC'; offset: number; limit: number },
  ): Promise<{ rows: AuditEventEntity[]; total: number }> {
    const [rows, total] = await this.filtered(firmId, filter).orderBy('e.seq', page.order).skip(page.offset).take(page.limit).getManyAndCount();
    return { rows, total };
  }

  findInFirm(firmId: string, id: string): Promise<AuditEventEntity | null> {
    return this.events.findOneBy({ firmId, id });
  }

  /** Walks the firm's chain in order, recomputing each hash and checking each link and the chain head. */
  async verify(firmId: string): Promise<ChainVerdict> {
    let previous = GENESIS;
    let count = 0;
    let after = 0;
    for (;;) {
      const batch = await this.events
        .createQueryBuilder('e')
        .where('e.firm_id = :firmId AND e.seq > :after', { firmId, after })
        .orderBy('e.seq', 'ASC')
        .take(VERIFY_BATCH)
        .getMany();
      for (const event of batch) {
        const expected = chainHash(previous, { ...event, at: event.createdAt });
        if (event.prevHash !== previous || event.hash !== expected) return { ok: false, count, first_bad_id: event.id };
        previous = event.hash;
        count += 1;
        after = event.seq;
      }
      if (batch.length < VERIFY_BATCH) break;
    }
    const [head] = (await this.dataSource.query(`SELECT last_hash, count FROM audit_chain_heads WHERE chain_key = $1`, [chainKey(firmId)])) as { last_hash: string; count: string }[];
    const headHolds = head ? head.last_hash === previous && Number(head.count) === count : count === 0;
    return { ok: headHolds, count, first_bad_id: null };
  }

  private filtered(firmId: string, filter: AuditFilter) {
    const query = this.events.createQueryBuilder('e').where('e.firm_id = :firmId', { firmId });
    if (filter.actorId) query.andWhere('e.actor_id = :actorId', { actorId: filter.actorId });
    if (filter.action?.endsWith('.')) query.andWhere('starts_with(e.action, :prefix)', { prefix: filter.action });
    else if (filter.action) query.andWhere('e.action = :action', { action: filter.action });
    if (filter.targetType) query.andWhere('e.target_type = :targetType', { targetType: filter.targetType });
    if (filter.targetId) query.andWhere('e.target_id = :targetId', { targetId: filter.targetId });
    if (filter.from) query.andWhere('e.created_at >= :from', { from: filter.from });
    if (filter.to) query.andWhere('e.created_at <= :to', { to: filter.to });
    return query;
  }

  private async firmOfDetails(details: Record<string, unknown> | undefined, transaction?: Transaction): Promise<string | null> {
    const projectId = details?.projectId;
    if (typeof projectId !== 'string' || !this.projectFirms) return null;
    return this.projectFirms.firmOf(projectId, transaction);
  }
}
