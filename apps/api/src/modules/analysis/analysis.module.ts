import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { KeysModule } from '@api/modules/keys/keys.module';
import { LlmModule } from '@api/modules/llm/llm.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { RateLimitModule } from '@api/modules/rate-limit/rate-limit.module';
import { ReportsModule } from '@api/modules/reports/reports.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisService } from './analysis.service';
import { SealedReportEntity } from './report.entity';
import { ReportRepository } from './report.repository';
import { UsageModule } from '@api/modules/usage/usage.module';
import { AuditModule } from '@api/modules/audit/audit.module';

/**
 * Owns the generated reports (the `reports` table, sealed): a project's case summary and liability analysis,
 * and their PDF and Word downloads. It reads documents and their texts only through the documents and
 * ingestion services, and never writes their tables.
 */
@Module({
  imports: [DatabaseModule.forFeature([SealedReportEntity]), AuditModule, KeysModule, RateLimitModule, ProjectsModule, DocumentsModule, IngestionModule, LlmModule, ReportsModule, UsageModule],
  controllers: [AnalysisController],
  providers: [AnalysisService, ReportRepository],
})
export class AnalysisModule {}
