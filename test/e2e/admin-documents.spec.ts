import { DataSource } from 'typeorm';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { until } from '../utils/poll';
import { asUser, idOf, joinFirm } from '../utils/firm';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// The console's document list: states, sizes and errors of the firm's documents, and a retry for failed ones.
describe('admin API: documents', () => {
  let ctx: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let memberId: string;
  let projectId: string;
  let failedId: string;
  let readyId: string;

  const as = (user: TestUser) => asUser(ctx, user);
  const upload = (name: string, text: string) =>
    ctx.http.post('/api/upload/').set('Authorization', `Bearer ${member.token}`).field('project_id', projectId).attach('file', Buffer.from(text), { filename: name }).expect(201);

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    admin = await createUser(ctx, 'docs-admin');
    member = await createUser(ctx, 'docs-member');
    stranger = await createUser(ctx, 'docs-stranger');
    memberId = await idOf(ctx, member);
    await joinFirm(ctx, admin, [memberId]);
    projectId = (await as(member).post('/api/projects/', { name: 'Data room' }).expect(201)).body.id as string;
    failedId = (await upload('blank.txt', ' \n\t \n')).body.id as string;
    readyId = (await upload('lease.txt', 'SECTION 1. RENT. The tenant shall pay rent monthly.')).body.id as string;
    await waitForDocuments(ctx, member.token, projectId);
  });

  afterAll(() => ctx?.close());

  it("lists the firm's documents with state, error, size and uploader, filtered by status", async () => {
    const failed = await as(admin).get(`/api/admin/documents?filter=${encodeURIComponent(JSON.stringify({ status: 'failed', project_id: projectId }))}`).expect(200);
    expect(failed.headers['content-range']).toBe('documents 0-0/1');
    expect(failed.body).toEqual([
      expect.objectContaining({ id: failedId, project_id: projectId, project_name: 'Data room', filename: 'blank.txt', status: 'failed', error: 'No text was found in this file.', uploaded_by: memberId, uploader_email: member.email }),
    ]);
    const one = await as(admin).get(`/api/admin/documents/${readyId}`).expect(200);
    expect(one.body).toMatchObject({ id: readyId, status: 'ready', pages: 1, parse_report: expect.objectContaining({ pages: 1 }) });
    expect(JSON.stringify(one.body)).not.toContain('pay rent monthly');
  });

  it('retries a failed document through the queue, and refuses to retry any other', async () => {
    const retried = await as(admin).post(`/api/admin/documents/${failedId}/retry`).expect(201);
    expect(['queued', 'processing', 'failed']).toContain(retried.body.status);
    await until(
      () => 'the retried document did not settle',
      async () => ((await as(admin).get(`/api/admin/documents/${failedId}`)).body.status === 'failed' ? true : null),
    );
    const actions = ((await ctx.app.get(DataSource).query(`SELECT action FROM audit_events WHERE details->>'documentId' = $1 ORDER BY created_at, action`, [failedId])) as { action: string }[]).map((row) => row.action);
    expect(actions).toContain('document.retry');
    expect(actions.filter((action) => action === 'document.processing')).toHaveLength(2);
    const refused = await as(admin).post(`/api/admin/documents/${readyId}/retry`).expect(400);
    expect(refused.body.detail).toBe('Only a failed document can be retried.');
  });

  it('keeps the list to the firm and its administrators', async () => {
    await as(member).get('/api/admin/documents').expect(403);
    await as(member).post(`/api/admin/documents/${failedId}/retry`).expect(403);
    await as(stranger).get(`/api/admin/documents/${failedId}`).expect(404);
    await as(stranger).post(`/api/admin/documents/${failedId}/retry`).expect(404);
    const theirs = await as(stranger).get('/api/admin/documents?range=[0,99]').expect(200);
    expect(theirs.body).toEqual([]);
    expect(theirs.headers['content-range']).toBe('documents 0-0/0');
    expect((await as(admin).get('/api/admin/documents?filter={"status":"lost"}').expect(400)).body.detail).toBe('The "status" filter must be one of queued, processing, ready, failed.');
  });
});
