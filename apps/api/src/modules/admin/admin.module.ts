import { Module } from '@nestjs/common';
import { AuthModule } from '@api/modules/auth/auth.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { UsageModule } from '@api/modules/usage/usage.module';
import { AdminDocumentsController } from './admin-documents.controller';
import { AdminProjectsController } from './admin-projects.controller';
import { AdminUsageController } from './admin-usage.controller';
import { FirmAdminGuard } from './firm-admin.guard';

/**
 * The firm administrators' API under /api/admin/, in ra-data-simple-rest's dialect. It owns no table: it
 * reads and changes data only through the owning modules' services, always within the caller's firm.
 */
@Module({
  imports: [AuthModule, ProjectsModule, DocumentsModule, UsageModule],
  controllers: [AdminProjectsController, AdminDocumentsController, AdminUsageController],
  providers: [FirmAdminGuard],
})
export class AdminModule {}
