import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { FIRM_ROLES, type FirmRole } from '@api/modules/firms/firm-role';
import type { UserEntity } from './user.entity';

const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const PASSWORD_LENGTH_MESSAGE = 'Password must be at least 8 characters long.';

const normaliseEmail = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class SignupDto {
  @ApiProperty({ example: 'counsel@firm.example' })
  @Transform(normaliseEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty({ minLength: 8, example: 'correct horse battery' })
  @IsString({ message: PASSWORD_LENGTH_MESSAGE })
  @MinLength(8, { message: PASSWORD_LENGTH_MESSAGE })
  @MaxLength(512, { message: 'Password must be at most 512 characters long.' })
  password: string;
}

export class VerifyOtpDto {
  @ApiProperty({ example: 'counsel@firm.example' })
  @Transform(normaliseEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty({ example: '042917', description: 'The 6-digit code from the e-mail' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'Please enter a valid verification code.' })
  @Matches(/^\d{4,6}$/, { message: 'Please enter a valid verification code.' })
  otp: string;
}

export class LoginDto {
  @ApiProperty({ example: 'counsel@firm.example' })
  @Transform(normaliseEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty({ example: 'correct horse battery' })
  @IsString({ message: 'Please enter your password.' })
  @MinLength(1, { message: 'Please enter your password.' })
  @MaxLength(512, { message: 'Invalid email or password.' })
  password: string;
}

export class RequestPasswordResetDto {
  @ApiProperty({ example: 'counsel@firm.example' })
  @Transform(normaliseEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email: string;
}

export class ResetPasswordDto {
  @ApiProperty({ example: 'counsel@firm.example' })
  @Transform(normaliseEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty({ description: 'The reset code from the e-mail', example: '530186' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'Please enter the reset code.' })
  @MaxLength(32, { message: 'Invalid or expired reset code.' })
  otp: string;

  @ApiPropertyOptional({ description: 'The new password (the alternate form sends it as `password`)', example: 'staple battery horse correct' })
  @IsOptional()
  @IsString({ message: PASSWORD_LENGTH_MESSAGE })
  @MaxLength(512, { message: 'Password must be at most 512 characters long.' })
  new_password?: string;

  @ApiPropertyOptional({ description: 'The new password, as the alternate reset form names it' })
  @IsOptional()
  @IsString({ message: PASSWORD_LENGTH_MESSAGE })
  @MaxLength(512, { message: 'Password must be at most 512 characters long.' })
  password?: string;
}

export class MessageResponseDto {
  @ApiProperty({ example: 'Account created successfully! A verification code has been sent to your email.' })
  message: string;
}

export class LoginResponseDto {
  @ApiProperty({ description: 'Bearer token (JWT)', example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl' })
  token: string;
}

export class FirmSummaryDto {
  @ApiProperty({ format: 'uuid', example: '8b0e2f4a-1c3d-4e5f-9a7b-6c5d4e3f2a1b' })
  id: string;

  @ApiProperty({ example: 'firm.example' })
  name: string;
}

export class MeResponseDto {
  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  id: string;

  @ApiProperty({ example: 'counsel@firm.example' })
  email: string;

  @ApiProperty({ enum: FIRM_ROLES, description: "The account's role in its firm.", example: 'admin' })
  role: FirmRole;

  @ApiProperty({ type: FirmSummaryDto })
  firm: FirmSummaryDto;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:15:00.000Z' })
  created_at: string;
}

export function mapMe(user: UserEntity, firm: { id: string; name: string }): MeResponseDto {
  return { id: user.id, email: user.email, role: user.role, firm: { id: firm.id, name: firm.name }, created_at: user.createdAt.toISOString() };
}
