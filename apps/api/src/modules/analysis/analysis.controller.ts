import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { projectIdPipe } from '@api/modules/projects/project-id.pipe';
import { RateLimit } from '@api/modules/rate-limit/rate-limit.guard';
import { CaseSummaryResponseDto, DownloadReportQueryDto, GenerateReportDto, LiabilityAnalysisResponseDto, StoredReportDto, StoredReportsResponseDto } from './analysis.dto';
import { AnalysisService, RenderedFile } from './analysis.service';
import type { ReportEntity } from './report.entity';

function storedReport(report: ReportEntity | null): StoredReportDto | null {
  if (report === null) return null;
  return { markdown: report.markdown, created_at: report.createdAt.toISOString(), engine: report.engine, documents: report.documents.map((document) => document.file) };
}

function asFile(file: RenderedFile): StreamableFile {
  return new StreamableFile(file.bytes, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.bytes.length });
}

@ApiTags('analysis')
@ApiBearerAuth('bearer')
@Controller()
export class AnalysisController {
  constructor(private readonly service: AnalysisService) {}

  @Post('generate_case_summary')
  @RateLimit('reports')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Generate a Case Summary',
    description: 'Writes a Case Summary of the project\'s ready documents in Markdown, with [n] citation markers and a Sources section, and stores it for download. Limited per user.',
  })
  @ApiOkResponse({ type: CaseSummaryResponseDto })
  @ApiErrors(400, 401, 404, 503)
  async generateCaseSummary(@CurrentUser() user: AuthUser, @Body() dto: GenerateReportDto): Promise<CaseSummaryResponseDto> {
    const report = await this.service.generate(user, dto.project_id, 'case-summary');
    return { summary: report.markdown };
  }

  @Post('generate_liability_analysis')
  @RateLimit('reports')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Generate a Liability Analysis',
    description: 'Writes a Liability Analysis of the project\'s ready documents in Markdown, with citations, and stores it for download. Limited per user.',
  })
  @ApiOkResponse({ type: LiabilityAnalysisResponseDto })
  @ApiErrors(400, 401, 404, 503)
  async generateLiabilityAnalysis(@CurrentUser() user: AuthUser, @Body() dto: GenerateReportDto): Promise<LiabilityAnalysisResponseDto> {
    const report = await this.service.generate(user, dto.project_id, 'liability-analysis');
    return { status: 'success', analysis: report.markdown, message: 'Liability analysis generated.' };
  }

  @Get('projects/:id/reports')
  @ApiOperation({
    summary: 'The stored reports of a project',
    description: 'The latest Case Summary and Liability Analysis as generated (Markdown, when, by what, from which files), null where none has been generated yet; for a workspace that reopens the project.',
  })
  @ApiOkResponse({ type: StoredReportsResponseDto })
  @ApiErrors(400, 401, 404, 503)
  async storedReports(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<StoredReportsResponseDto> {
    const reports = await this.service.stored(user, id);
    return { case_summary: storedReport(reports['case-summary']), liability_analysis: storedReport(reports['liability-analysis']) };
  }

  @Get('download/case-summary-pdf')
  @RateLimit('reports')
  @ApiOperation({
    summary: 'Download the Case Summary',
    description: 'The project\'s latest Case Summary as a PDF attachment, or as a Word document with `format=docx`. 404 until one has been generated. Errors are JSON.',
  })
  @ApiProduces('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  @ApiOkResponse({ description: 'case_summary_{id}.pdf, or .docx with format=docx' })
  @ApiErrors(400, 401, 404, 503)
  async downloadCaseSummary(@CurrentUser() user: AuthUser, @Query() query: DownloadReportQueryDto): Promise<StreamableFile> {
    return asFile(await this.service.download(user, query.project_id, 'case-summary', query.format ?? 'pdf'));
  }

  @Get('download/liability-analysis-pdf')
  @RateLimit('reports')
  @ApiOperation({
    summary: 'Download the Liability Analysis',
    description: 'The project\'s latest Liability Analysis as a PDF attachment, or as a Word document with `format=docx`. 404 until one has been generated. Errors are JSON.',
  })
  @ApiProduces('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  @ApiOkResponse({ description: 'liability_analysis_{id}.pdf, or .docx with format=docx' })
  @ApiErrors(400, 401, 404, 503)
  async downloadLiabilityAnalysis(@CurrentUser() user: AuthUser, @Query() query: DownloadReportQueryDto): Promise<StreamableFile> {
    return asFile(await this.service.download(user, query.project_id, 'liability-analysis', query.format ?? 'pdf'));
  }
}
