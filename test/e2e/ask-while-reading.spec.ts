import { api, fails, ok, uploadFile } from '../utils/api';
import { createUser, type TestUser } from '../utils/factory';
import { cuadText, firstCuadContract } from '../utils/fixtures';
import { createProject } from '../utils/projects';
import { startTestApp, type TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// A question asked in the first seconds after an upload: it waits for the first document to be read and
// answers from it, instead of refusing as if the project were empty; an empty project is still refused.
describe('asking while documents are being read', () => {
  let ctx: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    owner = await createUser(ctx, 'ask-early');
  });

  afterAll(() => ctx?.close());

  it('answers a question asked right after the upload, once the document is read', async () => {
    const { id } = await createProject(ctx, owner, 'Asked early');
    const contract = firstCuadContract();
    const uploaded = await ok(uploadFile(ctx, owner, id, contract, cuadText(contract)), 201);
    expect(uploaded.status).toBe('queued');

    const answer = await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id } }, body: { question: 'Which law governs this agreement?' } }));
    expect(answer.answer).toMatch(/\S/);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations[0].file).toBe(contract);
  });

  it('still refuses a project with no documents at once, with the spec’s message', async () => {
    const { id } = await createProject(ctx, owner, 'Empty');
    const started = Date.now();
    const refused = await fails(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id } }, body: { question: 'Anything?' } }), 400);
    expect(refused.detail).toBe('You need to add documents first');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
