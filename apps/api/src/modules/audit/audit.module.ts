import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { AuditRepository } from './audit.repository';
import { AuditEventEntity } from './audit-event.entity';

/**
 * Owns the audit log (`audit_events`, `audit_chain_heads`): append-only, one hash chain per firm, written in
 * the writer's transaction when it passes one. It must never update or delete an event, nor decide access.
 */
@Module({
  imports: [DatabaseModule.forFeature([AuditEventEntity])],
  providers: [AuditRepository],
  exports: [AuditRepository],
})
export class AuditModule {}
