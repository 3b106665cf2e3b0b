import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ProjectEntity } from './project.entity';

export const PROJECT_NAME_REQUIRED = 'Project name is required';
export const DESCRIPTION_MAX = 200;

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class CreateProjectDto {
  @ApiProperty({ example: 'Acme v. Globex supply dispute' })
  @Transform(trim)
  @IsString({ message: PROJECT_NAME_REQUIRED })
  @IsNotEmpty({ message: PROJECT_NAME_REQUIRED })
  @MaxLength(200, { message: 'Project name must be at most 200 characters.' })
  name: string;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, default: '' })
  @IsOptional()
  @IsString({ message: 'Description must be text.' })
  @MaxLength(DESCRIPTION_MAX, { message: `Description must be at most ${DESCRIPTION_MAX} characters.` })
  description?: string;
}

export class ProjectResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty()
  document_count: number;
}

export class ProjectListResponseDto {
  @ApiProperty({ type: [ProjectResponseDto] })
  projects: ProjectResponseDto[];
}

export class DeletedResponseDto {
  @ApiProperty()
  message: string;
}

export function mapProject(project: ProjectEntity, documentCount: number): ProjectResponseDto {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    created_at: project.createdAt.toISOString(),
    document_count: documentCount,
  };
}
