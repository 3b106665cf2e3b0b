import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, MESSAGES } from '@api/modules/auth/auth.service';
import { Clock } from '@api/modules/common/clock';
import { api, fails, ok } from '../utils/api';
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

  const signup = (email: string, password = factory.password()) => ok(api(ctx).POST('/api/signup/', { body: { email, password } }));
  const verify = (email: string, otp: string) => api(ctx).POST('/api/verify-otp/', { body: { email, otp } });
  const reset = (email: string, otp: string) => api(ctx).POST('/api/reset-password/', { body: { email, otp, new_password: factory.password() } });
  const requestReset = (email: string) => api(ctx).POST('/api/request-password-reset/', { body: { email } });
  const me = (token: string) => api(ctx, token).GET('/api/me/');

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
    const refused = await fails(verify(late, lateCode), 400);
    expect(refused.detail).toBe(MESSAGES.badCode);
    now.mockReturnValue(new Date(sent.getTime() + ttl - 1));
    await ok(verify(early, earlyCode));
  });

  it('binds a code to its purpose: a sign-up code resets nothing and a reset code verifies nothing', async () => {
    const email = factory.email('purpose');
    await signup(email);
    const signupCode = await latestCode(ctx.config, email);
    await ok(requestReset(email));
    const resetCode = await latestCode(ctx.config, email);
    expect(resetCode).not.toBe(signupCode);

    expect((await fails(reset(email, signupCode), 400)).detail).toBe(MESSAGES.badCode);
    expect((await fails(verify(email, resetCode), 400)).detail).toBe(MESSAGES.badCode);
    await ok(reset(email, ` ${resetCode} `));
  });

  it(`lets a code survive ${CODE_MAX_ATTEMPTS - 1} wrong tries, and works once only`, async () => {
    const email = factory.email('tries');
    await signup(email);
    const code = await latestCode(ctx.config, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) expect((await fails(verify(email, wrong), 400)).detail).toBe(MESSAGES.badCode);
    await ok(verify(email, code));

    const spent = factory.email('spent');
    await signup(spent);
    const spentCode = await latestCode(ctx.config, spent);
    for (let i = 1; i <= CODE_MAX_ATTEMPTS; i++) await fails(verify(spent, wrong), 400);
    expect((await fails(verify(spent, spentCode), 400)).detail).toBe(MESSAGES.badCode);

    await ok(requestReset(email));
    const resetCode = await latestCode(ctx.config, email);
    await ok(reset(email, resetCode));
    expect((await fails(reset(email, resetCode), 400)).detail).toBe(MESSAGES.badCode);
  });

  it('refuses the token of an account that is disabled, or whose sessions were all ended', async () => {
    const disabled = await createUser(ctx, 'disabled');
    await ok(me(disabled.token));
    await ctx.app.get(DataSource).query(`UPDATE users SET disabled_at = now() WHERE email = $1`, [disabled.email]);
    await fails(me(disabled.token), 401);

    const ended = await createUser(ctx, 'ended');
    await ok(api(ctx, ended.token).POST('/api/logout-all/'));
    await fails(me(ended.token), 401);
  });

  it('answers a code for an address without an account like a wrong code, and audits each failure with its account or none', async () => {
    const email = factory.email('nobody');
    expect((await fails(verify(email, '123456'), 400)).detail).toBe(MESSAGES.badCode);
    const events = await ctx.app.get(AuditRepository).list({ email });
    expect(events.map((event) => [event.action, event.actorId, event.details])).toEqual([['auth.verify_failed', null, { purpose: 'verify', attempts: null }]]);

    const known = factory.email('known');
    await signup(known);
    const code = await latestCode(ctx.config, known);
    await fails(verify(known, code === '000000' ? '111111' : '000000'), 400);
    const failed = (await ctx.app.get(AuditRepository).list({ email: known })).filter((event) => event.action === 'auth.verify_failed');
    const me = await ctx.app.get(DataSource).query('SELECT id FROM users WHERE email = $1', [known]);
    expect(failed.map((event) => [event.actorId, event.details])).toEqual([[me[0].id, { purpose: 'verify', attempts: 1 }]]);
  });

  it('keeps a logged-out token refused after later logouts clear old revocations', async () => {
    const user = await createUser(ctx, 'revoked');
    const laptop = (await ok(api(ctx).POST('/api/login/', { body: { email: user.email, password: user.password } }))).token;
    await ok(api(ctx, laptop).POST('/api/logout/'));
    await fails(me(laptop), 401);

    // Another session's logout prunes the revocations whose tokens have expired; the laptop's has not.
    const other = await createUser(ctx, 'other');
    await ok(api(ctx, other.token).POST('/api/logout/'));
    await fails(me(laptop), 401);
    await ok(me(user.token));

    // Once the laptop's token would have expired, the next logout removes its revocation.
    const revocations = async () => Number((await ctx.app.get(DataSource).query('SELECT count(*) AS n FROM revoked_tokens WHERE user_id = (SELECT id FROM users WHERE email = $1)', [user.email]))[0].n);
    expect(await revocations()).toBe(1);
    jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 400 * 24 * 3_600_000));
    const third = await createUser(ctx, 'third');
    await ok(api(ctx, third.token).POST('/api/logout/'));
    expect(await revocations()).toBe(0);
  });

  it("checks each server's sessions with its own secret and database when two run in one process", async () => {
    const before = await createUser(ctx, 'before');
    const second = await startTestApp(testConfig({}, { redis: false }));
    try {
      const after = await createUser(ctx, 'after');
      const theirs = await createUser(second, 'theirs');
      await ok(me(before.token));
      await ok(me(after.token));
      await ok(api(second, theirs.token).GET('/api/me/'));
      // Each secret is its own: a session of one server means nothing to the other.
      await fails(me(theirs.token), 401);
      await fails(api(second, after.token).GET('/api/me/'), 401);
    } finally {
      await second.close();
    }
    await ok(me(before.token));
  });
});
