import { DataSource } from 'typeorm';
import { Clock } from '@api/modules/common/clock';
import { api, fails, ok, uploadFile } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { idOf, joinFirm } from '../utils/firm';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const INVALID = 'This API key is not valid: it may have been revoked or have expired.';
const READ_ONLY = 'This API key is read-only: use a read-write key to change anything.';

// API keys for scripts and integrations: shown once, stored hashed, scoped, expiring, revoked at once, never
// beyond their owner's rights, and every creation, first use from an address and revocation in the audit log.
describe('API keys', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;

  const createKey = (user: TestUser, body: { name: string; scope: 'read' | 'read-write'; expires_at?: string }) => ok(api(ctx, user).POST('/api/api-keys/', { body }), 201);
  const me = (key: string) => api(ctx, key).GET('/api/me/');

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
    const created = await createKey(owner, { name: '  Nightly batch ', scope: 'read-write' });
    expect(created).toMatchObject({ name: 'Nightly batch', scope: 'read-write', status: 'active', expires_at: null, last_used_at: null });
    // The secret is base64url, so it may hold underscores itself: it is what follows the id, not a split on '_'.
    const secret = /^cwk_[0-9a-f]{32}_([A-Za-z0-9_-]{43})$/.exec(created.key)?.[1];
    expect(secret).toBeDefined();
    const stored: { secret_hash: string }[] = await ctx.app.get(DataSource).query('SELECT secret_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(stored[0].secret_hash).not.toContain(secret);

    const listed = await ok(api(ctx, owner).GET('/api/api-keys/'));
    expect(listed).toEqual([expect.objectContaining({ id: created.id, name: 'Nightly batch' })]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect((await ok(me(created.key))).email).toBe(owner.email);
    const project = await ok(api(ctx, created.key).POST('/api/projects/', { body: { name: 'Made by a script', description: '' } }), 201);
    expect((await ok(api(ctx, owner).GET('/api/projects/'))).projects.map((row) => row.id)).toContain(project.id);
    const used = (await ok(api(ctx, owner).GET('/api/api-keys/'))).find((row) => row.id === created.id);
    expect(used?.last_used_at).not.toBeNull();
    expect(await auditActions(created.id)).toEqual(['api_key.create', 'api_key.use_new_address']);
  });

  it('never reaches beyond its owner: another firm’s matter is 404, and a member’s key is no administrator', async () => {
    const theirs = await ok(api(ctx, stranger).POST('/api/projects/', { body: { name: 'Not yours', description: '' } }), 201);
    const { key } = await createKey(colleague, { name: 'Reader', scope: 'read-write' });
    await fails(api(ctx, key).GET('/api/projects/{id}/', { params: { path: { id: theirs.id } } }), 404);
    await fails(api(ctx, key).GET('/api/admin/users/'), 403);
  });

  it('lets a read key read and refuses it every change', async () => {
    const { key } = await createKey(owner, { name: 'Read only', scope: 'read' });
    await ok(api(ctx, key).GET('/api/projects/'));
    expect((await fails(api(ctx, key).POST('/api/projects/', { body: { name: 'Nope', description: '' } }), 403)).detail).toBe(READ_ONLY);
    const project = await ok(api(ctx, owner).POST('/api/projects/', { body: { name: 'Uploads', description: '' } }), 201);
    expect((await fails(uploadFile(ctx, key, project.id, 'a.txt', 'SECTION 1. TERM.'), 403)).detail).toBe(READ_ONLY);
    expect((await ok(api(ctx, owner).GET('/api/projects/{id}/files/', { params: { path: { id: project.id } } }))).files).toEqual([]);
  });

  it('refuses a key that mints keys, and bad input with the reason', async () => {
    const { key } = await createKey(owner, { name: 'Writer', scope: 'read-write' });
    const keys = (caller: TestUser | string, body: { name: string; scope: 'read' | 'read-write'; expires_at?: string }) => api(ctx, caller).POST('/api/api-keys/', { body });
    expect((await fails(keys(key, { name: 'Child', scope: 'read' }), 403)).detail).toBe('API keys are created from a signed-in session, not with another API key.');
    expect((await fails(keys(owner, { name: '   ', scope: 'read' }), 400)).detail).toBe('The key needs a name.');
    // A scope outside the contract's enum: sent past the types on purpose.
    expect((await fails(keys(owner, { name: 'x', scope: 'admin' as 'read' }), 400)).detail).toBe('The scope must be read or read-write.');
    expect((await fails(keys(owner, { name: 'x', scope: 'read', expires_at: 'soon' }), 400)).detail).toBe('expires_at must be a date and time (ISO 8601).');
    expect((await fails(keys(owner, { name: 'x', scope: 'read', expires_at: '2020-01-01T00:00:00Z' }), 400)).detail).toBe('expires_at must be in the future.');
    expect((await fails(api(ctx, key).POST('/api/logout/'), 400)).detail).toBe('An API key does not sign out: revoke it under API keys instead.');
  });

  it('refuses a revoked, an expired, a malformed key and the key of a disabled account, at once', async () => {
    const revoked = await createKey(owner, { name: 'To revoke', scope: 'read' });
    await ok(me(revoked.key));
    expect((await ok(api(ctx, owner).DELETE('/api/api-keys/{keyId}/', { params: { path: { keyId: revoked.id } } }))).status).toBe('revoked');
    expect((await fails(me(revoked.key), 401)).detail).toBe(INVALID);
    expect(await auditActions(revoked.id)).toEqual(['api_key.create', 'api_key.use_new_address', 'api_key.revoke']);
    await fails(api(ctx, stranger).DELETE('/api/api-keys/{keyId}/', { params: { path: { keyId: revoked.id } } }), 404);

    const expiring = await createKey(owner, { name: 'Expiring', scope: 'read', expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await ok(me(expiring.key));
    const clock = jest.spyOn(ctx.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 2 * 3_600_000));
    try {
      expect((await fails(me(expiring.key), 401)).detail).toBe(INVALID);
    } finally {
      clock.mockRestore();
    }
    expect((await fails(me(`${expiring.key.slice(0, -4)}AAAA`), 401)).detail).toBe(INVALID);
    expect((await fails(me('cwk_nonsense'), 401)).detail).toBe(INVALID);

    const colleagueKey = await createKey(colleague, { name: 'Colleague', scope: 'read' });
    await ok(me(colleagueKey.key));
    const colleagueId = await idOf(ctx, colleague);
    const change = (disabled: boolean) => ok(api(ctx, owner).PUT('/api/admin/users/{id}/', { params: { path: { id: colleagueId } }, body: { disabled } }));
    await change(true);
    expect((await fails(me(colleagueKey.key), 401)).detail).toBe(INVALID);
    await change(false);
  });

  it('lets the firm’s administrator list every key of the firm and revoke one; another firm sees none of them', async () => {
    const { id, key } = await createKey(colleague, { name: 'Colleague integration', scope: 'read-write' });
    const listed = await api(ctx, owner).GET('/api/admin/api-keys/', { params: { query: { range: '[0,99]' } } });
    expect(listed.response.headers.get('content-range')).toMatch(/^api-keys 0-\d+\/\d+$/);
    expect(listed.data).toContainEqual(expect.objectContaining({ id, name: 'Colleague integration', email: colleague.email, status: 'active' }));
    const strangers = await ok(api(ctx, stranger).GET('/api/admin/api-keys/', { params: { query: { range: '[0,99]' } } }));
    expect(strangers.map((row) => row.id)).not.toContain(id);
    const revoke = (caller: TestUser) => api(ctx, caller).DELETE('/api/admin/api-keys/{id}/', { params: { path: { id } } });
    await fails(revoke(stranger), 404);
    await ok(me(key));
    expect(await ok(revoke(owner))).toMatchObject({ id, status: 'revoked', email: colleague.email });
    await fails(me(key), 401);
  });
});
