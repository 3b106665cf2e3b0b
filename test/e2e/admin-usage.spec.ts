import { api, expectStatus, fails, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { idOf, joinFirm } from '../utils/firm';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// Usage per person and day: counted where the work is done, kept when the work's data is deleted.
describe('admin API: usage', () => {
  let ctx: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let memberId: string;

  const as = (user: TestUser) => api(ctx, user);
  const list = (query: { range?: string; filter?: string }) => ({ params: { query } });

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    admin = await createUser(ctx, 'usage-admin');
    member = await createUser(ctx, 'usage-member');
    stranger = await createUser(ctx, 'usage-stranger');
    memberId = await idOf(ctx, member);
    await joinFirm(ctx, admin, [memberId]);
  });

  afterAll(() => ctx?.close());

  it("counts a person's questions, uploads, pages and reports for the day, and keeps them after the chat is deleted", async () => {
    const project = (await ok(as(member).POST('/api/projects/', { body: { name: 'Counted matter', description: '' } }), 201)).id;
    const inProject = { params: { path: { id: project } } };
    const text = 'SECTION 1. TERM. This Agreement lasts five years.\n\nSECTION 2. GOVERNING LAW. The laws of Delaware govern this Agreement.';
    await ok(uploadFile(ctx, member, project, 'terms.txt', text), 201);
    await waitForDocuments(ctx, member.token, project);
    await ok(as(member).POST('/api/projects/{id}/qa/', { ...inProject, body: { question: 'Which law governs?' } }));
    await ok(as(member).POST('/api/projects/{id}/qa/', { ...inProject, body: { question: 'How long is the term?' } }));
    await ok(as(member).POST('/api/generate_case_summary/', { body: { project_id: project } }));
    await ok(as(member).DELETE('/api/projects/{id}/chat_history/', inProject));

    const today = new Date().toISOString().slice(0, 10);
    const usage = await expectStatus(as(admin).GET('/api/admin/usage/', list({ filter: JSON.stringify({ user_id: memberId, from: today, to: today }) })), 200);
    expect(usage.response.headers.get('content-range')).toBe('usage 0-0/1');
    expect(usage.data).toEqual([
      { id: `${memberId}:${today}`, user_id: memberId, email: member.email, day: today, questions: 2, uploads: 1, pages: 1, reports: 1, input_tokens: 0, output_tokens: 0 },
    ]);
  });

  it("shows another firm nothing of this firm's usage, refuses members, and refuses bad filters with 400", async () => {
    const theirs = await ok(as(stranger).GET('/api/admin/usage/', list({ range: '[0,99]' })));
    expect(theirs.map((row) => row.user_id)).not.toContain(memberId);
    await fails(as(member).GET('/api/admin/usage/'), 403);
    expect((await fails(as(admin).GET('/api/admin/usage/', list({ filter: '{"from":"yesterday"}' })), 400)).detail).toBe('The "from" filter must be a date such as 2026-03-02.');
    expect((await fails(as(admin).GET('/api/admin/usage/', list({ filter: '{"user_id":"nope"}' })), 400)).detail).toBe('The "user_id" filter must be an id (a UUID).');
  });
});
