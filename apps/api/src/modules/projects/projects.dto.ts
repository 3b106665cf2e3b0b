import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsVisibleText } from '@api/modules/common/visible-text';
import type { ProjectEntity } from './project.entity';
import { type ProjectRole, SHARED_ROLES, type SharedRole } from './project-policy';

export const PROJECT_NAME_REQUIRED = 'Project name is required';
export const DESCRIPTION_MAX = 200;
export const PROJECT_NAME_HIDDEN_CHARACTERS =
  'The project name contains invisible or control characters (such as right-to-left overrides). Please remove them and try again.';
export const DESCRIPTION_HIDDEN_CHARACTERS =
  'The description contains invisible or control characters (such as right-to-left overrides). Please remove them and try again.';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class CreateProjectDto {
  @ApiProperty({ example: 'Acme v. Globex supply dispute' })
  @Transform(trim)
  @IsString({ message: PROJECT_NAME_REQUIRED })
  @IsNotEmpty({ message: PROJECT_NAME_REQUIRED })
  @MaxLength(200, { message: 'Project name must be at most 200 characters.' })
  @IsVisibleText({}, { message: PROJECT_NAME_HIDDEN_CHARACTERS })
  name: string;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, default: '', example: 'Breach of the 2024 supply agreement.' })
  @IsOptional()
  @IsString({ message: 'Description must be text.' })
  @MaxLength(DESCRIPTION_MAX, { message: `Description must be at most ${DESCRIPTION_MAX} characters.` })
  @IsVisibleText({ allowLineBreaks: true }, { message: DESCRIPTION_HIDDEN_CHARACTERS })
  description?: string;
}

export class ProjectResponseDto {
  @ApiProperty({ format: 'uuid', example: '8b2e4f10-5c3a-4d7e-9f61-0a1b2c3d4e5f' })
  id: string;

  @ApiProperty({ example: 'Acme v. Globex supply dispute' })
  name: string;

  @ApiProperty({ example: 'Breach of the 2024 supply agreement.' })
  description: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  created_at: string;

  @ApiProperty({ example: 3 })
  document_count: number;

  @ApiProperty({ enum: ['owner', 'editor', 'viewer'], example: 'owner', description: "The caller's role on the project." })
  role: ProjectRole;
}

export class ProjectListResponseDto {
  @ApiProperty({ type: [ProjectResponseDto] })
  projects: ProjectResponseDto[];
}

export class DeletedResponseDto {
  @ApiProperty({ example: 'Project deleted.' })
  message: string;
}

export function mapProject(project: ProjectEntity, documentCount: number, role: ProjectRole): ProjectResponseDto {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    created_at: project.createdAt.toISOString(),
    document_count: documentCount,
    role,
  };
}

export const MEMBER_ROLE_MESSAGE = 'The role must be editor or viewer.';

export class ShareProjectDto {
  @ApiProperty({ example: 'associate@firm.example', description: 'The address of a person of your firm.' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  email: string;

  @ApiProperty({ enum: SHARED_ROLES, example: 'editor' })
  @IsIn(SHARED_ROLES, { message: MEMBER_ROLE_MESSAGE })
  role: SharedRole;
}

export class ChangeMemberRoleDto {
  @ApiProperty({ enum: SHARED_ROLES, example: 'viewer' })
  @IsIn(SHARED_ROLES, { message: MEMBER_ROLE_MESSAGE })
  role: SharedRole;
}

export class ProjectMemberDto {
  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  user_id: string;

  @ApiProperty({ example: 'associate@firm.example' })
  email: string;

  @ApiProperty({ enum: ['owner', 'editor', 'viewer'], example: 'editor' })
  role: ProjectRole;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  added_at: string;
}

export class ProjectMembersResponseDto {
  @ApiProperty({ type: [ProjectMemberDto] })
  members: ProjectMemberDto[];
}

export class AddWallDto {
  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34', description: 'The person of your firm to wall off the project.' })
  @IsUUID('all', { message: 'The user id is not valid: it must be a UUID.' })
  user_id: string;
}

export class WallDto {
  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  user_id: string;

  @ApiProperty({ example: 'associate@firm.example' })
  email: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  added_at: string;
}

export class WallListResponseDto {
  @ApiProperty({ type: [WallDto] })
  walls: WallDto[];
}

export class AdminProjectDto {
  @ApiProperty({ format: 'uuid', example: '8b2e4f10-5c3a-4d7e-9f61-0a1b2c3d4e5f' })
  id: string;

  @ApiProperty({ example: 'Acme v. Globex supply dispute' })
  name: string;

  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  owner_id: string;

  @ApiProperty({ example: 'partner@firm.example' })
  owner_email: string;

  @ApiProperty({ example: 2, description: 'People the project is shared with, the owner not counted.' })
  member_count: number;

  @ApiProperty({ example: 12 })
  document_count: number;

  @ApiProperty({ example: 10485760, description: 'Bytes of the uploaded files.' })
  size: number;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  created_at: string;
}

export class AdminProjectDetailDto extends AdminProjectDto {
  @ApiProperty({ type: [ProjectMemberDto] })
  members: ProjectMemberDto[];

  @ApiProperty({ type: [WallDto] })
  walls: WallDto[];
}
