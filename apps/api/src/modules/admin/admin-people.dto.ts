import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsVisibleText } from '@api/modules/common/visible-text';
import { FIRM_ROLES, type FirmRole } from '@api/modules/firms/firm-role';

const ROLE_MESSAGE = 'The role must be admin or member.';
const normaliseEmail = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class InviteDto {
  @ApiProperty({ example: 'associate@firm.example' })
  @Transform(normaliseEmail)
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(254, { message: 'Please enter a valid email address.' })
  email: string;

  @ApiProperty({ enum: FIRM_ROLES, example: 'member' })
  @IsIn(FIRM_ROLES, { message: ROLE_MESSAGE })
  role: FirmRole;
}

export class ChangeUserDto {
  @ApiPropertyOptional({ enum: FIRM_ROLES, example: 'admin' })
  @IsOptional()
  @IsIn(FIRM_ROLES, { message: ROLE_MESSAGE })
  role?: FirmRole;

  @ApiPropertyOptional({ example: true, description: 'Disable (true) or enable (false) the account.' })
  @IsOptional()
  @IsBoolean({ message: 'disabled must be true or false.' })
  disabled?: boolean;
}

export class UserDto {
  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  id: string;

  @ApiProperty({ example: 'associate@firm.example' })
  email: string;

  @ApiProperty({ enum: FIRM_ROLES, example: 'member' })
  role: FirmRole;

  @ApiProperty({ enum: ['pending', 'active'], example: 'active', description: 'pending until the address is verified' })
  status: string;

  @ApiProperty({ example: false })
  disabled: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, example: '2026-03-09T08:41:00.000Z', description: 'the last successful sign-in; null before the first' })
  last_sign_in_at: string | null;
}

export class InvitationDto {
  @ApiProperty({ format: 'uuid', example: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' })
  id: string;

  @ApiProperty({ example: 'associate@firm.example' })
  email: string;

  @ApiProperty({ enum: FIRM_ROLES, example: 'member' })
  role: FirmRole;

  @ApiProperty({ enum: ['pending', 'accepted', 'revoked', 'expired'], example: 'pending' })
  status: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  sent_at: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-09T09:00:00.000Z' })
  expires_at: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  created_at: string;
}

export class ResendInvitationDto {
  @ApiProperty({ example: true, description: 'true sends the invitation again with a new 7-day expiry.' })
  @IsBoolean({ message: 'resend must be true.' })
  resend: boolean;
}

export class SettingsDto {
  @ApiProperty({ format: 'uuid', example: '8b0e2f4a-1c3d-4e5f-9a7b-6c5d4e3f2a1b', description: 'The firm (react-admin reads one record with an id).' })
  id: string;

  @ApiProperty({ example: 'Firm LLP' })
  name: string;

  @ApiProperty({ nullable: true, type: String, example: null, description: 'null: the server default' })
  default_model: string | null;

  @ApiProperty({ nullable: true, type: Number, example: 25, description: "MB; null: the server's limit" })
  upload_limit_mb: number | null;

  @ApiProperty({ type: [String], example: ['claude-sonnet-4-5'], description: 'Models this server offers.' })
  models: string[];

  @ApiProperty({ example: 50, description: "The server's upload limit in MB." })
  server_upload_limit_mb: number;
}

export class ChangeSettingsDto {
  @ApiPropertyOptional({ example: 'Firm LLP' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'The firm name must be text.' })
  @MinLength(1, { message: 'The firm name is required.' })
  @MaxLength(200, { message: 'The firm name must be at most 200 characters.' })
  @IsVisibleText({}, { message: 'The firm name contains invisible or control characters. Please remove them and try again.' })
  name?: string;

  @ApiPropertyOptional({ type: String, example: '', description: "A model this server offers, or '' for the server default." })
  @IsOptional()
  @IsString({ message: "The default model must be text ('' for the server default)." })
  default_model?: string;

  @ApiPropertyOptional({ type: Number, example: 25, description: "MB, at most the server's limit; 0 for the server's limit." })
  @IsOptional()
  @IsInt({ message: 'The upload limit must be a whole number of MB (0 for the server limit).' })
  @Min(0, { message: 'The upload limit must be a whole number of MB (0 for the server limit).' })
  @Max(1_000_000, { message: 'The upload limit is too large.' })
  upload_limit_mb?: number;
}
