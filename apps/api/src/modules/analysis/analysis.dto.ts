import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';

const PROJECT_ID_MESSAGE = 'The project id is not valid: it must be a UUID.';

export class GenerateReportDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: PROJECT_ID_MESSAGE })
  project_id: string;
}

export class DownloadReportQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: PROJECT_ID_MESSAGE })
  project_id: string;

  @ApiPropertyOptional({ enum: ['pdf', 'docx'], default: 'pdf' })
  @IsOptional()
  @IsIn(['pdf', 'docx'], { message: 'format must be pdf or docx.' })
  format?: 'pdf' | 'docx';
}

export class CaseSummaryResponseDto {
  @ApiProperty({ description: 'The Case Summary in Markdown, with [n] citation markers and a Sources section' })
  summary: string;
}

export class LiabilityAnalysisResponseDto {
  @ApiProperty({ enum: ['success', 'error'] })
  status: 'success' | 'error';

  @ApiProperty({ description: 'The Liability Analysis in Markdown' })
  analysis: string;

  @ApiProperty()
  message: string;
}
