import { createUser, TestUser } from '../utils/factory';
import { asUser, idOf, joinFirm } from '../utils/firm';
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

  const as = (user: TestUser) => asUser(ctx, user);

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
    const project = await as(owner).post('/api/projects/', { name, description: 'Confidential brief' }).expect(201);
    return project.body.id as string;
  }

  it("lists the firm's matters with metadata only, paged with Content-Range", async () => {
    const first = await matter('Alpha merger');
    await matter('Beta lease');
    await as(stranger).post('/api/projects/', { name: 'Other firm matter' }).expect(201);
    await as(owner).post(`/api/projects/${first}/members/`, { email: associate.email, role: 'viewer' }).expect(201);

    const page = await as(admin).get('/api/admin/projects?sort=["name","ASC"]&range=[0,0]&filter={"q":"a"}').expect(200);
    expect(page.headers['content-range']).toMatch(/^projects 0-0\/\d+$/);
    expect(Number(page.headers['content-range'].split('/')[1])).toBeGreaterThanOrEqual(2);
    expect(page.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(page.body).toEqual([
      { id: first, name: 'Alpha merger', owner_id: ownerId, owner_email: owner.email, member_count: 1, document_count: 0, size: 0, created_at: expect.any(String) },
    ]);
    const all = await as(admin).get('/api/admin/projects?range=[0,99]').expect(200);
    const names = (all.body as { name: string }[]).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Alpha merger', 'Beta lease']));
    expect(names).not.toContain('Other firm matter');
    expect(JSON.stringify(all.body)).not.toContain('Confidential brief');
  });

  it('refuses members with 403, another firm with 404, and bad list parameters with 400', async () => {
    const id = await matter('Gamma');
    expect((await as(owner).get('/api/admin/projects').expect(403)).body.detail).toBe("This area is for your firm's administrators.");
    await as(stranger).get(`/api/admin/projects/${id}`).expect(404);
    const theirs = (await as(stranger).get('/api/admin/projects?range=[0,99]').expect(200)).body as { id: string }[];
    expect(theirs.map((row) => row.id)).not.toContain(id);
    expect((await as(admin).get('/api/admin/projects?sort=["secret","ASC"]').expect(400)).body.detail).toBe('Cannot sort by "secret". Sortable fields: name, created_at.');
    expect((await as(admin).get('/api/admin/projects?range=[5,1]').expect(400)).body.detail).toBe('The range parameter must be [first,last] with 0 ≤ first ≤ last.');
    expect((await as(admin).get('/api/admin/projects?filter={"owner":1}').expect(400)).body.detail).toBe('Cannot filter by "owner". Filters: q, owner_id.');
    expect((await as(admin).get('/api/admin/projects?filter=nope').expect(400)).body.detail).toBe('The filter parameter is not valid JSON.');
  });

  it('walls a member off at once; the owner cannot share again until the wall comes down', async () => {
    const id = await matter('Delta acquisition');
    await as(owner).post(`/api/projects/${id}/members/`, { email: associate.email, role: 'editor' }).expect(201);
    await as(associate).get(`/api/projects/${id}/`).expect(200);

    const walled = await as(admin).post(`/api/admin/projects/${id}/walls/`, { user_id: associateId }).expect(201);
    expect(walled.body.walls).toEqual([{ user_id: associateId, email: associate.email, added_at: expect.any(String) }]);
    await as(associate).get(`/api/projects/${id}/`).expect(404);
    expect((await as(associate).get('/api/projects/').expect(200)).body.projects.map((p: { id: string }) => p.id)).not.toContain(id);
    const reshare = await as(owner).post(`/api/projects/${id}/members/`, { email: associate.email, role: 'viewer' }).expect(400);
    expect(reshare.body.detail).toBe('This person is walled off this project and cannot be given access.');
    expect((await as(admin).get(`/api/admin/projects/${id}`).expect(200)).body.members.map((m: { user_id: string }) => m.user_id)).toEqual([ownerId]);

    expect((await as(admin).post(`/api/admin/projects/${id}/walls/`, { user_id: ownerId }).expect(400)).body.detail).toBe('The owner of a project cannot be walled off it.');
    await as(owner).post(`/api/admin/projects/${id}/walls/`, { user_id: associateId }).expect(403);
    await as(owner).delete(`/api/admin/projects/${id}/walls/${associateId}`).expect(403);

    await as(admin).delete(`/api/admin/projects/${id}/walls/${associateId}`).expect(200);
    await as(associate).get(`/api/projects/${id}/`).expect(404);
    await as(owner).post(`/api/projects/${id}/members/`, { email: associate.email, role: 'viewer' }).expect(201);
    await as(associate).get(`/api/projects/${id}/`).expect(200);
    await as(admin).delete(`/api/admin/projects/${id}/walls/${associateId}`).expect(404);
  });

  it("never walls another firm's person or a project of another firm", async () => {
    const id = await matter('Epsilon');
    const strangerId = await idOf(ctx, stranger);
    expect((await as(admin).post(`/api/admin/projects/${id}/walls/`, { user_id: strangerId }).expect(400)).body.detail).toBe('No one in your firm has this user id.');
    const theirs = (await as(stranger).post('/api/projects/', { name: 'Theirs' }).expect(201)).body.id as string;
    await as(admin).post(`/api/admin/projects/${theirs}/walls/`, { user_id: associateId }).expect(404);
  });
});
