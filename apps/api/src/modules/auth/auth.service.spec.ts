import { JwtService } from '@nestjs/jwt';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { CryptoRepository } from '@api/modules/common/crypto.repository';
import { ConfigService } from '@api/modules/config/config.service';
import { type AppConfig, Secret } from '@api/modules/config/config.types';
import { FirmsService } from '@api/modules/firms/firms.service';
import { MailService } from '@api/modules/mail/mail.service';
import { entity, NOW } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import { AuthLimiter } from './auth-limiter';
import { AuthService, CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, MESSAGES, UNUSABLE_PASSWORD_HASH } from './auth.service';
import type { OneTimeCodeEntity } from './one-time-code.entity';
import { OneTimeCodeRepository } from './one-time-code.repository';
import { PasswordPolicy } from './password-policy';
import { SessionRepository } from './session.repository';
import { UserRepository } from './user.repository';

const EMAIL = 'member@firm.example';
const PASSWORD = 'correct horse battery staple';
const META = { ip: '203.0.113.7' };
const CODE = '123456';
const PLACEMENT = { firmId: 'firm-1', role: 'admin' as const, invitationId: null, newFirm: true };

/**
 * Adapters that behave like the real ones in miniature: a hash is `hash(<password>)`, an HMAC names its input,
 * every random code is CODE and every random id `random-id`. Everything else is strict.
 */
function setup() {
  const users = automock(UserRepository);
  const codes = automock(OneTimeCodeRepository);
  const crypto = automock(CryptoRepository);
  const mail = automock(MailService);
  const audit = automock(AuditRepository);
  const jwt = automock(JwtService);
  const clock = automock(Clock);
  const config = automock(ConfigService, { auth: { jwtSecret: new Secret('jwt-secret'), jwtExpiresIn: '1h' } as AppConfig['auth'] });
  const passwords = automock(PasswordPolicy);
  const limiter = automock(AuthLimiter);
  const sessions = automock(SessionRepository);
  const firms = automock(FirmsService);
  crypto.hashPassword.mockImplementation(async (password) => `hash(${password})`);
  crypto.verifyPassword.mockImplementation(async (hashed, password) => hashed === `hash(${password})`);
  crypto.hmac.mockImplementation((key, value) => `hmac(${key}|${value})`);
  crypto.safeEqual.mockImplementation((a, b) => a === b);
  crypto.randomDigits.mockImplementation((length = 6) => CODE.padEnd(length, '0').slice(0, length));
  crypto.randomId.mockReturnValue('random-id');
  clock.now.mockReturnValue(NOW);
  passwords.refusal.mockReturnValue(null);
  limiter.countMail.mockResolvedValue();
  audit.record.mockResolvedValue();
  const sut = new AuthService(users, codes, crypto, mail, audit, jwt, clock, config, passwords, limiter, sessions, firms);
  return { sut, users, codes, crypto, mail, audit, jwt, passwords, limiter, sessions, firms };
}

type Mocks = ReturnType<typeof setup>;

const actions = ({ audit }: Mocks): string[] => audit.record.mock.calls.map(([entry]) => entry.action);

/** A live code for `user` whose hash is that of CODE, as issueCode stores it. */
function liveCode(userId: string, purpose: 'verify' | 'reset', overrides: Partial<OneTimeCodeEntity> = {}): OneTimeCodeEntity {
  return { id: 'code-1', userId, purpose, codeHash: `hmac(jwt-secret|${purpose}:${userId}:${CODE})`, expiresAt: new Date(NOW.getTime() + 60_000), attempts: 0, consumedAt: null, createdAt: NOW, ...overrides };
}

describe(AuthService.name, () => {
  describe('signup', () => {
    it('refuses a weak password before counting mail or touching any account', async () => {
      const mocks = setup();
      mocks.passwords.refusal.mockReturnValue('Too weak.');
      await expectError(mocks.sut.signup({ email: EMAIL, password: 'password1' }, META), BadRequestError, 'Too weak.');
      expect(mocks.passwords.refusal).toHaveBeenCalledWith('password1', EMAIL);
      expect(mocks.limiter.countMail).not.toHaveBeenCalled();
      expect(mocks.users.findByEmail).not.toHaveBeenCalled();
    });

    it('creates a pending account where the firms module places it, and mails it a verification code', async () => {
      const mocks = setup();
      const created = entity.user({ id: 'user-9', email: EMAIL, status: 'pending', passwordHash: `hash(${PASSWORD})` });
      mocks.users.findByEmail.mockResolvedValue(null);
      mocks.firms.place.mockResolvedValue(PLACEMENT);
      mocks.users.createPending.mockResolvedValue(created);
      mocks.firms.settle.mockResolvedValue();
      mocks.codes.replace.mockResolvedValue();
      mocks.mail.sendVerificationCode.mockResolvedValue();
      await expect(mocks.sut.signup({ email: EMAIL, password: PASSWORD }, META)).resolves.toEqual({ message: MESSAGES.signup });
      expect(mocks.users.createPending).toHaveBeenCalledWith(EMAIL, `hash(${PASSWORD})`, 'firm-1', 'admin');
      expect(mocks.firms.settle).toHaveBeenCalledWith(PLACEMENT, true);
      expect(mocks.codes.replace).toHaveBeenCalledWith('user-9', 'verify', `hmac(jwt-secret|verify:user-9:${CODE})`, new Date(NOW.getTime() + CODE_TTL_MINUTES * 60_000), NOW);
      expect(mocks.mail.sendVerificationCode).toHaveBeenCalledWith(EMAIL, CODE, CODE_TTL_MINUTES);
      expect(actions(mocks)).toEqual(['auth.signup']);
    });

    it('never changes an active account’s password: it tells the owner and answers as for a new account', async () => {
      const mocks = setup();
      const existing = entity.user({ email: EMAIL, status: 'active', passwordHash: 'hash(original)' });
      mocks.users.findByEmail.mockResolvedValue(existing);
      mocks.mail.sendSignupAttemptNotice.mockResolvedValue();
      await expect(mocks.sut.signup({ email: EMAIL, password: PASSWORD }, META)).resolves.toEqual({ message: MESSAGES.signup });
      // users.update, changePassword and createPending are strict: any write of the account would have thrown.
      expect(mocks.users.update).not.toHaveBeenCalled();
      expect(mocks.users.changePassword).not.toHaveBeenCalled();
      expect(existing.passwordHash).toBe('hash(original)');
      expect(mocks.mail.sendSignupAttemptNotice).toHaveBeenCalledWith(EMAIL);
      expect(actions(mocks)).toEqual(['auth.signup_existing']);
    });

    it('keeps a pending account’s password when signed up again with the same one, and sends a fresh code', async () => {
      const mocks = setup();
      mocks.users.findByEmail.mockResolvedValue(entity.user({ email: EMAIL, status: 'pending', passwordHash: `hash(${PASSWORD})` }));
      mocks.codes.replace.mockResolvedValue();
      mocks.mail.sendVerificationCode.mockResolvedValue();
      await mocks.sut.signup({ email: EMAIL, password: PASSWORD }, META);
      expect(mocks.users.update).not.toHaveBeenCalled();
      expect(mocks.mail.sendVerificationCode).toHaveBeenCalledWith(EMAIL, CODE, CODE_TTL_MINUTES);
    });

    it('keeps neither password when a pending account is signed up again with another one: the new one is never stored', async () => {
      const mocks = setup();
      const pending = entity.user({ id: 'user-9', email: EMAIL, status: 'pending', passwordHash: 'hash(first)' });
      mocks.users.findByEmail.mockResolvedValue(pending);
      mocks.users.update.mockResolvedValue();
      mocks.codes.replace.mockResolvedValue();
      mocks.mail.sendVerificationCode.mockResolvedValue();
      await expect(mocks.sut.signup({ email: EMAIL, password: PASSWORD }, META)).resolves.toEqual({ message: MESSAGES.signup });
      expect(mocks.users.update.mock.calls).toEqual([['user-9', { passwordHash: UNUSABLE_PASSWORD_HASH }]]);
      expect(actions(mocks)).toEqual(['auth.signup_conflict', 'auth.signup']);
    });

    it('undoes its placement and uses the account that won when the address was taken meanwhile', async () => {
      const mocks = setup();
      const winner = entity.user({ email: EMAIL, status: 'active', passwordHash: 'hash(winner)' });
      mocks.users.findByEmail.mockResolvedValueOnce(null).mockResolvedValueOnce(winner);
      mocks.firms.place.mockResolvedValue(PLACEMENT);
      mocks.users.createPending.mockResolvedValue(null);
      mocks.firms.settle.mockResolvedValue();
      mocks.mail.sendSignupAttemptNotice.mockResolvedValue();
      await expect(mocks.sut.signup({ email: EMAIL, password: PASSWORD }, META)).resolves.toEqual({ message: MESSAGES.signup });
      expect(mocks.firms.settle).toHaveBeenCalledWith(PLACEMENT, false);
      expect(mocks.users.update).not.toHaveBeenCalled();
      expect(actions(mocks)).toEqual(['auth.signup_existing']);
    });
  });

  describe('login', () => {
    function failingSignIn(mocks: Mocks, failure: Partial<Awaited<ReturnType<AuthLimiter['signInFailed']>>> = {}): void {
      mocks.limiter.beforeSignIn.mockResolvedValue({ slotKey: null });
      mocks.limiter.signInFailed.mockResolvedValue({ pausedSeconds: null, notifyOwner: false, slowed: false, failures: 1, ...failure });
    }

    it('gives an unknown address the same answer as a wrong password, after checking a password against a decoy hash', async () => {
      const unknown = setup();
      failingSignIn(unknown);
      unknown.users.findByEmail.mockResolvedValue(null);
      await expectError(unknown.sut.login({ email: EMAIL, password: PASSWORD }, META), UnauthorizedError, MESSAGES.badLogin);
      expect(unknown.crypto.verifyPassword).toHaveBeenCalledWith(`hash(${CODE}000000000000000000)`, PASSWORD);
      expect(unknown.audit.record).toHaveBeenCalledWith({ action: 'auth.login_failed', firmId: null, actorId: null, email: EMAIL, ip: META.ip });

      const known = setup();
      failingSignIn(known);
      known.users.findByEmail.mockResolvedValue(entity.user({ email: EMAIL, passwordHash: 'hash(other)' }));
      await expectError(known.sut.login({ email: EMAIL, password: PASSWORD }, META), UnauthorizedError, MESSAGES.badLogin);
      expect(known.limiter.signInFailed).toHaveBeenCalledWith(EMAIL, META.ip);
    });

    it('tells only a real, enabled account’s owner of repeated failures, and records pauses and slowdowns', async () => {
      const mocks = setup();
      failingSignIn(mocks, { pausedSeconds: 60, notifyOwner: true, slowed: true, failures: 10 });
      mocks.users.findByEmail.mockResolvedValue(entity.user({ email: EMAIL, passwordHash: 'hash(other)' }));
      mocks.mail.sendSignInFailureNotice.mockResolvedValue();
      await expectError(mocks.sut.login({ email: EMAIL, password: PASSWORD }, META), UnauthorizedError);
      expect(mocks.mail.sendSignInFailureNotice).toHaveBeenCalledWith(EMAIL, 10, expect.any(Number));
      expect(actions(mocks)).toEqual(['auth.login_failed', 'auth.login_paused', 'auth.login_slowed', 'auth.login_notice']);

      const disabled = setup();
      failingSignIn(disabled, { notifyOwner: true, failures: 10 });
      disabled.users.findByEmail.mockResolvedValue(entity.user({ email: EMAIL, passwordHash: 'hash(other)', disabledAt: NOW }));
      await expectError(disabled.sut.login({ email: EMAIL, password: PASSWORD }, META), UnauthorizedError);
      expect(disabled.mail.sendSignInFailureNotice).not.toHaveBeenCalled();
    });

    it('tells a pending or disabled account why only once its password is right', async () => {
      for (const [user, message] of [
        [entity.user({ email: EMAIL, passwordHash: `hash(${PASSWORD})`, status: 'pending' }), MESSAGES.unverified],
        [entity.user({ email: EMAIL, passwordHash: `hash(${PASSWORD})`, disabledAt: NOW }), MESSAGES.disabled],
      ] as const) {
        const mocks = setup();
        mocks.limiter.beforeSignIn.mockResolvedValue({ slotKey: 'slot' });
        mocks.limiter.signInSucceeded.mockResolvedValue();
        mocks.users.findByEmail.mockResolvedValue(user);
        await expectError(mocks.sut.login({ email: EMAIL, password: PASSWORD }, META), ForbiddenError, message);
        expect(mocks.jwt.signAsync).not.toHaveBeenCalled();
      }
    });

    it('signs a token carrying the account’s token version and a fresh session id, and notes the sign-in', async () => {
      const mocks = setup();
      const user = entity.user({ id: 'user-1', email: EMAIL, passwordHash: `hash(${PASSWORD})`, tokenVersion: 4 });
      mocks.limiter.beforeSignIn.mockResolvedValue({ slotKey: 'slot' });
      mocks.limiter.signInSucceeded.mockResolvedValue();
      mocks.users.findByEmail.mockResolvedValue(user);
      mocks.jwt.signAsync.mockResolvedValue('signed-token');
      mocks.users.update.mockResolvedValue();
      await expect(mocks.sut.login({ email: EMAIL, password: PASSWORD }, META)).resolves.toEqual({ token: 'signed-token' });
      expect(mocks.limiter.signInSucceeded).toHaveBeenCalledWith(EMAIL, META.ip, { slotKey: 'slot' });
      expect(mocks.jwt.signAsync).toHaveBeenCalledWith({ sub: 'user-1', ver: 4, jti: 'random-id' });
      expect(mocks.users.update).toHaveBeenCalledWith('user-1', { lastSignInAt: NOW });
      expect(actions(mocks)).toEqual(['auth.login']);
    });
  });

  describe('codes', () => {
    it('gives an address without an account the same failure as a wrong code, after the same steps against a decoy', async () => {
      const unknown = setup();
      unknown.users.findByEmail.mockResolvedValue(null);
      unknown.codes.findActive.mockResolvedValue(null);
      unknown.codes.countAttempt.mockResolvedValue(1);
      await expectError(unknown.sut.verify({ email: EMAIL, otp: CODE }, META), BadRequestError, MESSAGES.badCode);
      expect(unknown.codes.findActive).toHaveBeenCalledWith('random-id', 'verify');
      expect(unknown.codes.countAttempt).toHaveBeenCalledWith('random-id', CODE_MAX_ATTEMPTS);
      expect(unknown.audit.record).toHaveBeenCalledWith({ action: 'auth.verify_failed', firmId: null, actorId: null, email: EMAIL, ip: META.ip, details: { purpose: 'verify', attempts: 1 } });

      const wrong = setup();
      const pending = entity.user({ id: 'user-9', email: EMAIL, status: 'pending' });
      wrong.users.findByEmail.mockResolvedValue(pending);
      wrong.codes.findActive.mockResolvedValue(liveCode('user-9', 'verify'));
      wrong.codes.countAttempt.mockResolvedValue(1);
      await expectError(wrong.sut.verify({ email: EMAIL, otp: '654321' }, META), BadRequestError, MESSAGES.badCode);
      expect(wrong.codes.consume).not.toHaveBeenCalled();
    });

    it('refuses an expired code even when it matches', async () => {
      const mocks = setup();
      mocks.users.findByEmail.mockResolvedValue(entity.user({ id: 'user-9', email: EMAIL, status: 'pending' }));
      mocks.codes.findActive.mockResolvedValue(liveCode('user-9', 'verify', { expiresAt: NOW }));
      mocks.codes.countAttempt.mockResolvedValue(1);
      await expectError(mocks.sut.verify({ email: EMAIL, otp: CODE }, META), BadRequestError, MESSAGES.badCode);
      expect(mocks.users.update).not.toHaveBeenCalled();
    });

    it('uses a code up on the last allowed attempt', async () => {
      const mocks = setup();
      mocks.users.findByEmail.mockResolvedValue(entity.user({ id: 'user-9', email: EMAIL, status: 'pending' }));
      mocks.codes.findActive.mockResolvedValue(liveCode('user-9', 'verify'));
      mocks.codes.countAttempt.mockResolvedValue(CODE_MAX_ATTEMPTS);
      mocks.codes.consume.mockResolvedValue(true);
      await expectError(mocks.sut.verify({ email: EMAIL, otp: '654321' }, META), BadRequestError, MESSAGES.badCode);
      expect(mocks.codes.consume).toHaveBeenCalledWith('code-1', NOW);
    });

    it('verifies a pending account with its code, and says when it has no password to sign in with yet', async () => {
      for (const [passwordHash, message] of [
        [`hash(${PASSWORD})`, MESSAGES.verified],
        [UNUSABLE_PASSWORD_HASH, MESSAGES.verifiedWithoutPassword],
      ] as const) {
        const mocks = setup();
        mocks.users.findByEmail.mockResolvedValue(entity.user({ id: 'user-9', email: EMAIL, status: 'pending', passwordHash }));
        mocks.codes.findActive.mockResolvedValue(liveCode('user-9', 'verify'));
        mocks.codes.countAttempt.mockResolvedValue(1);
        mocks.codes.consume.mockResolvedValue(true);
        mocks.users.update.mockResolvedValue();
        await expect(mocks.sut.verify({ email: EMAIL, otp: ` ${CODE} ` }, META)).resolves.toEqual({ message });
        expect(mocks.users.update).toHaveBeenCalledWith('user-9', { status: 'active', verifiedAt: NOW });
        expect(actions(mocks)).toEqual(['auth.verify']);
      }
    });

    it('treats an already active account’s verification as a code failure', async () => {
      const mocks = setup();
      mocks.users.findByEmail.mockResolvedValue(entity.user({ id: 'user-9', email: EMAIL, status: 'active' }));
      mocks.codes.findActive.mockResolvedValue(null);
      mocks.codes.countAttempt.mockResolvedValue(1);
      await expectError(mocks.sut.verify({ email: EMAIL, otp: CODE }, META), BadRequestError, MESSAGES.badCode);
      expect(mocks.codes.findActive).toHaveBeenCalledWith('random-id', 'verify');
    });
  });

  describe('password reset', () => {
    it('answers the same to an unknown address and to a disabled account, mailing neither a code', async () => {
      for (const user of [null, entity.user({ email: EMAIL, disabledAt: NOW })]) {
        const mocks = setup();
        mocks.users.findByEmail.mockResolvedValue(user);
        await expect(mocks.sut.requestPasswordReset({ email: EMAIL }, META)).resolves.toEqual({ message: MESSAGES.resetRequested });
        expect(mocks.limiter.countMail).toHaveBeenCalledWith(EMAIL);
        expect(mocks.mail.sendResetCode).not.toHaveBeenCalled();
        expect(actions(mocks)).toEqual(['auth.password_reset_request']);
      }
    });

    it('mails a reset code to an enabled account, pending or active', async () => {
      const mocks = setup();
      mocks.users.findByEmail.mockResolvedValue(entity.user({ id: 'user-9', email: EMAIL, status: 'pending' }));
      mocks.codes.replace.mockResolvedValue();
      mocks.mail.sendResetCode.mockResolvedValue();
      await mocks.sut.requestPasswordReset({ email: EMAIL }, META);
      expect(mocks.codes.replace).toHaveBeenCalledWith('user-9', 'reset', `hmac(jwt-secret|reset:user-9:${CODE})`, expect.any(Date), NOW);
      expect(mocks.mail.sendResetCode).toHaveBeenCalledWith(EMAIL, CODE, CODE_TTL_MINUTES);
    });

    it('asks for a new password before anything else', async () => {
      const mocks = setup();
      await expectError(mocks.sut.resetPassword({ email: EMAIL, otp: CODE }, META), BadRequestError, MESSAGES.missingPassword);
      expect(mocks.users.findByEmail).not.toHaveBeenCalled();
    });

    it('gives a disabled account the one code failure and changes no password', async () => {
      const mocks = setup();
      mocks.users.findByEmail.mockResolvedValue(entity.user({ id: 'user-9', email: EMAIL, disabledAt: NOW }));
      mocks.codes.findActive.mockResolvedValue(null);
      mocks.codes.countAttempt.mockResolvedValue(1);
      await expectError(mocks.sut.resetPassword({ email: EMAIL, otp: CODE, new_password: PASSWORD }, META), BadRequestError, MESSAGES.badCode);
      expect(mocks.codes.findActive).toHaveBeenCalledWith('random-id', 'reset');
      expect(mocks.users.changePassword).not.toHaveBeenCalled();
    });

    it('sets the new password with a valid code', async () => {
      const mocks = setup();
      mocks.users.findByEmail.mockResolvedValue(entity.user({ id: 'user-9', email: EMAIL }));
      mocks.codes.findActive.mockResolvedValue(liveCode('user-9', 'reset'));
      mocks.codes.countAttempt.mockResolvedValue(1);
      mocks.codes.consume.mockResolvedValue(true);
      mocks.users.changePassword.mockResolvedValue();
      await expect(mocks.sut.resetPassword({ email: EMAIL, otp: CODE, new_password: PASSWORD }, META)).resolves.toEqual({ message: MESSAGES.reset });
      expect(mocks.users.changePassword).toHaveBeenCalledWith('user-9', `hash(${PASSWORD})`, NOW);
      expect(actions(mocks)).toEqual(['auth.password_reset']);
    });
  });

  describe('tokens and sessions', () => {
    it('refuses a token of a pending or disabled account, or of an older token version', async () => {
      const payload = { sub: 'user-1', ver: 2, jti: 'session-1', exp: 2_000_000_000 };
      for (const user of [null, entity.user({ status: 'pending', tokenVersion: 2 }), entity.user({ disabledAt: NOW, tokenVersion: 2 }), entity.user({ tokenVersion: 3 })]) {
        const mocks = setup();
        mocks.users.findForToken.mockResolvedValue(user);
        await expect(mocks.sut.userForToken(payload)).resolves.toBeNull();
        expect(mocks.users.findForToken).toHaveBeenCalledWith('user-1', 'session-1');
      }
      const mocks = setup();
      mocks.users.findForToken.mockResolvedValue(entity.user({ tokenVersion: 2 }));
      await expect(mocks.sut.userForToken(payload)).resolves.toEqual({ id: 'user-1', email: 'member@firm.example', role: 'member', firmId: 'firm-1', session: { id: 'session-1', expiresAt: new Date(2_000_000_000_000) } });
    });

    it('ends only the presented session on logout', async () => {
      const mocks = setup();
      const expiresAt = new Date(NOW.getTime() + 3_600_000);
      mocks.sessions.revoke.mockResolvedValue();
      mocks.sessions.prune.mockResolvedValue();
      await expect(mocks.sut.logout(entity.caller({ session: { id: 'session-1', expiresAt } }), META)).resolves.toEqual({ message: MESSAGES.loggedOut });
      expect(mocks.sessions.revoke).toHaveBeenCalledWith('session-1', 'user-1', expiresAt);
      await expectError(mocks.sut.logout(entity.caller(), META), UnauthorizedError);
    });
  });
});
