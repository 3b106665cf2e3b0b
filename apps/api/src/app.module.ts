import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuditModule } from '@api/modules/audit/audit.module';
import { AuthModule } from '@api/modules/auth/auth.module';
import { CommonModule } from '@api/modules/common/common.module';
import { HttpExceptionFilter } from '@api/modules/common/http-exception.filter';
import { ConfigModule } from '@api/modules/config/config.module';
import { AppConfig } from '@api/modules/config/config.types';
import { DatabaseModule } from '@api/modules/database/database.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { HealthModule } from '@api/modules/health/health.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { StorageModule } from '@api/modules/storage/storage.module';

@Module({})
export class AppModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), CommonModule, DatabaseModule, JobsModule, AuditModule, StorageModule, HealthModule, AuthModule, ProjectsModule, DocumentsModule],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
