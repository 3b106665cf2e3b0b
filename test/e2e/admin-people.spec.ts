import { Clock } from '@api/modules/common/clock';
import { createUser, factory, TestUser } from '../utils/factory';
import { latestCode, readOutbox } from '../utils/outbox';
import { asUser } from '../utils/firm';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// The firm's people, run by its administrators: invitations that place a sign-up in the firm, roles,
// disabling that ends sessions at once, the last-administrator rule, and the firm's own settings.
describe('admin API: people, invitations and settings', () => {
  let ctx: TestApp;
  let admin: TestUser;
  let stranger: TestUser;
  let firmId: string;
  let adminId: string;

  const as = (user: TestUser) => asUser(ctx, user);

  /** Signs up through the spec's own flow (sign-up, mailed code, login) and returns the session. */
  async function signUp(email: string): Promise<TestUser> {
    const password = factory.password();
    await ctx.http.post('/api/signup/').send({ email, password }).expect(200);
    await ctx.http.post('/api/verify-otp/').send({ email, otp: await latestCode(ctx.config, email) }).expect(200);
    const login = await ctx.http.post('/api/login/').send({ email, password }).expect(200);
    return { email, password, token: login.body.token as string };
  }

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    admin = await createUser(ctx, 'people-admin');
    stranger = await createUser(ctx, 'people-stranger');
    const me = (await as(admin).get('/api/me/').expect(200)).body as { id: string; firm: { id: string } };
    firmId = me.firm.id;
    adminId = me.id;
  });

  afterAll(() => ctx?.close());

  it('invites by mail; the address joins the firm with the invited role when it signs up the usual way', async () => {
    const email = factory.email('invited');
    const invitation = await as(admin).post('/api/admin/users/', { email, role: 'member' }).expect(201);
    expect(invitation.body).toMatchObject({ email, role: 'member', status: 'pending' });
    const mail = (await readOutbox(ctx.config)).filter((sent) => sent.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toMatch(/^You are invited to .+ on Casewise$/);
    expect(mail[0].text).toContain('/signup');

    const invited = await signUp(email);
    const me = await as(invited).get('/api/me/').expect(200);
    expect(me.body).toMatchObject({ email, role: 'member', firm: { id: firmId } });
    expect((await as(admin).get(`/api/admin/invitations/${invitation.body.id}`).expect(200)).body.status).toBe('accepted');
    const people = await as(admin).get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: 'invited' }))}`).expect(200);
    expect(people.body).toEqual([expect.objectContaining({ email, role: 'member', status: 'active', disabled: false })]);
    expect(people.headers['content-range']).toBe('users 0-0/1');
    // The sign-up above ended with a login: the console shows when.
    const signedInAt = Date.parse(people.body[0].last_sign_in_at as string);
    expect(Date.now() - signedInAt).toBeLessThan(60_000);
    const pending = await as(admin).post('/api/admin/invitations/', { email: factory.email('never'), role: 'member' }).expect(201);
    const neverEmail = pending.body.email as string;
    const neverPassword = factory.password();
    await ctx.http.post('/api/signup/').send({ email: neverEmail, password: neverPassword }).expect(200);
    const never = await as(admin).get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: neverEmail }))}`).expect(200);
    expect(never.body).toEqual([expect.objectContaining({ email: neverEmail, last_sign_in_at: null })]);
  });

  it('refuses to invite an address that already has an account, in any firm, without naming the firm', async () => {
    const refused = await as(admin).post('/api/admin/invitations/', { email: stranger.email, role: 'member' }).expect(400);
    expect(refused.body.detail).toBe('This address already has a Casewise account, so it cannot be invited.');
    await as(admin).post('/api/admin/users/', { email: 'not-an-address', role: 'member' }).expect(400);
    expect((await as(admin).post('/api/admin/users/', { email: factory.email('x'), role: 'owner' }).expect(400)).body.detail).toBe('The role must be admin or member.');
  });

  it('places no one through a revoked or an expired invitation', async () => {
    const revokedEmail = factory.email('revoked');
    const revoked = await as(admin).post('/api/admin/invitations/', { email: revokedEmail, role: 'admin' }).expect(201);
    expect((await as(admin).delete(`/api/admin/invitations/${revoked.body.id}`).expect(200)).body.status).toBe('revoked');
    const fromRevoked = await signUp(revokedEmail);
    expect((await as(fromRevoked).get('/api/me/')).body.firm.id).not.toBe(firmId);

    const expiredEmail = factory.email('expired');
    const expired = await as(admin).post('/api/admin/invitations/', { email: expiredEmail, role: 'member' }).expect(201);
    const password = factory.password();
    const clock = jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 8 * 86_400_000));
    try {
      expect((await as(admin).get(`/api/admin/invitations/${expired.body.id}`).expect(200)).body.status).toBe('expired');
      await ctx.http.post('/api/signup/').send({ email: expiredEmail, password }).expect(200);
      await ctx.http.post('/api/verify-otp/').send({ email: expiredEmail, otp: await latestCode(ctx.config, expiredEmail) }).expect(200);
    } finally {
      clock.mockRestore();
    }
    const late = (await ctx.http.post('/api/login/').send({ email: expiredEmail, password }).expect(200)).body.token as string;
    expect((await ctx.http.get('/api/me/').set('Authorization', `Bearer ${late}`)).body).toMatchObject({ role: 'admin' });
    expect((await ctx.http.get('/api/me/').set('Authorization', `Bearer ${late}`)).body.firm.id).not.toBe(firmId);

    const fresh = await as(admin).post('/api/admin/invitations/', { email: factory.email('resent'), role: 'member' }).expect(201);
    const resent = await as(admin).put(`/api/admin/invitations/${fresh.body.id}`, { resend: true }).expect(200);
    expect(resent.body.status).toBe('pending');
    expect(new Date(resent.body.expires_at).getTime()).toBeGreaterThanOrEqual(new Date(fresh.body.expires_at).getTime());
    expect((await readOutbox(ctx.config)).filter((sent) => sent.to.includes(fresh.body.email))).toHaveLength(2);
  });

  it('changes roles, keeps the last administrator, and disables with immediate effect', async () => {
    const email = factory.email('colleague');
    await as(admin).post('/api/admin/users/', { email, role: 'member' }).expect(201);
    const colleague = await signUp(email);
    const colleagueId = (await as(colleague).get('/api/me/')).body.id as string;

    expect((await as(admin).put(`/api/admin/users/${adminId}`, { role: 'member' }).expect(400)).body.detail).toBe('A firm must keep at least one administrator.');
    expect((await as(admin).delete(`/api/admin/users/${adminId}`).expect(400)).body.detail).toBe('You cannot disable your own account.');
    expect((await as(admin).put(`/api/admin/users/${colleagueId}`, { role: 'admin' }).expect(200)).body.role).toBe('admin');
    await as(colleague).get('/api/admin/users').expect(200);
    expect((await as(colleague).put(`/api/admin/users/${adminId}`, { role: 'member' }).expect(200)).body.role).toBe('member');
    await as(admin).get('/api/admin/users').expect(403);
    await as(colleague).put(`/api/admin/users/${adminId}`, { role: 'admin' }).expect(200);

    const project = await as(colleague).post('/api/projects/', { name: 'Kept history' }).expect(201);
    const disabled = await as(admin).delete(`/api/admin/users/${colleagueId}`).expect(200);
    expect(disabled.body).toMatchObject({ id: colleagueId, disabled: true });
    await as(colleague).get('/api/me/').expect(401);
    await ctx.http.post('/api/login/').send({ email, password: colleague.password }).expect(403);
    const listed = await as(admin).get(`/api/admin/projects/${project.body.id}`).expect(200);
    expect(listed.body.owner_email).toBe(email);

    await as(admin).put(`/api/admin/users/${colleagueId}`, { disabled: false }).expect(200);
    await ctx.http.post('/api/login/').send({ email, password: colleague.password }).expect(200);
    const actions = ((await as(admin).get(`/api/admin/audit-events?filter=${encodeURIComponent(JSON.stringify({ target_id: colleagueId, action: 'user.' }))}&sort=["seq","ASC"]`)).body as { action: string }[]).map((event) => event.action);
    expect(actions).toEqual(['user.role_change', 'user.disable', 'user.enable']);
  });

  it("keeps another firm's people and invitations out of sight, and members out of the console", async () => {
    const invitation = await as(admin).post('/api/admin/invitations/', { email: factory.email('hidden'), role: 'member' }).expect(201);
    await as(stranger).get(`/api/admin/invitations/${invitation.body.id}`).expect(404);
    await as(stranger).get(`/api/admin/users/${adminId}`).expect(404);
    await as(stranger).put(`/api/admin/users/${adminId}`, { disabled: true }).expect(404);
    const theirs = (await as(stranger).get('/api/admin/users?range=[0,99]').expect(200)).body as { id: string }[];
    expect(theirs.map((person) => person.id)).not.toContain(adminId);
    // The console looks people up by id (react-admin's getMany): only the caller's firm answers.
    const strangerId = ((await as(stranger).get('/api/me/').expect(200)).body as { id: string }).id;
    const byId = (ids: string[]) => `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`;
    expect(((await as(admin).get(byId([adminId, strangerId])).expect(200)).body as { id: string }[]).map((person) => person.id)).toEqual([adminId]);
    expect(((await as(stranger).get(byId([adminId])).expect(200)).body as unknown[]).length).toBe(0);
    expect((await as(admin).get(byId(['nope'])).expect(400)).body.detail).toBe('The "id" filter must be an id or a list of at most 500 ids (UUIDs).');
    const member = await signUp((await as(admin).post('/api/admin/users/', { email: factory.email('member'), role: 'member' }).expect(201)).body.email as string);
    for (const path of ['/api/admin/users', '/api/admin/invitations', '/api/admin/settings']) await as(member).get(path).expect(403);
  });

  it("changes the firm's settings within the server's limits, and applies the upload limit", async () => {
    const settings = await as(admin).get('/api/admin/settings').expect(200);
    expect(settings.body).toMatchObject({ id: firmId, default_model: null, upload_limit_mb: null, server_upload_limit_mb: 50 });
    expect((await as(admin).put('/api/admin/settings', { upload_limit_mb: 51 }).expect(400)).body.detail).toBe("The upload limit cannot exceed the server's limit of 50 MB.");
    expect((await as(admin).put('/api/admin/settings', { default_model: 'gpt-x' }).expect(400)).body.detail).toMatch(/^The default model must be one this server offers: /);
    expect((await as(admin).put('/api/admin/settings', { name: '  ' }).expect(400)).body.detail).toBe('The firm name is required.');
    const changed = await as(admin).put('/api/admin/settings', { name: 'Firm LLP', upload_limit_mb: 1, default_model: settings.body.models[0] }).expect(200);
    expect(changed.body).toMatchObject({ name: 'Firm LLP', upload_limit_mb: 1, default_model: settings.body.models[0] });
    expect((await as(admin).get('/api/me/')).body.firm.name).toBe('Firm LLP');

    const project = await as(admin).post('/api/projects/', { name: 'Big files' }).expect(201);
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    const refused = await ctx.http.post('/api/upload/').set('Authorization', `Bearer ${admin.token}`).field('project_id', project.body.id).attach('file', big, { filename: 'big.txt' }).expect(413);
    expect(refused.body.detail).toBe("The file is larger than your firm's upload limit of 1 MB.");
    await as(admin).put('/api/admin/settings', { upload_limit_mb: 0, default_model: '' }).expect(200);
    expect((await as(admin).get('/api/admin/settings')).body).toMatchObject({ upload_limit_mb: null, default_model: null });
  });
});
