import { DataSource } from 'typeorm';
import { api, expectStatus, fails, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { until } from '../utils/poll';
import { idOf, joinFirm } from '../utils/firm';
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

  const as = (user: TestUser) => api(ctx, user);
  const path = (id: string) => ({ params: { path: { id } } });
  const list = (query: { range?: string; filter?: string }) => ({ params: { query } });
  const upload = (name: string, text: string) => ok(uploadFile(ctx, member, projectId, name, text), 201);

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    admin = await createUser(ctx, 'docs-admin');
    member = await createUser(ctx, 'docs-member');
    stranger = await createUser(ctx, 'docs-stranger');
    memberId = await idOf(ctx, member);
    await joinFirm(ctx, admin, [memberId]);
    projectId = (await ok(as(member).POST('/api/projects/', { body: { name: 'Data room', description: '' } }), 201)).id;
    failedId = (await upload('blank.txt', ' \n\t \n')).id;
    readyId = (await upload('lease.txt', 'SECTION 1. RENT. The tenant shall pay rent monthly.')).id;
    await waitForDocuments(ctx, member.token, projectId);
  });

  afterAll(() => ctx?.close());

  it("lists the firm's documents with state, error, size and uploader, filtered by status", async () => {
    const failed = await expectStatus(as(admin).GET('/api/admin/documents/', list({ filter: JSON.stringify({ status: 'failed', project_id: projectId }) })), 200);
    expect(failed.response.headers.get('content-range')).toBe('documents 0-0/1');
    expect(failed.data).toEqual([
      expect.objectContaining({ id: failedId, project_id: projectId, project_name: 'Data room', filename: 'blank.txt', status: 'failed', error: 'No text was found in this file.', uploaded_by: memberId, uploader_email: member.email }),
    ]);
    const one = await ok(as(admin).GET('/api/admin/documents/{id}/', path(readyId)));
    expect(one).toMatchObject({ id: readyId, status: 'ready', pages: 1, parse_report: expect.objectContaining({ pages: 1 }) });
    expect(JSON.stringify(one)).not.toContain('pay rent monthly');
  });

  it('retries a failed document through the queue, and refuses to retry any other', async () => {
    const retried = await ok(as(admin).POST('/api/admin/documents/{id}/retry/', path(failedId)), 201);
    expect(['queued', 'processing', 'failed']).toContain(retried.status);
    await until(
      () => 'the retried document did not settle',
      async () => ((await as(admin).GET('/api/admin/documents/{id}/', path(failedId))).data?.status === 'failed' ? true : null),
    );
    const actions = ((await ctx.app.get(DataSource).query(`SELECT action FROM audit_events WHERE details->>'documentId' = $1 ORDER BY created_at, action`, [failedId])) as { action: string }[]).map((row) => row.action);
    expect(actions).toContain('document.retry');
    expect(actions.filter((action) => action === 'document.processing')).toHaveLength(2);
    const refused = await fails(as(admin).POST('/api/admin/documents/{id}/retry/', path(readyId)), 400);
    expect(refused.detail).toBe('Only a failed document can be retried.');
  });

  it('keeps the list to the firm and its administrators', async () => {
    await fails(as(member).GET('/api/admin/documents/'), 403);
    await fails(as(member).POST('/api/admin/documents/{id}/retry/', path(failedId)), 403);
    await fails(as(stranger).GET('/api/admin/documents/{id}/', path(failedId)), 404);
    await fails(as(stranger).POST('/api/admin/documents/{id}/retry/', path(failedId)), 404);
    const theirs = await expectStatus(as(stranger).GET('/api/admin/documents/', list({ range: '[0,99]' })), 200);
    expect(theirs.data).toEqual([]);
    expect(theirs.response.headers.get('content-range')).toBe('documents 0-0/0');
    expect((await fails(as(admin).GET('/api/admin/documents/', list({ filter: '{"status":"lost"}' })), 400)).detail).toBe('The "status" filter must be one of queued, processing, ready, failed.');
  });
});
