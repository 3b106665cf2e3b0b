import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, MESSAGES } from '@api/modules/auth/auth.service';
import { Clock } from '@api/modules/common/clock';
import { createUser, factory } from '../utils/factory';
import { latestCode } from '../utils/outbox';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// The edges of one-time codes and of revoked sessions, through the HTTP API.
describe('one-time codes and sessions at their edges', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
  });

  afterAll(() => ctx.close());

  afterEach(() => jest.restoreAllMocks());

  const bearer = (token: string): [string, string] => ['Authorization', `Bearer ${token}`];
  const signup = (email: string, password = factory.password()) => ctx.http.post('/api/signup/').send({ email, password }).expect(200);
  const verify = (email: string, otp: string) => ctx.http.post('/api/verify-otp/').send({ email, otp });
  const reset = (email: string, otp: string) => ctx.http.post('/api/reset-password/').send({ email, otp, new_password: factory.password() });

  it(`accepts a code until the instant ${CODE_TTL_MINUTES} minutes after it was sent, and not at that instant`, async () => {
    const clock = ctx.app.get(Clock);
    const sent = new Date(Date.now() + 3_600_000);
    const ttl = CODE_TTL_MINUTES * 60_000;
    const now = jest.spyOn(clock, 'now').mockReturnValue(sent);
    const [early, late] = [factory.email('early'), factory.email('late')];
    await signup(early);
    await signup(late);
    const [earlyCode, lateCode] = [await latestCode(ctx.config, early), await latestCode(ctx.config, late)];

    now.mockReturnValue(new Date(sent.getTime() + ttl));
    const refused = await verify(late, lateCode).expect(400);
    expect(refused.body.detail).toBe(MESSAGES.badCode);
    now.mockReturnValue(new Date(sent.getTime() + ttl - 1));
    await verify(early, earlyCode).expect(200);
  });

  it('binds a code to its purpose: a sign-up code resets nothing and a reset code verifies nothing', async () => {
    const email = factory.email('purpose');
    await signup(email);
    const signupCode = await latestCode(ctx.config, email);
    await ctx.http.post('/api/request-password-reset/').send({ email }).expect(200);
    const resetCode = await latestCode(ctx.config, email);
    expect(resetCode).not.toBe(signupCode);

    expect((await reset(email, signupCode).expect(400)).body.detail).toBe(MESSAGES.badCode);
    expect((await verify(email, resetCode).expect(400)).body.detail).toBe(MESSAGES.badCode);
    await reset(email, ` ${resetCode} `).expect(200);
  });

  it(`lets a code survive ${CODE_MAX_ATTEMPTS - 1} wrong tries, and works once only`, async () => {
    const email = factory.email('tries');
    await signup(email);
    const code = await latestCode(ctx.config, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) expect((await verify(email, wrong).expect(400)).body.detail).toBe(MESSAGES.badCode);
    await verify(email, code).expect(200);

    const spent = factory.email('spent');
    await signup(spent);
    const spentCode = await latestCode(ctx.config, spent);
    for (let i = 1; i <= CODE_MAX_ATTEMPTS; i++) await verify(spent, wrong).expect(400);
    expect((await verify(spent, spentCode).expect(400)).body.detail).toBe(MESSAGES.badCode);

    await ctx.http.post('/api/request-password-reset/').send({ email }).expect(200);
    const resetCode = await latestCode(ctx.config, email);
    await reset(email, resetCode).expect(200);
    expect((await reset(email, resetCode).expect(400)).body.detail).toBe(MESSAGES.badCode);
  });

  it('refuses the token of an account that is disabled, or whose sessions were all ended', async () => {
    const disabled = await createUser(ctx, 'disabled');
    await ctx.http.get('/api/me/').set(...bearer(disabled.token)).expect(200);
    await ctx.app.get(DataSource).query(`UPDATE users SET disabled_at = now() WHERE email = $1`, [disabled.email]);
    await ctx.http.get('/api/me/').set(...bearer(disabled.token)).expect(401);

    const ended = await createUser(ctx, 'ended');
    await ctx.http.post('/api/logout-all/').set(...bearer(ended.token)).expect(200);
    await ctx.http.get('/api/me/').set(...bearer(ended.token)).expect(401);
  });

  it('answers a code for an address without an account like a wrong code, and audits each failure with its account or none', async () => {
    const email = factory.email('nobody');
    expect((await verify(email, '123456').expect(400)).body.detail).toBe(MESSAGES.badCode);
    const events = await ctx.app.get(AuditRepository).list({ email });
    expect(events.map((event) => [event.action, event.actorId, event.details])).toEqual([['auth.verify_failed', null, { purpose: 'verify', attempts: null }]]);

    const known = factory.email('known');
    await signup(known);
    const code = await latestCode(ctx.config, known);
    await verify(known, code === '000000' ? '111111' : '000000').expect(400);
    const failed = (await ctx.app.get(AuditRepository).list({ email: known })).filter((event) => event.action === 'auth.verify_failed');
    const me = await ctx.app.get(DataSource).query('SELECT id FROM users WHERE email = $1', [known]);
    expect(failed.map((event) => [event.actorId, event.details])).toEqual([[me[0].id, { purpose: 'verify', attempts: 1 }]]);
  });

  it('keeps a logged-out token refused after later logouts clear old revocations', async () => {
    const user = await createUser(ctx, 'revoked');
    const laptop = (await ctx.http.post('/api/login/').send({ email: user.email, password: user.password }).expect(200)).body.token as string;
    await ctx.http.post('/api/logout/').set(...bearer(laptop)).expect(200);
    await ctx.http.get('/api/me/').set(...bearer(laptop)).expect(401);

    // Another session's logout prunes the revocations whose tokens have expired; the laptop's has not.
    const other = await createUser(ctx, 'other');
    await ctx.http.post('/api/logout/').set(...bearer(other.token)).expect(200);
    await ctx.http.get('/api/me/').set(...bearer(laptop)).expect(401);
    await ctx.http.get('/api/me/').set(...bearer(user.token)).expect(200);

    // Once the laptop's token would have expired, the next logout removes its revocation.
    const revocations = async () => Number((await ctx.app.get(DataSource).query('SELECT count(*) AS n FROM revoked_tokens WHERE user_id = (SELECT id FROM users WHERE email = $1)', [user.email]))[0].n);
    expect(await revocations()).toBe(1);
    jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 400 * 24 * 3_600_000));
    const third = await createUser(ctx, 'third');
    await ctx.http.post('/api/logout/').set(...bearer(third.token)).expect(200);
    expect(await revocations()).toBe(0);
  });
});
