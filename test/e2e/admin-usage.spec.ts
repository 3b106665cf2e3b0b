import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { asUser, idOf, joinFirm } from '../utils/firm';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// Usage per person and day: counted where the work is done, kept when the work's data is deleted.
describe('admin API: usage', () => {
  let ctx: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let memberId: string;

  const as = (user: TestUser) => asUser(ctx, user);

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
    const project = (await as(member).post('/api/projects/', { name: 'Counted matter' }).expect(201)).body.id as string;
    const text = 'SECTION 1. TERM. This Agreement lasts five years.\n\nSECTION 2. GOVERNING LAW. The laws of Delaware govern this Agreement.';
    await ctx.http.post('/api/upload/').set('Authorization', `Bearer ${member.token}`).field('project_id', project).attach('file', Buffer.from(text), { filename: 'terms.txt' }).expect(201);
    await waitForDocuments(ctx, member.token, project);
    await as(member).post(`/api/projects/${project}/qa/`, { question: 'Which law governs?' }).expect(200);
    await as(member).post(`/api/projects/${project}/qa/`, { question: 'How long is the term?' }).expect(200);
    await as(member).post('/api/generate_case_summary/', { project_id: project }).expect(200);
    await as(member).delete(`/api/projects/${project}/chat_history/`).expect(200);

    const today = new Date().toISOString().slice(0, 10);
    const usage = await as(admin).get(`/api/admin/usage?filter=${encodeURIComponent(JSON.stringify({ user_id: memberId, from: today, to: today }))}`).expect(200);
    expect(usage.headers['content-range']).toBe('usage 0-0/1');
    expect(usage.body).toEqual([
      { id: `${memberId}:${today}`, user_id: memberId, email: member.email, day: today, questions: 2, uploads: 1, pages: 1, reports: 1, input_tokens: 0, output_tokens: 0 },
    ]);
  });

  it("shows another firm nothing of this firm's usage, refuses members, and refuses bad filters with 400", async () => {
    const theirs = await as(stranger).get('/api/admin/usage?range=[0,99]').expect(200);
    expect((theirs.body as { user_id: string }[]).map((row) => row.user_id)).not.toContain(memberId);
    await as(member).get('/api/admin/usage').expect(403);
    expect((await as(admin).get('/api/admin/usage?filter={"from":"yesterday"}').expect(400)).body.detail).toBe('The "from" filter must be a date such as 2026-03-02.');
    expect((await as(admin).get('/api/admin/usage?filter={"user_id":"nope"}').expect(400)).body.detail).toBe('The "user_id" filter must be an id (a UUID).');
  });
});
