import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';

const PROJECT_ID_MESSAGE = 'The project id is not valid: it must be a UUID.';

export class GenerateReportDto {
  @ApiProperty({ format: 'uuid', example: '8b2e4f10-5c3a-4d7e-9f61-0a1b2c3d4e5f' })
  @IsUUID('all', { message: PROJECT_ID_MESSAGE })
  project_id: string;
}

export class DownloadReportQueryDto {
  @ApiProperty({ format: 'uuid', example: '8b2e4f10-5c3a-4d7e-9f61-0a1b2c3d4e5f' })
  @IsUUID('all', { message: PROJECT_ID_MESSAGE })
  project_id: string;

  @ApiPropertyOptional({ enum: ['pdf', 'docx'], default: 'pdf' })
  @IsOptional()
  @IsIn(['pdf', 'docx'], { message: 'format must be pdf or docx.' })
  format?: 'pdf' | 'docx';
}

export class CaseSummaryResponseDto {
  @ApiProperty({
    description: 'The Case Summary in Markdown, with [n] citation markers and a Sources section',
    example: '# Case Summary\n\nMatter: Acme v. Globex supply dispute\n\nThe supply agreement runs five years [1].\n\n## Sources\n\n- [1] supply-agreement.pdf, page 2: “This Agreement shall continue for five (5) years.”',
  })
  summary: string;
}

export class LiabilityAnalysisResponseDto {
  @ApiProperty({ enum: ['success', 'error'] })
  status: 'success' | 'error';

  @ApiProperty({ description: 'The Liability Analysis in Markdown', example: '# Liability Analysis\n\nMatter: Acme v. Globex supply dispute\n\nLiability is capped at the fees paid in the prior twelve months [1].' })
  analysis: string;

  @ApiProperty({ example: 'Liability analysis generated.' })
  message: string;
}

export class StoredReportDto {
  @ApiProperty({ description: 'The report in Markdown, as generated', example: '# Case Summary\n\nMatter: Acme v. Globex supply dispute\n' })
  markdown: string;

  @ApiProperty({ format: 'date-time', description: 'When it was generated' })
  created_at: string;

  @ApiProperty({ description: 'What wrote it: the offline engine or the model', example: 'offline-extractive-v1' })
  engine: string;

  @ApiProperty({ type: [String], description: 'The files it was written from', example: ['supply-agreement.pdf'] })
  documents: string[];
}

export class StoredReportsResponseDto {
  @ApiProperty({ type: StoredReportDto, nullable: true, description: 'The latest Case Summary, null until one is generated' })
  case_summary: StoredReportDto | null;

  @ApiProperty({ type: StoredReportDto, nullable: true, description: 'The latest Liability Analysis, null until one is generated' })
  liability_analysis: StoredReportDto | null;
}
