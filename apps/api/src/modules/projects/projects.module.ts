import { Module } from '@nestjs/common';
import { AuditModule } from '@api/modules/audit/audit.module';
import { AuthModule } from '@api/modules/auth/auth.module';
import { DatabaseModule } from '@api/modules/database/database.module';
import { StorageModule } from '@api/modules/storage/storage.module';
import { VectorsModule } from '@api/modules/vectors/vectors.module';
import { ProjectEntity } from './project.entity';
import { ProjectMemberEntity } from './project-member.entity';
import { WallEntity } from './wall.entity';
import { ProjectRepository } from './project.repository';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';

/**
 * Owns projects (matters), their members and ethical walls (`projects`, `project_members`, `walls`) and the
 * policy that says who may do what on one. It reaches a project's documents only through the documents
 * module's registered callbacks, never through their table.
 */
@Module({
  imports: [DatabaseModule.forFeature([ProjectEntity, ProjectMemberEntity, WallEntity]), AuditModule, AuthModule, StorageModule, VectorsModule],
  controllers: [ProjectsController],
  providers: [ProjectsService, ProjectRepository],
  exports: [ProjectsService],
})
export class ProjectsModule {}
