import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { CryptoRepository } from '@api/modules/common/crypto.repository';
import { ConfigService } from '@api/modules/config/config.service';
import { MailService } from '@api/modules/mail/mail.service';
import {
  LoginDto,
  LoginResponseDto,
  mapMe,
  MeResponseDto,
  MessageResponseDto,
  PASSWORD_LENGTH_MESSAGE,
  RequestPasswordResetDto,
  ResetPasswordDto,
  SignupDto,
  VerifyOtpDto,
} from './auth.dto';
import { AuthUser, RequestMeta, TokenPayload } from './auth.types';
import { CodePurpose } from './one-time-code.entity';
import { OneTimeCodeRepository } from './one-time-code.repository';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

export const MESSAGES = {
  signup: 'Account created successfully! A verification code has been sent to your email.',
  verified: 'Account verified successfully! Redirecting to login...',
  resetRequested: 'OTP sent to your email. Please check your inbox (and spam folder) for the reset code.',
  reset: 'Password reset successful!',
  badLogin: 'Invalid email or password.',
  unverified: 'Please verify your email address before signing in: enter the code we sent you, or sign up again to get a new one.',
  disabled: 'This account has been disabled. Please contact your firm administrator.',
  invalidCode: 'The code is not correct. Please check it and try again.',
  expiredCode: 'The code has expired or is no longer valid. Please request a new code.',
  tooManyTries: 'Too many incorrect attempts: this code is no longer valid. Please request a new code.',
  missingPassword: 'Please enter a new password.',
} as const;

@Injectable()
export class AuthService {
  /** A real argon2id hash of a random string, so unknown addresses cost the same time as known ones. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly codes: OneTimeCodeRepository,
    private readonly crypto: CryptoRepository,
    private readonly mail: MailService,
    private readonly audit: AuditRepository,
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  async signup(dto: SignupDto, meta: RequestMeta): Promise<MessageResponseDto> {
    const passwordHash = await this.crypto.hashPassword(dto.password);
    let user = await this.users.findByEmail(dto.email);
    if (!user) {
      user = (await this.users.createPending(dto.email, passwordHash)) ?? (await this.users.findByEmail(dto.email));
    } else if (user.status === 'pending') {
      await this.users.update(user.id, { passwordHash });
    }
    if (!user) throw new Error('The account could not be created.');
    if (user.status !== 'pending') {
      await this.mail.sendSignupAttemptNotice(user.email);
      await this.audit.record({ action: 'signup.existing', actorId: user.id, email: user.email, ip: meta.ip });
      return { message: MESSAGES.signup };
    }
    const code = await this.issueCode(user, 'verify');
    await this.mail.sendVerificationCode(user.email, code, CODE_TTL_MINUTES);
    await this.audit.record({ action: 'signup', actorId: user.id, email: user.email, ip: meta.ip });
    return { message: MESSAGES.signup };
  }

  async verify(dto: VerifyOtpDto, meta: RequestMeta): Promise<MessageResponseDto> {
    const user = await this.users.findByEmail(dto.email);
    if (!user || user.status !== 'pending') {
      await this.audit.record({ action: 'verify.failed', email: dto.email, ip: meta.ip });
      throw new BadRequestError(MESSAGES.expiredCode);
    }
    await this.consumeCode(user, 'verify', dto.otp, meta);
    await this.users.update(user.id, { status: 'active', verifiedAt: this.clock.now() });
    await this.audit.record({ action: 'verify', actorId: user.id, email: user.email, ip: meta.ip });
    return { message: MESSAGES.verified };
  }

  async login(dto: LoginDto, meta: RequestMeta): Promise<LoginResponseDto> {
    const user = await this.users.findByEmail(dto.email);
    const passwordOk = user
      ? await this.crypto.verifyPassword(user.passwordHash, dto.password)
      : await this.crypto.verifyPassword(await this.decoy(), dto.password).then(() => false);
    if (!user || !passwordOk) {
      await this.audit.record({ action: 'login.failed', actorId: user?.id ?? null, email: dto.email, ip: meta.ip });
      throw new UnauthorizedError(MESSAGES.badLogin);
    }
    if (user.status === 'pending') throw new ForbiddenError(MESSAGES.unverified);
    if (user.status === 'disabled') throw new ForbiddenError(MESSAGES.disabled);
    const payload: TokenPayload = { sub: user.id, ver: user.tokenVersion };
    const token = await this.jwt.signAsync(payload);
    await this.audit.record({ action: 'login', actorId: user.id, email: user.email, ip: meta.ip });
    return { token };
  }

  async requestPasswordReset(dto: RequestPasswordResetDto, meta: RequestMeta): Promise<MessageResponseDto> {
    const user = await this.users.findByEmail(dto.email);
    if (user && user.status === 'active') {
      const code = await this.issueCode(user, 'reset');
      await this.mail.sendResetCode(user.email, code, CODE_TTL_MINUTES);
    }
    await this.audit.record({ action: 'password-reset.request', actorId: user?.id ?? null, email: dto.email, ip: meta.ip });
    return { message: MESSAGES.resetRequested };
  }

  async resetPassword(dto: ResetPasswordDto, meta: RequestMeta): Promise<MessageResponseDto> {
    const newPassword = dto.new_password ?? dto.password;
    if (newPassword === undefined || newPassword === '') throw new BadRequestError(MESSAGES.missingPassword);
    if (newPassword.length < 8) throw new BadRequestError(PASSWORD_LENGTH_MESSAGE);
    const user = await this.users.findByEmail(dto.email);
    if (!user || user.status !== 'active') throw new BadRequestError(MESSAGES.expiredCode);
    await this.consumeCode(user, 'reset', dto.otp, meta);
    await this.users.changePassword(user.id, await this.crypto.hashPassword(newPassword));
    await this.audit.record({ action: 'password-reset', actorId: user.id, email: user.email, ip: meta.ip });
    return { message: MESSAGES.reset };
  }

  async me(user: AuthUser): Promise<MeResponseDto> {
    const found = await this.users.findById(user.id);
    if (!found) throw new UnauthorizedError();
    return mapMe(found);
  }

  /** Resolves a verified token's payload to the signed-in user, or null when the token is no longer good. */
  async userForToken(payload: TokenPayload): Promise<AuthUser | null> {
    const user = await this.users.findById(payload.sub);
    if (!user || user.status !== 'active' || user.tokenVersion !== payload.ver) return null;
    return { id: user.id, email: user.email, role: user.role };
  }

  private async issueCode(user: UserEntity, purpose: CodePurpose): Promise<string> {
    const code = this.crypto.randomDigits(6);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    await this.codes.replace(user.id, purpose, this.codeHash(user.id, purpose, code), expiresAt, now);
    return code;
  }

  private async consumeCode(user: UserEntity, purpose: CodePurpose, otp: string, meta: RequestMeta): Promise<void> {
    const code = await this.codes.findActive(user.id, purpose);
    if (!code || code.expiresAt.getTime() <= this.clock.now().getTime()) throw new BadRequestError(MESSAGES.expiredCode);
    const attempts = await this.codes.countAttempt(code.id, CODE_MAX_ATTEMPTS);
    if (attempts === null) throw new BadRequestError(MESSAGES.tooManyTries);
    const matches = this.crypto.safeEqual(code.codeHash, this.codeHash(user.id, purpose, otp.trim()));
    if (matches && (await this.codes.consume(code.id, this.clock.now()))) return;
    await this.audit.record({ action: 'verify.failed', actorId: user.id, email: user.email, ip: meta.ip, details: { purpose, attempts } });
    if (attempts >= CODE_MAX_ATTEMPTS) {
      await this.codes.consume(code.id, this.clock.now());
      throw new BadRequestError(MESSAGES.tooManyTries);
    }
    throw new BadRequestError(matches ? MESSAGES.expiredCode : MESSAGES.invalidCode);
  }

  private codeHash(userId: string, purpose: CodePurpose, code: string): string {
    return this.crypto.hmac(this.config.auth.jwtSecret.reveal(), `${purpose}:${userId}:${code}`);
  }

  private decoy(): Promise<string> {
    return (this.decoyHash ??= this.crypto.hashPassword(this.crypto.randomDigits(24)));
  }
}
