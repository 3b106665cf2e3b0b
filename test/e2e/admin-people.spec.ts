import { Clock } from '@api/modules/common/clock';
import { api, expectStatus, fails, ok, uploadFile } from '../utils/api';
import { createUser, factory, TestUser } from '../utils/factory';
import { latestCode, readOutbox } from '../utils/outbox';
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

  const as = (user: TestUser | string | null) => api(ctx, user);
  const path = (id: string) => ({ params: { path: { id } } });
  const list = (query: { sort?: string; range?: string; filter?: string }) => ({ params: { query } });

  /** Signs up through the spec's own flow (sign-up, mailed code, login) and returns the session. */
  async function signUp(email: string): Promise<TestUser> {
    const password = factory.password();
    await ok(as(null).POST('/api/signup/', { body: { email, password } }));
    await ok(as(null).POST('/api/verify-otp/', { body: { email, otp: await latestCode(ctx.config, email) } }));
    const { token } = await ok(as(null).POST('/api/login/', { body: { email, password } }));
    return { email, password, token };
  }

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    admin = await createUser(ctx, 'people-admin');
    stranger = await createUser(ctx, 'people-stranger');
    const me = await ok(as(admin).GET('/api/me/'));
    firmId = me.firm.id;
    adminId = me.id;
  });

  afterAll(() => ctx?.close());

  it('invites by mail; the address joins the firm with the invited role when it signs up the usual way', async () => {
    const email = factory.email('invited');
    const invitation = await ok(as(admin).POST('/api/admin/users/', { body: { email, role: 'member' } }), 201);
    expect(invitation).toMatchObject({ email, role: 'member', status: 'pending' });
    const mail = (await readOutbox(ctx.config)).filter((sent) => sent.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toMatch(/^You are invited to .+ on Casewise$/);
    expect(mail[0].text).toContain('/signup');

    const invited = await signUp(email);
    const me = await ok(as(invited).GET('/api/me/'));
    expect(me).toMatchObject({ email, role: 'member', firm: { id: firmId } });
    expect((await ok(as(admin).GET('/api/admin/invitations/{id}/', path(invitation.id)))).status).toBe('accepted');
    const people = await expectStatus(as(admin).GET('/api/admin/users/', list({ filter: JSON.stringify({ q: 'invited' }) })), 200);
    expect(people.data).toEqual([expect.objectContaining({ email, role: 'member', status: 'active', disabled: false })]);
    expect(people.response.headers.get('content-range')).toBe('users 0-0/1');
    // The sign-up above ended with a login: the console shows when.
    const signedInAt = Date.parse(people.data?.[0].last_sign_in_at as string);
    expect(Date.now() - signedInAt).toBeLessThan(60_000);
    const pending = await ok(as(admin).POST('/api/admin/invitations/', { body: { email: factory.email('never'), role: 'member' } }), 201);
    const neverEmail = pending.email;
    const neverPassword = factory.password();
    await ok(as(null).POST('/api/signup/', { body: { email: neverEmail, password: neverPassword } }));
    const never = await ok(as(admin).GET('/api/admin/users/', list({ filter: JSON.stringify({ q: neverEmail }) })));
    expect(never).toEqual([expect.objectContaining({ email: neverEmail, last_sign_in_at: null })]);
  });

  it('refuses to invite an address that already has an account, in any firm, without naming the firm', async () => {
    const refused = await fails(as(admin).POST('/api/admin/invitations/', { body: { email: stranger.email, role: 'member' } }), 400);
    expect(refused.detail).toBe('This address already has a Casewise account, so it cannot be invited.');
    await fails(as(admin).POST('/api/admin/users/', { body: { email: 'not-an-address', role: 'member' } }), 400);
    // Raw: the contract's role is admin or member, so the typed client cannot send "owner".
    const owner = await ctx.http.post('/api/admin/users/').set('Authorization', `Bearer ${admin.token}`).send({ email: factory.email('x'), role: 'owner' }).expect(400);
    expect(owner.body.detail).toBe('The role must be admin or member.');
  });

  it('places no one through a revoked or an expired invitation', async () => {
    const revokedEmail = factory.email('revoked');
    const revoked = await ok(as(admin).POST('/api/admin/invitations/', { body: { email: revokedEmail, role: 'admin' } }), 201);
    expect((await ok(as(admin).DELETE('/api/admin/invitations/{id}/', path(revoked.id)))).status).toBe('revoked');
    const fromRevoked = await signUp(revokedEmail);
    expect((await as(fromRevoked).GET('/api/me/')).data?.firm.id).not.toBe(firmId);

    const expiredEmail = factory.email('expired');
    const expired = await ok(as(admin).POST('/api/admin/invitations/', { body: { email: expiredEmail, role: 'member' } }), 201);
    const password = factory.password();
    const clock = jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 8 * 86_400_000));
    try {
      expect((await ok(as(admin).GET('/api/admin/invitations/{id}/', path(expired.id)))).status).toBe('expired');
      await ok(as(null).POST('/api/signup/', { body: { email: expiredEmail, password } }));
      await ok(as(null).POST('/api/verify-otp/', { body: { email: expiredEmail, otp: await latestCode(ctx.config, expiredEmail) } }));
    } finally {
      clock.mockRestore();
    }
    const late = (await ok(as(null).POST('/api/login/', { body: { email: expiredEmail, password } }))).token;
    expect((await as(late).GET('/api/me/')).data).toMatchObject({ role: 'admin' });
    expect((await as(late).GET('/api/me/')).data?.firm.id).not.toBe(firmId);

    const fresh = await ok(as(admin).POST('/api/admin/invitations/', { body: { email: factory.email('resent'), role: 'member' } }), 201);
    const resent = await ok(as(admin).PUT('/api/admin/invitations/{id}/', { ...path(fresh.id), body: { resend: true } }));
    expect(resent.status).toBe('pending');
    expect(new Date(resent.expires_at).getTime()).toBeGreaterThanOrEqual(new Date(fresh.expires_at).getTime());
    expect((await readOutbox(ctx.config)).filter((sent) => sent.to.includes(fresh.email))).toHaveLength(2);
  });

  it('changes roles, keeps the last administrator, and disables with immediate effect', async () => {
    const email = factory.email('colleague');
    await ok(as(admin).POST('/api/admin/users/', { body: { email, role: 'member' } }), 201);
    const colleague = await signUp(email);
    const colleagueId = (await as(colleague).GET('/api/me/')).data?.id as string;
    const change = (user: TestUser, id: string, body: { role?: 'admin' | 'member'; disabled?: boolean }) => as(user).PUT('/api/admin/users/{id}/', { ...path(id), body });

    expect((await fails(change(admin, adminId, { role: 'member' }), 400)).detail).toBe('A firm must keep at least one administrator.');
    expect((await fails(as(admin).DELETE('/api/admin/users/{id}/', path(adminId)), 400)).detail).toBe('You cannot disable your own account.');
    expect((await ok(change(admin, colleagueId, { role: 'admin' }))).role).toBe('admin');
    await ok(as(colleague).GET('/api/admin/users/'));
    expect((await ok(change(colleague, adminId, { role: 'member' }))).role).toBe('member');
    await fails(as(admin).GET('/api/admin/users/'), 403);
    await ok(change(colleague, adminId, { role: 'admin' }));

    const project = await ok(as(colleague).POST('/api/projects/', { body: { name: 'Kept history', description: '' } }), 201);
    const disabled = await ok(as(admin).DELETE('/api/admin/users/{id}/', path(colleagueId)));
    expect(disabled).toMatchObject({ id: colleagueId, disabled: true });
    await fails(as(colleague).GET('/api/me/'), 401);
    await fails(as(null).POST('/api/login/', { body: { email, password: colleague.password } }), 403);
    const listed = await ok(as(admin).GET('/api/admin/projects/{id}/', path(project.id)));
    expect(listed.owner_email).toBe(email);

    await ok(change(admin, colleagueId, { disabled: false }));
    await ok(as(null).POST('/api/login/', { body: { email, password: colleague.password } }));
    const events = await as(admin).GET('/api/admin/audit-events/', list({ filter: JSON.stringify({ target_id: colleagueId, action: 'user.' }), sort: '["seq","ASC"]' }));
    const actions = (events.data ?? []).map((event) => event.action);
    expect(actions).toEqual(['user.role_change', 'user.disable', 'user.enable']);
  });

  it("keeps another firm's people and invitations out of sight, and members out of the console", async () => {
    const invitation = await ok(as(admin).POST('/api/admin/invitations/', { body: { email: factory.email('hidden'), role: 'member' } }), 201);
    await fails(as(stranger).GET('/api/admin/invitations/{id}/', path(invitation.id)), 404);
    await fails(as(stranger).GET('/api/admin/users/{id}/', path(adminId)), 404);
    await fails(as(stranger).PUT('/api/admin/users/{id}/', { ...path(adminId), body: { disabled: true } }), 404);
    const theirs = await ok(as(stranger).GET('/api/admin/users/', list({ range: '[0,99]' })));
    expect(theirs.map((person) => person.id)).not.toContain(adminId);
    // The console looks people up by id (react-admin's getMany): only the caller's firm answers.
    const strangerId = (await ok(as(stranger).GET('/api/me/'))).id;
    const byId = (ids: string[]) => list({ filter: JSON.stringify({ id: ids }) });
    expect((await ok(as(admin).GET('/api/admin/users/', byId([adminId, strangerId])))).map((person) => person.id)).toEqual([adminId]);
    expect((await ok(as(stranger).GET('/api/admin/users/', byId([adminId])))).length).toBe(0);
    expect((await fails(as(admin).GET('/api/admin/users/', byId(['nope'])), 400)).detail).toBe('The "id" filter must be an id or a list of at most 500 ids (UUIDs).');
    const member = await signUp((await ok(as(admin).POST('/api/admin/users/', { body: { email: factory.email('member'), role: 'member' } }), 201)).email);
    await fails(as(member).GET('/api/admin/users/'), 403);
    await fails(as(member).GET('/api/admin/invitations/'), 403);
    await fails(as(member).GET('/api/admin/settings/'), 403);
  });

  it("changes the firm's settings within the server's limits, and applies the upload limit", async () => {
    const settings = await ok(as(admin).GET('/api/admin/settings/'));
    expect(settings).toMatchObject({ id: firmId, default_model: null, upload_limit_mb: null, server_upload_limit_mb: 50 });
    const put = (body: { name?: string; upload_limit_mb?: number; default_model?: string }) => as(admin).PUT('/api/admin/settings/', { body });
    expect((await fails(put({ upload_limit_mb: 51 }), 400)).detail).toBe("The upload limit cannot exceed the server's limit of 50 MB.");
    expect((await fails(put({ default_model: 'gpt-x' }), 400)).detail).toMatch(/^The default model must be one this server offers: /);
    expect((await fails(put({ name: '  ' }), 400)).detail).toBe('The firm name is required.');
    const changed = await ok(put({ name: 'Firm LLP', upload_limit_mb: 1, default_model: settings.models[0] }));
    expect(changed).toMatchObject({ name: 'Firm LLP', upload_limit_mb: 1, default_model: settings.models[0] });
    expect((await as(admin).GET('/api/me/')).data?.firm.name).toBe('Firm LLP');

    const project = await ok(as(admin).POST('/api/projects/', { body: { name: 'Big files', description: '' } }), 201);
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    const refused = await fails(uploadFile(ctx, admin, project.id, 'big.txt', big), 413);
    expect(refused.detail).toBe("The file is larger than your firm's upload limit of 1 MB.");
    await ok(put({ upload_limit_mb: 0, default_model: '' }));
    expect((await as(admin).GET('/api/admin/settings/')).data).toMatchObject({ upload_limit_mb: null, default_model: null });
  });
});
