import { createUser, TestUser } from '../utils/factory';
import { bearer, createProject, upload } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// How a document route finds its document once the project is the caller's: ids and names that cannot
// name a stored document are a plain 404, never a database error.
describe('document lookups', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    owner = await createUser(ctx, 'owner');
  });

  beforeEach(async () => {
    projectId = (await createProject(ctx, owner, 'Lookups')).id;
  });

  afterAll(() => ctx.close());

  it('takes an upload for a project id given with spaces around it, and refuses one that is not a UUID', async () => {
    await upload(ctx, owner, `  ${projectId} `, 'spaced.txt', 'Some text.').expect(201);
    const files = await ctx.http.get(`/api/projects/${projectId}/files/`).set(...bearer(owner)).expect(200);
    expect(files.body).toEqual({ files: ['spaced.txt'] });
    const refused = await upload(ctx, owner, `${projectId}x`, 'other.txt', 'Some text.').expect(400);
    expect(refused.body.detail).toBe('The project id is not valid: it must be a UUID.');
  });

  it('answers 404 for a document id that is not a UUID', async () => {
    const response = await ctx.http.get(`/api/projects/${projectId}/documents/not-a-uuid/content/`).set(...bearer(owner)).expect(404);
    expect(response.body.detail).toBe('Document not found.');
  });

  it('answers 404 for a name holding a NUL character, and deletes by a name in either Unicode form', async () => {
    const composed = 'Café.txt'.normalize('NFC');
    await upload(ctx, owner, projectId, composed, 'Menu.').expect(201);
    const nul = await ctx.http.delete(`/api/projects/${projectId}/files/${encodeURIComponent('Caf\u0000.txt')}/`).set(...bearer(owner)).expect(404);
    expect(nul.body.detail).toBe('No document named "Caf.txt" in this project.');
    await ctx.http.delete(`/api/projects/${projectId}/files/${encodeURIComponent(composed.normalize('NFD'))}/`).set(...bearer(owner)).expect(200);
    const files = await ctx.http.get(`/api/projects/${projectId}/files/`).set(...bearer(owner)).expect(200);
    expect(files.body.files).toEqual([]);
  });

  it('lists only the caller’s projects', async () => {
    const stranger = await createUser(ctx, 'stranger');
    const theirs = await createProject(ctx, stranger, 'Theirs');
    const mine = await ctx.http.get('/api/projects/').set(...bearer(owner)).expect(200);
    const ids = mine.body.projects.map((p: { id: string }) => p.id);
    expect(ids).toContain(projectId);
    expect(ids).not.toContain(theirs.id);
  });
});
