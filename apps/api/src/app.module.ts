import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminModule } from '@api/modules/admin/admin.module';
import { AnalysisModule } from '@api/modules/analysis/analysis.module';
import { AuditModule } from '@api/modules/audit/audit.module';
import { AuthModule } from '@api/modules/auth/auth.module';
import { CommonModule } from '@api/modules/common/common.module';
import { HttpExceptionFilter } from '@api/modules/common/http-exception.filter';
import { ConfigModule } from '@api/modules/config/config.module';
import { AppConfig } from '@api/modules/config/config.types';
import { DatabaseModule } from '@api/modules/database/database.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { FirmsModule } from '@api/modules/firms/firms.module';
import { EmbeddingsModule } from '@api/modules/embeddings/embeddings.module';
import { HealthModule } from '@api/modules/health/health.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { KeysModule } from '@api/modules/keys/keys.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { QaModule } from '@api/modules/qa/qa.module';
import { RateLimitModule } from '@api/modules/rate-limit/rate-limit.module';
import { OperationsModule } from '@api/modules/operations/operations.module';
import { SearchModule } from '@api/modules/search/search.module';
import { StorageModule } from '@api/modules/storage/storage.module';
import { VectorsModule } from '@api/modules/vectors/vectors.module';

@Module({})
export class AppModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), CommonModule, DatabaseModule, JobsModule, AuditModule, FirmsModule, KeysModule, StorageModule, EmbeddingsModule, VectorsModule, HealthModule, RateLimitModule, AuthModule, ProjectsModule, DocumentsModule, IngestionModule, SearchModule, QaModule, AnalysisModule, AdminModule, OperationsModule],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
