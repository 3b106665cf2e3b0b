import { api, expectStatus, fails, ok } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { idOf, joinFirm } from '../utils/firm';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// The firm console's view of matters: metadata and walls for the firm's administrators, nothing for anyone else.
describe('admin API: projects and ethical walls', () => {
  let ctx: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let associate: TestUser;
  let stranger: TestUser;
  let associateId: string;
  let ownerId: string;

  const as = (user: TestUser) => api(ctx, user);
  const path = (id: string) => ({ params: { path: { id } } });
  const wall = (id: string, userId: string) => ({ params: { path: { id, userId } } });
  const list = (query: { sort?: string; range?: string; filter?: string }) => ({ params: { query } });

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    admin = await createUser(ctx, 'walls-admin');
    owner = await createUser(ctx, 'walls-owner');
    associate = await createUser(ctx, 'walls-associate');
    stranger = await createUser(ctx, 'walls-stranger');
    ownerId = await idOf(ctx, owner);
    associateId = await idOf(ctx, associate);
    await joinFirm(ctx, admin, [ownerId, associateId]);
  });

  afterAll(() => ctx?.close());

  async function matter(name: string): Promise<string> {
    return (await ok(as(owner).POST('/api/projects/', { body: { name, description: 'Confidential brief' } }), 201)).id;
  }

  const share = (user: TestUser, id: string, role: 'viewer' | 'editor') =>
    as(user).POST('/api/projects/{id}/members/', { ...path(id), body: { email: associate.email, role } });

  it("lists the firm's matters with metadata only, paged with Content-Range", async () => {
    const first = await matter('Alpha merger');
    await matter('Beta lease');
    await ok(as(stranger).POST('/api/projects/', { body: { name: 'Other firm matter', description: '' } }), 201);
    await ok(share(owner, first, 'viewer'), 201);

    const page = await expectStatus(as(admin).GET('/api/admin/projects/', list({ sort: '["name","ASC"]', range: '[0,0]', filter: '{"q":"a"}' })), 200);
    const contentRange = page.response.headers.get('content-range') ?? '';
    expect(contentRange).toMatch(/^projects 0-0\/\d+$/);
    expect(Number(contentRange.split('/')[1])).toBeGreaterThanOrEqual(2);
    expect(page.response.headers.get('access-control-expose-headers')).toBe('Content-Range');
    expect(page.data).toEqual([
      { id: first, name: 'Alpha merger', owner_id: ownerId, owner_email: owner.email, member_count: 1, document_count: 0, size: 0, created_at: expect.any(String) },
    ]);
    const all = await ok(as(admin).GET('/api/admin/projects/', list({ range: '[0,99]' })));
    const names = all.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Alpha merger', 'Beta lease']));
    expect(names).not.toContain('Other firm matter');
    expect(JSON.stringify(all)).not.toContain('Confidential brief');
  });

  it('refuses members with 403, another firm with 404, and bad list parameters with 400', async () => {
    const id = await matter('Gamma');
    expect((await fails(as(owner).GET('/api/admin/projects/'), 403)).detail).toBe("This area is for your firm's administrators.");
    await fails(as(stranger).GET('/api/admin/projects/{id}/', path(id)), 404);
    const theirs = await ok(as(stranger).GET('/api/admin/projects/', list({ range: '[0,99]' })));
    expect(theirs.map((row) => row.id)).not.toContain(id);
    expect((await fails(as(admin).GET('/api/admin/projects/', list({ sort: '["secret","ASC"]' })), 400)).detail).toBe('Cannot sort by "secret". Sortable fields: name, created_at.');
    expect((await fails(as(admin).GET('/api/admin/projects/', list({ range: '[5,1]' })), 400)).detail).toBe('The range parameter must be [first,last] with 0 ≤ first ≤ last.');
    expect((await fails(as(admin).GET('/api/admin/projects/', list({ filter: '{"owner":1}' })), 400)).detail).toBe('Cannot filter by "owner". Filters: q, owner_id.');
    expect((await fails(as(admin).GET('/api/admin/projects/', list({ filter: 'nope' })), 400)).detail).toBe('The filter parameter is not valid JSON.');
  });

  it('walls a member off at once; the owner cannot share again until the wall comes down', async () => {
    const id = await matter('Delta acquisition');
    await ok(share(owner, id, 'editor'), 201);
    await ok(as(associate).GET('/api/projects/{id}/', path(id)));

    const walled = await ok(as(admin).POST('/api/admin/projects/{id}/walls/', { ...path(id), body: { user_id: associateId } }), 201);
    expect(walled.walls).toEqual([{ user_id: associateId, email: associate.email, added_at: expect.any(String) }]);
    await fails(as(associate).GET('/api/projects/{id}/', path(id)), 404);
    expect((await ok(as(associate).GET('/api/projects/'))).projects.map((p) => p.id)).not.toContain(id);
    const reshare = await fails(share(owner, id, 'viewer'), 400);
    expect(reshare.detail).toBe('This person is walled off this project and cannot be given access.');
    expect((await ok(as(admin).GET('/api/admin/projects/{id}/', path(id)))).members.map((m) => m.user_id)).toEqual([ownerId]);

    expect((await fails(as(admin).POST('/api/admin/projects/{id}/walls/', { ...path(id), body: { user_id: ownerId } }), 400)).detail).toBe('The owner of a project cannot be walled off it.');
    await fails(as(owner).POST('/api/admin/projects/{id}/walls/', { ...path(id), body: { user_id: associateId } }), 403);
    await fails(as(owner).DELETE('/api/admin/projects/{id}/walls/{userId}/', wall(id, associateId)), 403);

    await ok(as(admin).DELETE('/api/admin/projects/{id}/walls/{userId}/', wall(id, associateId)));
    await fails(as(associate).GET('/api/projects/{id}/', path(id)), 404);
    await ok(share(owner, id, 'viewer'), 201);
    await ok(as(associate).GET('/api/projects/{id}/', path(id)));
    await fails(as(admin).DELETE('/api/admin/projects/{id}/walls/{userId}/', wall(id, associateId)), 404);
  });

  it("never walls another firm's person or a project of another firm", async () => {
    const id = await matter('Epsilon');
    const strangerId = await idOf(ctx, stranger);
    expect((await fails(as(admin).POST('/api/admin/projects/{id}/walls/', { ...path(id), body: { user_id: strangerId } }), 400)).detail).toBe('No one in your firm has this user id.');
    const theirs = (await ok(as(stranger).POST('/api/projects/', { body: { name: 'Theirs', description: '' } }), 201)).id;
    await fails(as(admin).POST('/api/admin/projects/{id}/walls/', { ...path(theirs), body: { user_id: associateId } }), 404);
  });
});
