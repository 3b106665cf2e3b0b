import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { CODE_TTL_MINUTES, MESSAGES } from '@api/modules/auth/auth.service';
import { Clock } from '@api/modules/common/clock';
import { createUser, factory } from '../utils/factory';
import { codeIn, latestCode, readOutbox } from '../utils/outbox';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

describe('accounts', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
  });

  afterAll(() => ctx.close());

  afterEach(() => jest.restoreAllMocks());

  const signup = (email: string, password: string) => ctx.http.post('/api/signup/').send({ email, password });
  const mailsTo = async (email: string) => (await readOutbox(ctx.config)).filter((mail) => mail.to.includes(email));

  it('runs the whole flow: sign-up, code, verify, login, me, reset, old token refused, new login', async () => {
    const email = factory.email();
    const password = factory.password();
    const created = await signup(email, password).expect(200);
    expect(created.body).toEqual({ message: 'Account created successfully! A verification code has been sent to your email.' });

    const verified = await ctx.http.post('/api/verify-otp/').send({ email, otp: await latestCode(ctx.config, email) }).expect(200);
    expect(verified.body).toEqual({ message: 'Account verified successfully! Redirecting to login...' });

    const { token } = (await ctx.http.post('/api/login/').send({ email, password }).expect(200)).body as { token: string };
    const me = await ctx.http.get('/api/me/').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toEqual({ id: expect.any(String), email, role: 'admin', firm: { id: expect.any(String), name: email.split('@')[1] }, created_at: expect.any(String) });

    const requested = await ctx.http.post('/api/request-password-reset/').send({ email }).expect(200);
    expect(requested.body).toEqual({ message: 'OTP sent to your email. Please check your inbox (and spam folder) for the reset code.' });
    const newPassword = factory.password();
    const reset = await ctx.http
      .post('/api/reset-password/')
      .send({ email, otp: await latestCode(ctx.config, email), new_password: newPassword })
      .expect(200);
    expect(reset.body).toEqual({ message: 'Password reset successful!' });

    const refused = await ctx.http.get('/api/me/').set('Authorization', `Bearer ${token}`).expect(401);
    expect(refused.body.statusCode).toBe(401);
    await ctx.http.post('/api/login/').send({ email, password }).expect(401);
    const again = await ctx.http.post('/api/login/').send({ email, password: newPassword }).expect(200);
    await ctx.http.get('/api/me/').set('Authorization', `Bearer ${again.body.token}`).expect(200);
  });

  it('accepts the alternate reset form, whose field is `password`', async () => {
    const user = await createUser(ctx);
    await ctx.http.post('/api/request-password-reset/').send({ email: user.email }).expect(200);
    const newPassword = factory.password();
    await ctx.http.post('/api/reset-password/').send({ email: user.email, otp: await latestCode(ctx.config, user.email), password: newPassword }).expect(200);
    await ctx.http.post('/api/login/').send({ email: user.email, password: newPassword }).expect(200);
  });

  it.each([
    [{ email: 'not-an-address', password: 'long enough' }, 'Please enter a valid email address.'],
    [{ email: 'a@firm.example', password: 'short' }, 'Password must be at least 8 characters long.'],
    [{ password: 'long enough' }, 'Please enter a valid email address.'],
  ])('refuses sign-up %j with the spec message', async (body, message) => {
    const response = await ctx.http.post('/api/signup/').send(body).expect(400);
    expect(response.body).toEqual({ statusCode: 400, detail: message, error: message });
  });

  it('stores codes only as hashes', async () => {
    const email = factory.email();
    await signup(email, factory.password()).expect(200);
    const code = await latestCode(ctx.config, email);
    const rows: { code_hash: string }[] = await ctx.app.get(DataSource).query('SELECT code_hash FROM one_time_codes');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.code_hash.includes(code))).toBe(false);
  });

  it('voids the first code when the code is sent again (Resend Code)', async () => {
    const email = factory.email();
    const password = factory.password();
    await signup(email, password).expect(200);
    const first = await latestCode(ctx.config, email);
    await signup(email, password).expect(200);
    const second = await latestCode(ctx.config, email);
    if (first !== second) {
      const stale = await ctx.http.post('/api/verify-otp/').send({ email, otp: first }).expect(400);
      expect(stale.body.detail).toBe(MESSAGES.badCode);
    }
    await ctx.http.post('/api/verify-otp/').send({ email, otp: second }).expect(200);
    await ctx.http.post('/api/login/').send({ email, password }).expect(200);
  });

  it('answers a sign-up for a verified address exactly as for a new one, and warns the owner by mail', async () => {
    const user = await createUser(ctx);
    const known = await signup(user.email, factory.password()).expect(200);
    const unknown = await signup(factory.email(), factory.password()).expect(200);
    expect(known.body).toEqual(unknown.body);
    const mails = await mailsTo(user.email);
    expect(mails[mails.length - 1].subject).toBe('Someone tried to sign up to Casewise with your address');
    await ctx.http.post('/api/login/').send({ email: user.email, password: user.password }).expect(200);
  });

  it('answers a reset request for an unknown address exactly as for a known one, and mails only the known', async () => {
    const user = await createUser(ctx);
    const stranger = factory.email();
    const known = await ctx.http.post('/api/request-password-reset/').send({ email: user.email }).expect(200);
    const unknown = await ctx.http.post('/api/request-password-reset/').send({ email: stranger }).expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(stranger)).toHaveLength(0);
    expect((await mailsTo(user.email)).some((mail) => /reset code/.test(mail.subject))).toBe(true);
  });

  it(`expires a code after ${CODE_TTL_MINUTES} minutes`, async () => {
    const email = factory.email();
    await signup(email, factory.password()).expect(200);
    const code = await latestCode(ctx.config, email);
    const clock = ctx.app.get(Clock);
    const later = new Date(Date.now() + (CODE_TTL_MINUTES * 60 + 1) * 1000);
    jest.spyOn(clock, 'now').mockReturnValue(later);
    const response = await ctx.http.post('/api/verify-otp/').send({ email, otp: code }).expect(400);
    expect(response.body.detail).toBe(MESSAGES.badCode);
  });

  it('voids a code at the fifth wrong try, so even the right code then fails', async () => {
    const email = factory.email();
    await signup(email, factory.password()).expect(200);
    const code = await latestCode(ctx.config, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const response = await ctx.http.post('/api/verify-otp/').send({ email, otp: wrong }).expect(400);
      expect(response.body.detail).toBe(MESSAGES.badCode);
    }
    const fifth = await ctx.http.post('/api/verify-otp/').send({ email, otp: wrong }).expect(400);
    expect(fifth.body.detail).toBe(MESSAGES.badCode);
    const right = await ctx.http.post('/api/verify-otp/').send({ email, otp: code }).expect(400);
    expect(right.body.detail).toBe(MESSAGES.badCode);
  });

  it('uses a code once only', async () => {
    const user = await createUser(ctx);
    await ctx.http.post('/api/request-password-reset/').send({ email: user.email }).expect(200);
    const otp = await latestCode(ctx.config, user.email);
    await ctx.http.post('/api/reset-password/').send({ email: user.email, otp, new_password: factory.password() }).expect(200);
    const reused = await ctx.http.post('/api/reset-password/').send({ email: user.email, otp, new_password: factory.password() }).expect(400);
    expect(reused.body.detail).toBe(MESSAGES.badCode);
  });

  it('gives the same 401 text for a wrong password and an unknown address', async () => {
    const user = await createUser(ctx);
    const wrongPassword = await ctx.http.post('/api/login/').send({ email: user.email, password: 'not the password' }).expect(401);
    const unknown = await ctx.http.post('/api/login/').send({ email: factory.email(), password: 'whatever1' }).expect(401);
    expect(wrongPassword.body).toEqual({ statusCode: 401, detail: 'Invalid email or password.', error: 'Invalid email or password.' });
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('refuses login before verification with 403', async () => {
    const email = factory.email();
    const password = factory.password();
    await signup(email, password).expect(200);
    const response = await ctx.http.post('/api/login/').send({ email, password }).expect(403);
    expect(response.body.detail).toBe(MESSAGES.unverified);
  });

  it('refuses a disabled account with 403 and ends its sessions', async () => {
    const user = await createUser(ctx);
    const dataSource = ctx.app.get(DataSource);
    await dataSource.query(`UPDATE users SET disabled_at = now() WHERE email = $1`, [user.email]);
    const response = await ctx.http.post('/api/login/').send({ email: user.email, password: user.password }).expect(403);
    expect(response.body.detail).toBe(MESSAGES.disabled);
    await ctx.http.get('/api/me/').set('Authorization', `Bearer ${user.token}`).expect(401);
  });

  describe('protected routes answer 401 with the contract body', () => {
    let token: string;
    let userId: string;

    beforeAll(async () => {
      const user = await createUser(ctx);
      token = user.token;
      userId = (await ctx.http.get('/api/me/').set('Authorization', `Bearer ${token}`)).body.id;
    });

    const cases: [string, () => Promise<string | null>][] = [
      ['no token', async () => null],
      ['a malformed token', async () => 'not.a.jwt'],
      ['an expired token', async () => new JwtService({ secret: ctx.config.auth.jwtSecret.reveal() }).signAsync({ sub: userId, ver: 0 }, { expiresIn: -10 })],
      ['a token signed with another key', async () => new JwtService({ secret: 'x'.repeat(40) }).signAsync({ sub: userId, ver: 0 })],
      ['a token with the wrong algorithm', async () => new JwtService({ secret: ctx.config.auth.jwtSecret.reveal() }).signAsync({ sub: userId, ver: 0 }, { algorithm: 'HS512' })],
    ];

    it.each(cases)('with %s', async (_label, make) => {
      const value = await make();
      const request = ctx.http.get('/api/me/');
      if (value) request.set('Authorization', `Bearer ${value}`);
      const response = await request.expect(401);
      expect(response.body).toEqual({ statusCode: 401, detail: expect.any(String), error: expect.any(String) });
      expect(response.body.detail.length).toBeGreaterThan(10);
    });

    it('accepts the valid token', async () => {
      await ctx.http.get('/api/me/').set('Authorization', `Bearer ${token}`).expect(200);
    });
  });

  it('records audit events for the account actions', async () => {
    const user = await createUser(ctx);
    await ctx.http.post('/api/login/').send({ email: user.email, password: 'wrong password' }).expect(401);
    await ctx.http.post('/api/request-password-reset/').send({ email: user.email }).expect(200);
    await ctx.http.post('/api/reset-password/').send({ email: user.email, otp: await latestCode(ctx.config, user.email), new_password: factory.password() }).expect(200);
    const actions = (await ctx.app.get(AuditRepository).list({ email: user.email })).map((event) => event.action);
    expect(actions).toEqual(['auth.signup', 'auth.verify', 'auth.login', 'auth.login_failed', 'auth.password_reset_request', 'auth.password_reset']);
  });

  it('puts the code in both the text and the HTML part', async () => {
    const email = factory.email();
    await signup(email, factory.password()).expect(200);
    const [mail] = await mailsTo(email);
    expect(mail.html).toContain(codeIn(mail));
    expect(mail.subject).toContain('Casewise');
  });
});

describe('throttling', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '3', THROTTLE_TTL_SECONDS: '60' }, { redis: false }));
  });

  afterAll(() => ctx.close());

  it('answers 429 with Retry-After and a clear detail once an address passes the limit', async () => {
    const email = factory.email();
    for (let i = 0; i < 3; i++) await ctx.http.post('/api/login/').send({ email, password: 'wrong password' }).expect(401);
    const response = await ctx.http.post('/api/login/').send({ email, password: 'wrong password' }).expect(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body.detail).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });
});
