import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Transaction } from '@api/modules/database/transaction';
import { AuditEventEntity } from './audit-event.entity';

export type AuditAction =
  | 'signup'
  | 'signup.existing'
  | 'signup.password-conflict'
  | 'verify'
  | 'verify.failed'
  | 'login'
  | 'login.failed'
  | 'login.paused'
  | 'login.slowed'
  | 'login.notice'
  | 'logout'
  | 'logout.all'
  | 'password-reset.request'
  | 'password-reset'
  | 'project.create'
  | 'project.delete'
  | 'project.share'
  | 'project.unshare'
  | 'wall.add'
  | 'wall.remove'
  | 'document.upload'
  | 'document.delete'
  | 'document.integrity-failure'
  | 'document.queued'
  | 'document.processing'
  | 'document.ready'
  | 'document.failed'
  | 'document.retry';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  email?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

@Injectable()
export class AuditRepository {
  private readonly events: Repository<AuditEventEntity>;

  constructor(dataSource: DataSource) {
    this.events = dataSource.getRepository(AuditEventEntity);
  }

  /** Within `transaction` when given, so the event commits (or not) with the change it records. */
  async record(entry: AuditEntry, transaction?: Transaction): Promise<void> {
    const row = {
      action: entry.action,
      actorId: entry.actorId ?? null,
      email: entry.email ?? null,
      ip: entry.ip ?? null,
      details: entry.details ?? {},
    };
    const events = transaction ? transaction.getRepository(AuditEventEntity) : this.events;
    await events.insert(row as QueryDeepPartialEntity<AuditEventEntity>);
  }

  list(filter: { action?: AuditAction; email?: string } = {}): Promise<AuditEventEntity[]> {
    return this.events.find({ where: { ...filter }, order: { createdAt: 'ASC' } });
  }
}
