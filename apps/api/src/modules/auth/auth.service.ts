import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { CryptoRepository } from '@api/modules/common/crypto.repository';
import { ConfigService } from '@api/modules/config/config.service';
import { FirmsService } from '@api/modules/firms/firms.service';
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
import { PasswordPolicy } from './password-policy';
import { SessionRepository } from './session.repository';
import { AuthLimiter, FAILURE_WINDOW_SECONDS } from './auth-limiter';
import { OneTimeCodeRepository } from './one-time-code.repository';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** Not an argon2 hash, so no password ever matches it; set when conflicting sign-ups leave no trusted password. */
export const UNUSABLE_PASSWORD_HASH = '!unset';

export const MESSAGES = {
  signup: 'Account created successfully! A verification code has been sent to your email.',
  verified: 'Account verified successfully! Redirecting to login...',
  verifiedWithoutPassword:
    "Your email address is verified. It was signed up more than once with different passwords, so neither was kept: please set your password with 'Forgot Password?' before signing in.",
  resetRequested: 'OTP sent to your email. Please check your inbox (and spam folder) for the reset code.',
  reset: 'Password reset successful!',
  badLogin: 'Invalid email or password.',
  unverified: 'Please verify your email address before signing in: enter the code we sent you, or sign up again to get a new one.',
  disabled: 'This account has been disabled. Please contact your firm administrator.',
  /** One answer for every code failure, so it never tells whether the address has an account or a live code. */
  badCode: 'The code is not correct, or it has expired. Please check it, or request a new code.',
  missingPassword: 'Please enter a new password.',
  loggedOut: 'You have been logged out.',
  loggedOutEverywhere: 'You have been logged out of every session.',
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
    private readonly passwords: PasswordPolicy,
    private readonly limiter: AuthLimiter,
    private readonly sessions: SessionRepository,
    private readonly firms: FirmsService,
  ) {}

  async signup(dto: SignupDto, meta: RequestMeta): Promise<MessageResponseDto> {
    this.checkStrength(dto.password, dto.email);
    await this.limiter.countMail(dto.email);
    const passwordHash = await this.crypto.hashPassword(dto.password);
    // An existing account keeps its password, pending or not: only mailbox control (a code) may change it.
    const existing = await this.users.findByEmail(dto.email);
    const user = existing ?? (await this.createAccount(dto.email, passwordHash)) ?? (await this.users.findByEmail(dto.email));
    if (!user) throw new Error('The account could not be created.');
    if (existing?.status === 'pending' && !(await this.crypto.verifyPassword(existing.passwordHash, dto.password))) {
      // Two sign-ups disagree on the password and either may be a stranger's: keep neither, so the
      // mailbox owner sets one through reset after verifying.
      await this.users.update(user.id, { passwordHash: UNUSABLE_PASSWORD_HASH });
      user.passwordHash = UNUSABLE_PASSWORD_HASH;
      await this.audit.record({ action: 'auth.signup_conflict', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
    }
    if (user.status !== 'pending') {
      await this.mail.sendSignupAttemptNotice(user.email);
      await this.audit.record({ action: 'auth.signup_existing', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
      return { message: MESSAGES.signup };
    }
    const code = await this.issueCode(user, 'verify');
    await this.mail.sendVerificationCode(user.email, code, CODE_TTL_MINUTES);
    await this.audit.record({ action: 'auth.signup', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
    return { message: MESSAGES.signup };
  }

  /** A new pending account in the firm that invited the address, or in a new firm it administers. */
  private async createAccount(email: string, passwordHash: string): Promise<UserEntity | null> {
    const placement = await this.firms.place(email);
    const user = await this.users.createPending(email, passwordHash, placement.firmId, placement.role);
    await this.firms.settle(placement, user !== null);
    return user;
  }

  async verify(dto: VerifyOtpDto, meta: RequestMeta): Promise<MessageResponseDto> {
    const found = await this.users.findByEmail(dto.email);
    const user = found?.status === 'pending' ? found : null;
    await this.consumeCode(user, dto.email, 'verify', dto.otp, meta);
    if (!user) throw new Error('A code was accepted without an account.');
    await this.users.update(user.id, { status: 'active', verifiedAt: this.clock.now() });
    await this.audit.record({ action: 'auth.verify', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
    return { message: user.passwordHash === UNUSABLE_PASSWORD_HASH ? MESSAGES.verifiedWithoutPassword : MESSAGES.verified };
  }

  async login(dto: LoginDto, meta: RequestMeta): Promise<LoginResponseDto> {
    const ticket = await this.limiter.beforeSignIn(dto.email, meta.ip);
    const user = await this.users.findByEmail(dto.email);
    const passwordOk = user
      ? await this.crypto.verifyPassword(user.passwordHash, dto.password)
      : await this.crypto.verifyPassword(await this.decoy(), dto.password).then(() => false);
    if (!user || !passwordOk) {
      await this.signInFailed(user, dto.email, meta);
      throw new UnauthorizedError(MESSAGES.badLogin);
    }
    await this.limiter.signInSucceeded(dto.email, meta.ip, ticket);
    if (user.status === 'pending') throw new ForbiddenError(MESSAGES.unverified);
    if (user.disabledAt) throw new ForbiddenError(MESSAGES.disabled);
    const payload: TokenPayload = { sub: user.id, ver: user.tokenVersion, jti: this.crypto.randomId() };
    const token = await this.jwt.signAsync(payload);
    await this.users.update(user.id, { lastSignInAt: this.clock.now() });
    await this.audit.record({ action: 'auth.login', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
    return { token };
  }

  async requestPasswordReset(dto: RequestPasswordResetDto, meta: RequestMeta): Promise<MessageResponseDto> {
    await this.limiter.countMail(dto.email);
    const user = await this.users.findByEmail(dto.email);
    // A pending account may reset too: the code proves control of the mailbox, so the reset also verifies it.
    if (user && !user.disabledAt) {
      const code = await this.issueCode(user, 'reset');
      await this.mail.sendResetCode(user.email, code, CODE_TTL_MINUTES);
    }
    await this.audit.record({ action: 'auth.password_reset_request', firmId: user?.firmId ?? null, actorId: user?.id ?? null, email: dto.email, ip: meta.ip });
    return { message: MESSAGES.resetRequested };
  }

  async resetPassword(dto: ResetPasswordDto, meta: RequestMeta): Promise<MessageResponseDto> {
    const newPassword = dto.new_password ?? dto.password;
    if (newPassword === undefined || newPassword === '') throw new BadRequestError(MESSAGES.missingPassword);
    if (newPassword.length < 8) throw new BadRequestError(PASSWORD_LENGTH_MESSAGE);
    this.checkStrength(newPassword, dto.email);
    const found = await this.users.findByEmail(dto.email);
    const user = found && !found.disabledAt ? found : null;
    await this.consumeCode(user, dto.email, 'reset', dto.otp, meta);
    if (!user) throw new Error('A code was accepted without an account.');
    await this.users.changePassword(user.id, await this.crypto.hashPassword(newPassword), this.clock.now());
    await this.audit.record({ action: 'auth.password_reset', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
    return { message: MESSAGES.reset };
  }

  async me(user: AuthUser): Promise<MeResponseDto> {
    const found = await this.users.findById(user.id);
    if (!found) throw new UnauthorizedError();
    return mapMe(found, await this.firms.get(found.firmId));
  }

  /** Ends the session of the presented token; the account's other sessions go on. */
  async logout(user: AuthUser, meta: RequestMeta): Promise<MessageResponseDto> {
    if (user.apiKey) throw new BadRequestError('An API key does not sign out: revoke it under API keys instead.');
    if (!user.session) throw new UnauthorizedError();
    await this.sessions.revoke(user.session.id, user.id, user.session.expiresAt);
    await this.sessions.prune(this.clock.now());
    await this.audit.record({ action: 'auth.logout', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
    return { message: MESSAGES.loggedOut };
  }

  /** Ends every session of the account, this one included. */
  async logoutEverywhere(user: AuthUser, meta: RequestMeta): Promise<MessageResponseDto> {
    await this.users.endSessions(user.id);
    await this.audit.record({ action: 'auth.logout_all', firmId: user.firmId, actorId: user.id, target: { type: 'user', id: user.id }, email: user.email, ip: meta.ip });
    return { message: MESSAGES.loggedOutEverywhere };
  }

  /** Resolves a verified token's payload to the signed-in user, or null when the token is no longer good. */
  async userForToken(payload: TokenPayload): Promise<AuthUser | null> {
    const user = await this.users.findForToken(payload.sub, payload.jti);
    if (!user || user.status !== 'active' || user.disabledAt || user.tokenVersion !== payload.ver) return null;
    return { id: user.id, email: user.email, role: user.role, firmId: user.firmId, session: { id: payload.jti, expiresAt: new Date((payload.exp ?? 0) * 1000) } };
  }

  private async issueCode(user: UserEntity, purpose: CodePurpose): Promise<string> {
    const code = this.crypto.randomDigits(6);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    await this.codes.replace(user.id, purpose, this.codeHash(user.id, purpose, code), expiresAt, now);
    return code;
  }

  /**
   * Checks a code, or fails with the one code message. An address without an account, or whose account
   * may not use this code, takes the same steps against a decoy (a code lookup, an attempt count, an HMAC
   * and an audit row), so neither the answer nor its timing tells the cases apart.
   */
  private async consumeCode(user: UserEntity | null, email: string, purpose: CodePurpose, otp: string, meta: RequestMeta): Promise<void> {
    const userId = user?.id ?? this.crypto.randomId();
    const code = await this.codes.findActive(userId, purpose);
    const live = code !== null && code.expiresAt.getTime() > this.clock.now().getTime() ? code : null;
    const attempts = await this.codes.countAttempt(live?.id ?? userId, CODE_MAX_ATTEMPTS);
    const expected = code?.codeHash ?? this.codeHash(userId, purpose, this.crypto.randomDigits(6));
    // A code mailed before JWT_SECRET changed was hashed with the previous secret; it holds until it expires.
    const previous = this.config.auth.jwtSecretPrevious?.reveal();
    const matches =
      this.crypto.safeEqual(expected, this.codeHash(userId, purpose, otp.trim())) ||
      (previous !== undefined && this.crypto.safeEqual(expected, this.crypto.hmac(previous, `${purpose}:${userId}:${otp.trim()}`)));
    if (live && attempts !== null && matches && (await this.codes.consume(live.id, this.clock.now()))) return;
    await this.audit.record({ action: 'auth.verify_failed', firmId: user?.firmId ?? null, actorId: user?.id ?? null, email, ip: meta.ip, details: { purpose, attempts } });
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: defence in depth; countAttempt already refuses every try after the last, so no answer changes.
    if (live && attempts !== null && attempts >= CODE_MAX_ATTEMPTS) await this.codes.consume(live.id, this.clock.now());
    throw new BadRequestError(MESSAGES.badCode);
  }

  private async signInFailed(user: UserEntity | null, email: string, meta: RequestMeta): Promise<void> {
    const actorId = user?.id ?? null;
    const firmId = user?.firmId ?? null;
    await this.audit.record({ action: 'auth.login_failed', firmId, actorId, email, ip: meta.ip });
    const failure = await this.limiter.signInFailed(email, meta.ip);
    if (failure.pausedSeconds !== null) {
      await this.audit.record({ action: 'auth.login_paused', firmId, actorId, email, ip: meta.ip, details: { seconds: failure.pausedSeconds, failures: failure.failures } });
    }
    if (failure.slowed) await this.audit.record({ action: 'auth.login_slowed', firmId, actorId, email, ip: meta.ip, details: { failures: failure.failures } });
    if (failure.notifyOwner && user && !user.disabledAt) {
      await this.mail.sendSignInFailureNotice(user.email, failure.failures, FAILURE_WINDOW_SECONDS / 60);
      await this.audit.record({ action: 'auth.login_notice', firmId, actorId, email, ip: meta.ip, details: { failures: failure.failures } });
    }
  }

  private checkStrength(password: string, email: string): void {
    const refusal = this.passwords.refusal(password, email);
    if (refusal) throw new BadRequestError(refusal);
  }

  private codeHash(userId: string, purpose: CodePurpose, code: string): string {
    return this.crypto.hmac(this.config.auth.jwtSecret.reveal(), `${purpose}:${userId}:${code}`);
  }

  private decoy(): Promise<string> {
    return (this.decoyHash ??= this.crypto.hashPassword(this.crypto.randomDigits(24)));
  }
}
