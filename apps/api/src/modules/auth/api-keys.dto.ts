import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope } from './api-key.entity';

export class CreateApiKeyDto {
  @ApiProperty({ example: 'Nightly data-room batch', description: 'What the key is for: 1–100 characters, not only spaces.' })
  @IsString({ message: 'The key needs a name.' })
  @MaxLength(100, { message: 'The name can be at most 100 characters.' })
  @Matches(/\S/, { message: 'The key needs a name.' })
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, example: 'read-write', description: '`read` may only read (GET); `read-write` may do all its owner may.' })
  @IsIn(API_KEY_SCOPES, { message: 'The scope must be read or read-write.' })
  scope: ApiKeyScope;

  @ApiPropertyOptional({ format: 'date-time', example: '2027-01-31T00:00:00.000Z', description: 'When the key stops working; none for a key that lasts until revoked.' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expires_at must be a date and time (ISO 8601).' })
  expires_at?: string;
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid', example: '2b8f0c4e-61a7-4d2e-9c3b-5a1f7e9d0c26' })
  id: string;

  @ApiProperty({ example: 'Nightly data-room batch' })
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, example: 'read-write' })
  scope: ApiKeyScope;

  @ApiProperty({ enum: ['active', 'expired', 'revoked'], example: 'active' })
  status: 'active' | 'expired' | 'revoked';

  @ApiProperty({ format: 'date-time', nullable: true, type: String, example: null })
  expires_at: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, example: '2026-03-09T02:00:00.000Z' })
  last_used_at: string | null;

  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7' })
  last_used_ip: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  created_at: string;
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ example: 'cwk_2b8f0c4e61a74d2e9c3b5a1f7e9d0c26_Q3Jv…', description: 'The key itself, shown this once: send it as `Authorization: Bearer <key>`.' })
  key: string;
}

export class FirmApiKeyDto extends ApiKeyDto {
  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  user_id: string;

  @ApiProperty({ example: 'associate@firm.example' })
  email: string;
}
