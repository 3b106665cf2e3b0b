import { Module } from '@nestjs/common';
import { AuditModule } from '@api/modules/audit/audit.module';
import { AuthModule } from '@api/modules/auth/auth.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { FirmsModule } from '@api/modules/firms/firms.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { UsageModule } from '@api/modules/usage/usage.module';
import { AdminApiKeysController } from './admin-api-keys.controller';
import { AdminAuditController } from './admin-audit.controller';
import { AdminDocumentsController } from './admin-documents.controller';
import { AdminInvitationsController, AdminSettingsController, AdminUsersController } from './admin-people.controller';
import { AdminProjectsController } from './admin-projects.controller';
import { AdminUsageController } from './admin-usage.controller';
import { FirmAdminGuard } from './firm-admin.guard';

/**
 * The firm administrators' API under /api/admin/, in ra-data-simple-rest's dialect. It owns no table: it
 * reads and changes data only through the owning modules' services, always within the caller's firm.
 */
@Module({
  imports: [AuditModule, AuthModule, FirmsModule, ProjectsModule, DocumentsModule, UsageModule],
  controllers: [AdminApiKeysController, AdminAuditController, AdminUsersController, AdminInvitationsController, AdminSettingsController, AdminProjectsController, AdminDocumentsController, AdminUsageController],
  providers: [FirmAdminGuard],
})
export class AdminModule {}
