import { Module } from '@nestjs/common';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { IngestionModule } from '@api/modules/ingestion/ingestion.module';
import { LlmModule } from '@api/modules/llm/llm.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { ReportsModule } from '@api/modules/reports/reports.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisService } from './analysis.service';
import { ReportRepository } from './report.repository';

@Module({
  imports: [ProjectsModule, DocumentsModule, IngestionModule, LlmModule, ReportsModule],
  controllers: [AnalysisController],
  providers: [AnalysisService, ReportRepository],
})
export class AnalysisModule {}
