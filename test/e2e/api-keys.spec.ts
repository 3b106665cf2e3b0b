import { DataSource } from 'typeorm';
import { Clock } from '@api/modules/common/clock';
import { createUser, TestUser } from '../utils/factory';
import { asUser, idOf, joinFirm } from '../utils/firm';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// API keys for scripts and integrations: shown once, stored hashed, scoped, expiring, revoked at once, never
// beyond their owner's rights, and every creation, first use from an address and revocation in the audit log.
describe('API keys', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;

  const as = (user: TestUser) => asUser(ctx, user);
  const withKey = (key: string) => asUser(ctx, { email: '', password: '', token: key });

  async function createKey(user: TestUser, body: Record<string, unknown>): Promise<{ id: string; key: string }> {
    return (await as(user).post('/api/api-keys/', body).expect(201)).body as { id: string; key: string };
  }

  async function auditActions(keyId: string): Promise<string[]> {
    const rows: { action: string }[] = await ctx.app.get(DataSource).query(`SELECT action FROM audit_events WHERE target_id = $1 ORDER BY seq`, [keyId]);
    return rows.map((row) => row.action);
  }

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    owner = await createUser(ctx, 'keys-owner');
    colleague = await createUser(ctx, 'keys-colleague');
    await joinFirm(ctx, owner, [await idOf(ctx, colleague)]);
    stranger = await createUser(ctx, 'keys-stranger');
  });

  afterAll(() => ctx?.close());

  it('shows a key once, lists it without the secret, and lets it act as its owner', async () => {
    const created = await as(owner).post('/api/api-keys/', { name: '  Nightly batch ', scope: 'read-write' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Nightly batch', scope: 'read-write', status: 'active', expires_at: null, last_used_at: null });
    expect(created.body.key).toMatch(/^cwk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    const stored: { secret_hash: string }[] = await ctx.app.get(DataSource).query('SELECT secret_hash FROM api_keys WHERE id = $1', [created.body.id]);
    expect(stored[0].secret_hash).not.toContain(created.body.key.split('_')[2]);

    const listed = (await as(owner).get('/api/api-keys/').expect(200)).body as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ id: created.body.id, name: 'Nightly batch' })]);
    expect(JSON.stringify(listed)).not.toContain(created.body.key);

    const me = await withKey(created.body.key).get('/api/me/').expect(200);
    expect(me.body.email).toBe(owner.email);
    const project = await withKey(created.body.key).post('/api/projects/', { name: 'Made by a script' }).expect(201);
    expect(((await as(owner).get('/api/projects/').expect(200)).body as { projects: { id: string }[] }).projects.map((row) => row.id)).toContain(project.body.id);
    const used = ((await as(owner).get('/api/api-keys/').expect(200)).body as { id: string; last_used_at: string | null }[]).find((row) => row.id === created.body.id);
    expect(used?.last_used_at).not.toBeNull();
    expect(await auditActions(created.body.id)).toEqual(['api_key.create', 'api_key.use_new_address']);
  });

  it('never reaches beyond its owner: another firm’s matter is 404, as for a session', async () => {
    const theirs = await as(stranger).post('/api/projects/', { name: 'Not yours' }).expect(201);
    const { key } = await createKey(colleague, { name: 'Reader', scope: 'read-write' });
    await withKey(key).get(`/api/projects/${theirs.body.id}/`).expect(404);
    // The colleague is a member, not an administrator: so is their key.
    await withKey(key).get('/api/admin/users').expect(403);
  });

  it('lets a read key read and refuses it every change', async () => {
    const { key } = await createKey(owner, { name: 'Read only', scope: 'read' });
    await withKey(key).get('/api/projects/').expect(200);
    const refused = await withKey(key).post('/api/projects/', { name: 'Nope' }).expect(403);
    expect(refused.body.detail).toBe('This API key is read-only: use a read-write key to change anything.');
    const project = await as(owner).post('/api/projects/', { name: 'Uploads' }).expect(201);
    const upload = await ctx.http.post('/api/upload/').set('Authorization', `Bearer ${key}`).field('project_id', project.body.id).attach('file', Buffer.from('SECTION 1. TERM.'), { filename: 'a.txt' }).expect(403);
    expect(upload.body.detail).toBe('This API key is read-only: use a read-write key to change anything.');
    expect(((await as(owner).get(`/api/projects/${project.body.id}/files/`).expect(200)).body as { files: string[] }).files).toEqual([]);
  });

  it('refuses a key that mints keys, and bad input with the reason', async () => {
    const { key } = await createKey(owner, { name: 'Writer', scope: 'read-write' });
    expect((await withKey(key).post('/api/api-keys/', { name: 'Child', scope: 'read' }).expect(403)).body.detail).toBe('API keys are created from a signed-in session, not with another API key.');
    expect((await as(owner).post('/api/api-keys/', { name: '   ', scope: 'read' }).expect(400)).body.detail).toBe('The key needs a name.');
    expect((await as(owner).post('/api/api-keys/', { name: 'x', scope: 'admin' }).expect(400)).body.detail).toBe('The scope must be read or read-write.');
    expect((await as(owner).post('/api/api-keys/', { name: 'x', scope: 'read', expires_at: 'soon' }).expect(400)).body.detail).toBe('expires_at must be a date and time (ISO 8601).');
    expect((await as(owner).post('/api/api-keys/', { name: 'x', scope: 'read', expires_at: '2020-01-01T00:00:00Z' }).expect(400)).body.detail).toBe('expires_at must be in the future.');
    expect((await withKey(key).post('/api/logout/', {}).expect(400)).body.detail).toBe('An API key does not sign out: revoke it under API keys instead.');
  });

  it('refuses a revoked, an expired, a malformed key and the key of a disabled account, at once', async () => {
    const invalid = 'This API key is not valid: it may have been revoked or have expired.';
    const revoked = await createKey(owner, { name: 'To revoke', scope: 'read' });
    await withKey(revoked.key).get('/api/me/').expect(200);
    expect((await as(owner).delete(`/api/api-keys/${revoked.id}`).expect(200)).body.status).toBe('revoked');
    expect((await withKey(revoked.key).get('/api/me/').expect(401)).body.detail).toBe(invalid);
    expect(await auditActions(revoked.id)).toEqual(['api_key.create', 'api_key.use_new_address', 'api_key.revoke']);
    await as(stranger).delete(`/api/api-keys/${revoked.id}`).expect(404);

    const expiring = await createKey(owner, { name: 'Expiring', scope: 'read', expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await withKey(expiring.key).get('/api/me/').expect(200);
    const clock = jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 2 * 3_600_000));
    try {
      expect((await withKey(expiring.key).get('/api/me/').expect(401)).body.detail).toBe(invalid);
    } finally {
      clock.mockRestore();
    }

    const tampered = `${expiring.key.slice(0, -4)}AAAA`;
    expect((await withKey(tampered).get('/api/me/').expect(401)).body.detail).toBe(invalid);
    expect((await withKey('cwk_nonsense').get('/api/me/').expect(401)).body.detail).toBe(invalid);

    const colleagueKey = await createKey(colleague, { name: 'Colleague', scope: 'read' });
    await withKey(colleagueKey.key).get('/api/me/').expect(200);
    const colleagueId = ((await as(colleague).get('/api/me/').expect(200)).body as { id: string }).id;
    await as(owner).put(`/api/admin/users/${colleagueId}`, { disabled: true }).expect(200);
    expect((await withKey(colleagueKey.key).get('/api/me/').expect(401)).body.detail).toBe(invalid);
    await as(owner).put(`/api/admin/users/${colleagueId}`, { disabled: false }).expect(200);
  });

  it('lets the firm’s administrator list every key of the firm and revoke one; another firm sees none of them', async () => {
    const { id, key } = await createKey(colleague, { name: 'Colleague integration', scope: 'read-write' });
    const listed = await as(owner).get(`/api/admin/api-keys?filter=${encodeURIComponent(JSON.stringify({}))}&range=[0,99]`).expect(200);
    expect(listed.headers['content-range']).toMatch(/^api-keys 0-\d+\/\d+$/);
    expect(listed.body).toContainEqual(expect.objectContaining({ id, name: 'Colleague integration', email: colleague.email, status: 'active' }));
    const strangers = (await as(stranger).get('/api/admin/api-keys?range=[0,99]').expect(200)).body as { id: string }[];
    expect(strangers.map((row) => row.id)).not.toContain(id);
    await as(stranger).delete(`/api/admin/api-keys/${id}`).expect(404);
    await withKey(key).get('/api/me/').expect(200);
    expect((await as(owner).delete(`/api/admin/api-keys/${id}`).expect(200)).body).toMatchObject({ id, status: 'revoked', email: colleague.email });
    await withKey(key).get('/api/me/').expect(401);
  });
});
