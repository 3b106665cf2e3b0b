import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { CODE_TTL_MINUTES, MESSAGES } from '@api/modules/auth/auth.service';
import { Clock } from '@api/modules/common/clock';
import { api, ErrorBody, fails, ok, Outcome } from '../utils/api';
import { createUser, factory } from '../utils/factory';
import { codeIn, latestCode, readOutbox } from '../utils/outbox';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

/** The status and body of a call, success or error, for comparing answers with each other. */
async function answerOf<T, E>(pending: Outcome<T, E> | Promise<Outcome<T, E>>): Promise<{ status: number; body: unknown }> {
  const { response, data, error } = await pending;
  return { status: response.status, body: response.ok ? data : error };
}

describe('account security', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
  });

  afterAll(() => ctx.close());

  afterEach(() => jest.restoreAllMocks());

  const mailsTo = async (email: string) => (await readOutbox(ctx.config)).filter((mail) => mail.to.includes(email));
  const anonymous = () => api(ctx);
  const signup = (email: string, password: string) => anonymous().POST('/api/signup/', { body: { email, password } });
  const login = (email: string, password: string) => anonymous().POST('/api/login/', { body: { email, password } });
  const requestReset = (email: string) => anonymous().POST('/api/request-password-reset/', { body: { email } });
  /** A six-digit code that is not `code`. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('a sign-up for a pending address', () => {
    const verifyWithNewestCode = async (email: string) => ok(anonymous().POST('/api/verify-otp/', { body: { email, otp: await latestCode(ctx.config, email) } }));

    it('never hands the account to a stranger who signs up after the owner: neither password is kept', async () => {
      const email = factory.email('pending');
      const ownerPassword = factory.password();
      const strangerPassword = factory.password();
      const first = await ok(signup(email, ownerPassword));
      const again = await ok(signup(email, strangerPassword));
      expect(again).toEqual(first);

      const verified = await verifyWithNewestCode(email);
      expect(verified.message).toBe(MESSAGES.verifiedWithoutPassword);
      const refused = await fails(login(email, strangerPassword), 401);
      expect(refused.detail).toBe('Invalid email or password.');
      await fails(login(email, ownerPassword), 401);
    });

    it('never hands the account to a stranger who signed up before the owner', async () => {
      const email = factory.email('squatted');
      const strangerPassword = factory.password();
      const ownerPassword = factory.password();
      await ok(signup(email, strangerPassword));
      await ok(signup(email, ownerPassword));

      await verifyWithNewestCode(email);
      await fails(login(email, strangerPassword), 401);
      await ok(requestReset(email));
      const mails = await mailsTo(email);
      await ok(anonymous().POST('/api/reset-password/', { body: { email, otp: codeIn(mails[mails.length - 1]), new_password: ownerPassword } }));
      await ok(login(email, ownerPassword));
      await fails(login(email, strangerPassword), 401);
    });

    it('keeps the password when the same sign-up is sent again (Resend Code)', async () => {
      const email = factory.email('resend');
      const password = factory.password();
      await ok(signup(email, password));
      await ok(signup(email, password));
      const verified = await verifyWithNewestCode(email);
      expect(verified.message).toBe(MESSAGES.verified);
      await ok(login(email, password));
    });

    it('lets an owner who forgot the password before verifying reset it, which also verifies the address', async () => {
      const email = factory.email('forgot');
      await ok(signup(email, factory.password()));
      await ok(requestReset(email));
      const mails = await mailsTo(email);
      expect(mails[mails.length - 1].subject).toBe('Your Casewise password reset code');
      const newPassword = factory.password();
      await ok(anonymous().POST('/api/reset-password/', { body: { email, otp: codeIn(mails[mails.length - 1]), new_password: newPassword } }));
      await ok(login(email, newPassword));
    });
  });

  describe('code errors do not tell whether an address has an account', () => {
    const expectSameAnswers = (answers: { status: number; body: unknown }[]) => {
      expect(answers[0].status).toBe(400);
      for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: answers[0].status, body: answers[0].body });
    };

    it('verify-otp answers an unknown address, an active account, a wrong, an expired and a used-up code alike', async () => {
      const verify = (email: string, otp: string) => answerOf(anonymous().POST('/api/verify-otp/', { body: { email, otp } }));
      const wrongEmail = factory.email('wrong');
      await ok(signup(wrongEmail, factory.password()));
      const wrong = await verify(wrongEmail, otherThan(await latestCode(ctx.config, wrongEmail)));

      const unknown = await verify(factory.email('unknown'), '123456');
      const active = await createUser(ctx, 'active');
      const activeAnswer = await verify(active.email, '123456');

      const usedUpEmail = factory.email('usedup');
      await ok(signup(usedUpEmail, factory.password()));
      const usedUpCode = await latestCode(ctx.config, usedUpEmail);
      const usedUp: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 6; i++) usedUp.push(await verify(usedUpEmail, otherThan(usedUpCode)));
      const afterUsedUp = await verify(usedUpEmail, usedUpCode);

      const expiredEmail = factory.email('expired');
      await ok(signup(expiredEmail, factory.password()));
      const expiredCode = await latestCode(ctx.config, expiredEmail);
      jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + (CODE_TTL_MINUTES * 60 + 1) * 1000));
      const expired = await verify(expiredEmail, expiredCode);

      expectSameAnswers([wrong, unknown, activeAnswer, ...usedUp, afterUsedUp, expired]);
    });

    it('reset-password answers an unknown address, a disabled account, no code, a wrong and an expired code alike', async () => {
      const reset = (email: string, otp: string) => answerOf(anonymous().POST('/api/reset-password/', { body: { email, otp, new_password: factory.password() } }));
      const user = await createUser(ctx, 'reset');
      const noCode = await reset(user.email, '123456');
      await ok(requestReset(user.email));
      const code = await latestCode(ctx.config, user.email);
      const wrong = await reset(user.email, otherThan(code));
      const unknown = await reset(factory.email('unknown'), '123456');

      const disabled = await createUser(ctx, 'disabled');
      await ok(requestReset(disabled.email));
      const disabledCode = await latestCode(ctx.config, disabled.email);
      await ctx.app.get(DataSource).query(`UPDATE users SET disabled_at = now() WHERE email = $1`, [disabled.email]);
      const disabledAnswer = await reset(disabled.email, disabledCode);

      jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + (CODE_TTL_MINUTES * 60 + 1) * 1000));
      const expired = await reset(user.email, code);

      expectSameAnswers([wrong, noCode, unknown, disabledAnswer, expired]);
    });
  });

  describe('weak passwords', () => {
    const COMMON = 'This password is too common. Please choose a less predictable one.';
    const SPACES = 'The password cannot be only spaces.';
    const weak: [string, string][] = [
      ['password', COMMON],
      ['        ', SPACES],
      ['12345678', COMMON],
      ['qwertyuiop', COMMON],
    ];
    const expectRefused = async <T, E>(pending: Promise<Outcome<T, E>>, message: string) =>
      expect(await answerOf(pending)).toEqual({ status: 400, body: { statusCode: 400, detail: message, error: message } });

    it.each(weak)('refuses %j at sign-up, saying why, and creates no account', async (password, message) => {
      const email = factory.email('weak');
      await expectRefused(signup(email, password), message);
      expect(await mailsTo(email)).toHaveLength(0);
    });

    it.each(weak)('refuses %j at reset, in both reset forms, and keeps the old password', async (password, message) => {
      const user = await createUser(ctx, 'weakreset');
      await ok(requestReset(user.email));
      const otp = await latestCode(ctx.config, user.email);
      await expectRefused(anonymous().POST('/api/reset-password/', { body: { email: user.email, otp, new_password: password } }), message);
      await expectRefused(anonymous().POST('/api/reset-password/', { body: { email: user.email, otp, password } }), message);
      await ok(login(user.email, user.password));
    });

    it('keeps the spec text for a short password, checked first', async () => {
      await expectRefused(signup(factory.email('short'), 'pass'), 'Password must be at least 8 characters long.');
      await expectRefused(signup(factory.email('short'), '   '), 'Password must be at least 8 characters long.');
    });

    it('accepts a strong passphrase at sign-up and at reset', async () => {
      const email = factory.email('strong');
      await ok(signup(email, 'harbour lantern oyster quietly'));
      await ok(anonymous().POST('/api/verify-otp/', { body: { email, otp: await latestCode(ctx.config, email) } }));
      await ok(requestReset(email));
      await ok(anonymous().POST('/api/reset-password/', { body: { email, otp: await latestCode(ctx.config, email), password: 'velvet compass drizzle orchard' } }));
      await ok(login(email, 'velvet compass drizzle orchard'));
    });
  });

  describe('sessions end on logout', () => {
    const signIn = async (email: string, password: string) => (await ok(login(email, password))).token;
    const expectEnded = async (token: string) => {
      const as = api(ctx, token);
      const refused = async <T, E>(path: string, pending: Promise<Outcome<T, E>>) =>
        expect({ path, status: (await pending).response.status }).toEqual({ path, status: 401 });
      await refused('/api/me/', as.GET('/api/me/'));
      await refused('/api/projects/', as.GET('/api/projects/'));
      await refused('/api/logout/', as.POST('/api/logout/'));
      await refused('/api/logout-all/', as.POST('/api/logout-all/'));
    };

    it('revokes the presented token only, and logout-all ends every session of the account', async () => {
      const user = await createUser(ctx, 'logout');
      const laptop = await signIn(user.email, user.password);
      const phone = await signIn(user.email, user.password);
      expect(laptop).not.toBe(phone);

      expect(await ok(api(ctx, laptop).POST('/api/logout/'))).toEqual({ message: expect.any(String) });
      await expectEnded(laptop);
      await ok(api(ctx, phone).GET('/api/me/'));
      await ok(api(ctx, user).GET('/api/me/'));

      expect(await ok(api(ctx, phone).POST('/api/logout-all/'))).toEqual({ message: expect.any(String) });
      await expectEnded(phone);
      await expectEnded(user.token);

      const fresh = await signIn(user.email, user.password);
      await ok(api(ctx, fresh).GET('/api/me/'));
      const actions = (await ctx.app.get(AuditRepository).list({ email: user.email })).map((event) => event.action);
      expect(actions).toEqual(expect.arrayContaining(['auth.logout', 'auth.logout_all']));
    });

    it('answers 401 to a logout without a token', async () => {
      await fails(anonymous().POST('/api/logout/'), 401);
      await fails(anonymous().POST('/api/logout-all/'), 401);
    });
  });

  describe('one-time codes stay out of subjects and logs', () => {
    it('puts the code in the body only, and logs the outbox file name instead', async () => {
      const lines: string[] = [];
      for (const level of ['log', 'debug', 'verbose', 'warn', 'error'] as const) {
        jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
          lines.push(args.map(String).join(' '));
        });
      }
      const email = factory.email('codes');
      await ok(signup(email, factory.password()));
      await ok(requestReset(email));

      const mails = await mailsTo(email);
      expect(mails.length).toBeGreaterThanOrEqual(1);
      const mailLines = lines.filter((line) => line.startsWith('Mail '));
      expect(mailLines).toHaveLength(mails.length);
      for (const mail of mails) {
        const code = codeIn(mail);
        expect(mail.text).toContain(code);
        expect(mail.html).toContain(code);
        expect(mail.subject).not.toContain(code);
        expect(mail.subject).not.toMatch(/\d{4,}/);
        for (const line of lines) expect(line).not.toContain(code);
      }
      for (const line of mailLines) {
        expect(line).toMatch(/\.eml\b/);
        for (const mail of mails) expect(line).not.toContain(mail.subject);
      }
    });
  });
});

describe('sign-in limits', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    // The shipped limits (testConfig raises THROTTLE_LIMIT for the other suites); the test agent acts as a proxy
    // that names each client in X-Forwarded-For.
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: undefined, THROTTLE_TTL_SECONDS: undefined, TRUST_PROXY: 'loopback' }, { redis: false }));
  });

  afterAll(() => ctx.close());

  afterEach(() => jest.restoreAllMocks());

  let nextAddress = 0;
  /** A client address of its own for each use, so no two tests share a counter. */
  const clientAddress = () => {
    nextAddress += 1;
    return `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  };
  /** The typed client as the proxy in front of the app calls it for the client at `address`. */
  const from = (address: string) => {
    const client = api(ctx);
    client.use({
      onRequest({ request }) {
        request.headers.set('X-Forwarded-For', address);
        return request;
      },
    });
    return client;
  };
  const login = (address: string, email: string, password: string) => from(address).POST('/api/login/', { body: { email, password } });
  const requestReset = (address: string, email: string) => from(address).POST('/api/request-password-reset/', { body: { email } });
  const verifyFlood = (address: string) => from(address).POST('/api/verify-otp/', { body: { email: 'flood@firm.example', otp: 'x' } });
  const mailsTo = async (email: string) => (await readOutbox(ctx.config)).filter((mail) => mail.to.includes(email));
  const noticesTo = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject === 'Failed sign-ins to your Casewise account');
  const moveClock = (seconds: number) => {
    const clock = ctx.app.get(Clock);
    const base = clock.now().getTime();
    jest.spyOn(clock, 'now').mockReturnValue(new Date(base + seconds * 1000));
  };
  /** An account made from an address of its own, so making it does not count against the address under test. */
  const account = async (label: string) => {
    const address = clientAddress();
    const email = factory.email(label);
    const password = factory.password();
    await ok(from(address).POST('/api/signup/', { body: { email, password } }));
    await ok(from(address).POST('/api/verify-otp/', { body: { email, otp: await latestCode(ctx.config, email) } }));
    return { email, password };
  };
  const expectPaused = ({ response, error }: Outcome<unknown, unknown>) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((error as ErrorBody).detail).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
  };

  it('lets 50 accounts sign in from one office address within a minute', async () => {
    const accounts = [];
    for (let i = 0; i < 50; i++) accounts.push(await account('office'));
    const office = clientAddress();
    const started = Date.now();
    for (const { email, password } of accounts) await ok(login(office, email, password));
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('pauses a client that keeps failing for an account, while the owner signs in from another address', async () => {
    const victim = await account('victim');
    const attacker = clientAddress();
    const failures = ctx.config.auth.limits.failuresPerClient;
    for (let i = 0; i < failures; i++) await fails(login(attacker, victim.email, `guess-${i}-not-it`), 401);
    expectPaused(await login(attacker, victim.email, `guess-more-not-it`));
    // Even the right password waits: the pause is for that client and account, whatever it sends.
    expectPaused(await login(attacker, victim.email, victim.password));
    await ok(login(clientAddress(), victim.email, victim.password));

    const actions = (await ctx.app.get(AuditRepository).list({ email: victim.email })).map((event) => event.action);
    expect(actions).toContain('auth.login_paused');
  });

  it('backs off: each failure after a pause doubles the next pause', async () => {
    const user = await account('backoff');
    const attacker = clientAddress();
    for (let i = 0; i < ctx.config.auth.limits.failuresPerClient; i++) await fails(login(attacker, user.email, `guess-${i}-not-it`), 401);
    const first = await login(attacker, user.email, 'guess-again-not-it');
    expectPaused(first);
    const firstPause = Number(first.response.headers.get('retry-after'));
    moveClock(firstPause + 1);
    await fails(login(attacker, user.email, 'guess-after-pause'), 401);
    const second = await login(attacker, user.email, 'guess-after-pause-2');
    expectPaused(second);
    expect(Number(second.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(2 * firstPause - 1);
  });

  it('mails the owner once per window after repeated failures, not once per failure', async () => {
    const user = await account('notice');
    for (let i = 0; i < ctx.config.auth.limits.failuresPerClient; i++) await fails(login(clientAddress(), user.email, `guess-${i}-not-it`), 401);
    expect(await noticesTo(user.email)).toHaveLength(1);
    for (let i = 0; i < 3; i++) await fails(login(clientAddress(), user.email, `more-${i}-not-it`), 401);
    const notices = await noticesTo(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('failed attempts to sign in');
    const actions = (await ctx.app.get(AuditRepository).list({ email: user.email })).map((event) => event.action);
    expect(actions.filter((action) => action === 'auth.login_notice')).toHaveLength(1);
  });

  it('slows an account under a spread-out attack for new addresses, never for an address the owner signed in from', async () => {
    const user = await account('spread');
    const home = clientAddress();
    await ok(login(home, user.email, user.password));
    const { failuresPerClient, failuresPerAccount } = ctx.config.auth.limits;
    expect(failuresPerAccount).toBeGreaterThan(failuresPerClient);
    for (let i = 0; i < failuresPerAccount; i++) await fails(login(clientAddress(), user.email, `spread-${i}-not-it`), 401);
    await fails(login(clientAddress(), user.email, 'slowed-not-it'), 401);
    expectPaused(await login(clientAddress(), user.email, 'slowed-again-not-it'));
    await ok(login(home, user.email, user.password));
    const actions = (await ctx.app.get(AuditRepository).list({ email: user.email })).map((event) => event.action);
    expect(actions).toContain('auth.login_slowed');
  });

  it('limits the codes mailed to one address, known or not, so nobody can mail-bomb it', async () => {
    const user = await account('mailbomb');
    const stranger = factory.email('nobody');
    const limit = ctx.config.auth.limits.codeMailsPerAddress;
    const before = (await mailsTo(user.email)).length;
    for (let i = 0; i < limit - 1; i++) {
      await ok(requestReset(clientAddress(), user.email));
    }
    for (let i = 0; i < limit; i++) await ok(requestReset(clientAddress(), stranger));
    const known = await requestReset(clientAddress(), user.email);
    const unknown = await requestReset(clientAddress(), stranger);
    expectPaused(known);
    expect(await answerOf(unknown)).toEqual(await answerOf(known));
    // The sign-up code counted: limit mails in all.
    expect((await mailsTo(user.email)).length - before).toBe(limit - 1);
  });

  it('answers a flood from one address with 429 and Retry-After', async () => {
    const flooder = clientAddress();
    const limit = ctx.config.auth.limits.requestsPerAddress;
    for (let i = 0; i < limit; i++) {
      const { response } = await verifyFlood(flooder);
      expect(response.status).toBe(400);
    }
    expectPaused(await login(flooder, 'flood@firm.example', 'whatever'));
    await fails(verifyFlood(clientAddress()), 400);
  });
});
