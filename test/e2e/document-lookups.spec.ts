import { api, fails, ok, uploadFile } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { createProject } from '../utils/projects';
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
    await ok(uploadFile(ctx, owner, `  ${projectId} `, 'spaced.txt', 'Some text.'), 201);
    const files = await ok(api(ctx, owner).GET('/api/projects/{id}/files/', { params: { path: { id: projectId } } }));
    expect(files).toEqual({ files: ['spaced.txt'] });
    const refused = await fails(uploadFile(ctx, owner, `${projectId}x`, 'other.txt', 'Some text.'), 400);
    expect(refused.detail).toBe('The project id is not valid: it must be a UUID.');
  });

  it('answers 404 for a document id that is not a UUID', async () => {
    const response = await fails(api(ctx, owner).GET('/api/projects/{id}/documents/{documentId}/content/', { params: { path: { id: projectId, documentId: 'not-a-uuid' } } }), 404);
    expect(response.detail).toBe('Document not found.');
  });

  it('answers 404 for a name holding a NUL character, and deletes by a name in either Unicode form', async () => {
    const composed = 'Café.txt'.normalize('NFC');
    await ok(uploadFile(ctx, owner, projectId, composed, 'Menu.'), 201);
    const file = (filename: string) => ({ params: { path: { id: projectId, filename } } });
    const nul = await fails(api(ctx, owner).DELETE('/api/projects/{id}/files/{filename}/', file('Caf\u0000.txt')), 404);
    expect(nul.detail).toBe('No document named "Caf.txt" in this project.');
    await ok(api(ctx, owner).DELETE('/api/projects/{id}/files/{filename}/', file(composed.normalize('NFD'))));
    const files = await ok(api(ctx, owner).GET('/api/projects/{id}/files/', { params: { path: { id: projectId } } }));
    expect(files.files).toEqual([]);
  });

  it('lists only the caller’s projects', async () => {
    const stranger = await createUser(ctx, 'stranger');
    const theirs = await createProject(ctx, stranger, 'Theirs');
    const mine = await ok(api(ctx, owner).GET('/api/projects/'));
    const ids = mine.projects.map((p) => p.id);
    expect(ids).toContain(projectId);
    expect(ids).not.toContain(theirs.id);
  });
});
