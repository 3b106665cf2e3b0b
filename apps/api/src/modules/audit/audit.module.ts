import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { AuditRepository } from './audit.repository';
import { AuditEventEntity } from './audit-event.entity';

@Module({
  imports: [DatabaseModule.forFeature([AuditEventEntity])],
  providers: [AuditRepository],
  exports: [AuditRepository],
})
export class AuditModule {}
