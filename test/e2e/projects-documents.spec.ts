import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource as DataSourceToken } from 'typeorm';
import { cuadText, firstCuadContract } from '../utils/fixtures';
import { createUser, TestUser } from '../utils/factory';
import { filesUnder } from '../utils/files';
import { api, fails, ok, uploadFile } from '../utils/api';
import { bearer, createProject, upload } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const CONTRACT = cuadText(firstCuadContract());

// Who may call which route is the access matrix's (access-matrix.spec.ts), and the limits at their edges are
// boundaries.spec.ts's; this file covers what the routes do.
describe('projects and documents', () => {
  let ctx: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    owner = await createUser(ctx, 'owner');
  });

  afterAll(() => ctx.close());

  const as = (user: TestUser) => api(ctx, user);
  const path = (id: string) => ({ params: { path: { id } } });
  const files = async (projectId: string) => (await ok(as(owner).GET('/api/projects/{id}/files/', path(projectId)))).files;

  describe('projects', () => {
    it('creates, lists newest first with document counts, and gets a project', async () => {
      const user = await createUser(ctx);
      const first = await createProject(ctx, user, 'First matter');
      const second = await ok(as(user).POST('/api/projects/', { body: { name: '  Second matter  ', description: 'Lease dispute' } }), 201);
      expect(second).toEqual({ id: expect.any(String), name: 'Second matter', description: 'Lease dispute', created_at: expect.any(String), document_count: 0, role: 'owner' });
      await ok(uploadFile(ctx, user, first.id, 'contract.txt', CONTRACT), 201);
      const list = await ok(as(user).GET('/api/projects/'));
      expect(list.projects.map((p) => p.name)).toEqual(['Second matter', 'First matter']);
      expect(list.projects[1].document_count).toBe(1);
      const one = await ok(as(user).GET('/api/projects/{id}/', path(first.id)));
      expect(one.document_count).toBe(1);
    });

    it.each([
      [{ name: '   ' }, 'Project name is required'],
      [{}, 'Project name is required'],
    ])('refuses %j', async (body, message) => {
      // Raw: the contract requires a name, which {} leaves out.
      const response = await ctx.http.post('/api/projects/').set(...bearer(owner)).send(body).expect(400);
      expect(response.body.detail).toBe(message);
    });

    it('refuses an id that is not a UUID with 400', async () => {
      const response = await fails(as(owner).GET('/api/projects/{id}/', path('not-a-uuid')), 400);
      expect(response.detail).toBe('The project id is not valid: it must be a UUID.');
    });
  });

  describe('uploads', () => {
    let projectId: string;

    beforeAll(async () => {
      projectId = (await createProject(ctx, owner, 'Uploads')).id;
    });

    it('stores a document and answers 201 with its identity, queued', async () => {
      const response = await ok(uploadFile(ctx, owner, projectId, 'Supply Agreement.txt', CONTRACT), 201);
      expect(response).toEqual({ id: expect.any(String), filename: 'Supply Agreement.txt', status: expect.stringMatching(/queued|processing|ready|failed/), size: Buffer.byteLength(CONTRACT), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const documents = await ok(as(owner).GET('/api/projects/{id}/documents/', path(projectId)));
      expect(documents.documents[0]).toMatchObject({ id: response.id, filename: 'Supply Agreement.txt', type: 'text/plain', size: Buffer.byteLength(CONTRACT) });
    });

    it('is idempotent for the same name and bytes, and refuses the same name with other bytes', async () => {
      const first = await ok(uploadFile(ctx, owner, projectId, 'same.txt', 'First version of the memo.'), 201);
      const again = await ok(uploadFile(ctx, owner, projectId, 'same.txt', 'First version of the memo.'), 200);
      expect(again.id).toBe(first.id);
      const other = await fails(uploadFile(ctx, owner, projectId, 'same.txt', 'Second version of the memo.'), 409);
      expect(other.detail).toBe('A document named "same.txt" already exists in this project.');
    });

    it.each(['Exhibit A — “Settlement” & Release.txt', "Client's notes (draft) #2.md", '合同 条款.txt', 'a..b.txt'])('keeps the name %s and deletes by it', async (name) => {
      await ok(uploadFile(ctx, owner, projectId, name, `Text of ${name}`), 201);
      expect(await files(projectId)).toContain(name);
      await ok(as(owner).DELETE('/api/projects/{id}/files/{filename}/', { params: { path: { id: projectId, filename: name } } }));
      expect(await files(projectId)).not.toContain(name);
    });

    it('answers 404 when deleting a name that is not there', async () => {
      const response = await fails(as(owner).DELETE('/api/projects/{id}/files/{filename}/', { params: { path: { id: projectId, filename: '../../etc/passwd' } } }), 404);
      expect(response.detail).toBe('No document named "../../etc/passwd" in this project.');
    });

    it('keeps files encrypted at rest', async () => {
      const marker = 'UNMISTAKABLE-PLAINTEXT-MARKER-4711';
      await ok(uploadFile(ctx, owner, projectId, 'marker.txt', `${marker} ${CONTRACT.slice(0, 2000)}`), 201);
      const stored = (await filesUnder(ctx.config.storage.filesDir)).filter((path) => path.endsWith('.bin'));
      expect(stored.length).toBeGreaterThan(0);
      for (const path of stored) {
        const bytes = await readFile(path);
        expect(bytes.includes(Buffer.from(marker))).toBe(false);
        expect(bytes.includes(Buffer.from('AGREEMENT'))).toBe(false);
      }
      expect(await filesUnder(join(ctx.config.storage.filesDir, '.incoming'))).toEqual([]);
    });

    it('serves the original back, and reports a tampered file instead of serving it', async () => {
      const created = await ok(uploadFile(ctx, owner, projectId, 'tamper.txt', 'Original clause text.'), 201);
      const content = () => as(owner).GET('/api/projects/{id}/documents/{documentId}/content/', { params: { path: { id: projectId, documentId: created.id } }, parseAs: 'text' });
      expect(await ok(content())).toBe('Original clause text.');
      const rows: { storage_key: string }[] = await ctx.app.get(DataSourceToken).query('SELECT storage_key FROM documents WHERE id = $1', [created.id]);
      const key = rows[0].storage_key;
      const path = join(ctx.config.storage.filesDir, key.slice(0, 2), `${key}.bin`);
      const bytes = await readFile(path);
      bytes[bytes.length - 20] ^= 0xff;
      await writeFile(path, bytes);
      const tampered = await fails(content(), 500);
      expect(tampered.detail).toMatch(/failed its integrity check/);
    });
  });

  describe('hostile input', () => {
    let projectId: string;

    beforeAll(async () => {
      projectId = (await createProject(ctx, owner, 'Hostile')).id;
    });

    afterEach(async () => {
      // Nothing was stored by any refused upload, and the server still answers.
      expect(await files(projectId)).toEqual([]);
      expect(await filesUnder(join(ctx.config.storage.filesDir, '.incoming'))).toEqual([]);
    });

    it('a 0-byte file', async () => {
      const response = await fails(uploadFile(ctx, owner, projectId, 'empty.txt', Buffer.alloc(0)), 400);
      expect(response.detail).toBe('"empty.txt" is empty (0 bytes): there is nothing to upload.');
    });

    it('a .pdf that is really an executable', async () => {
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
      const response = await fails(uploadFile(ctx, owner, projectId, 'contract.pdf', elf), 415);
      expect(response.detail).toBe('"contract.pdf" is not a supported file type. Supported types: PDF, DOCX, TXT, Markdown, HTML, EML, PNG, JPEG, TIFF.');
    });

    it('a .docx that is not a zip', async () => {
      const response = await fails(uploadFile(ctx, owner, projectId, 'draft.docx', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])), 415);
      expect(response.detail).toMatch(/^"draft.docx" is not a supported file type\./);
    });

    it.each([
      ['../../etc/passwd.txt', 'The file name must not contain a path: "/" and "\\" are not allowed.'],
      ['evil\u0000.txt', 'The upload could not be read: a part header is malformed, for example a file name with control characters.'],
      [`${'a'.repeat(300)}.txt`, 'The file name is too long: at most 255 characters are allowed.'],
    ])('a name like %j', async (name, message) => {
      // Raw: hostile file names (paths, control characters) go byte for byte into the multipart header.
      const response = await upload(ctx, owner, projectId, name, 'Some text.').expect(400);
      expect(response.body.detail).toBe(message);
    });

    it.each([
      ['not-a-uuid', 400, 'The project id is not valid: it must be a UUID.'],
      ['', 400, 'project_id is required: the id of the project to add the document to.'],
    ])('a project_id of %j', async (value, status, message) => {
      const response = await fails(uploadFile(ctx, owner, value, 'a.txt', 'Some text.'), status);
      expect(response.detail).toBe(message);
    });

    it('a missing file field', async () => {
      // Raw: the contract requires the file field.
      const response = await ctx.http.post('/api/upload/').set(...bearer(owner)).field('project_id', projectId).expect(400);
      expect(response.body.detail).toBe('No file was uploaded: send the document as multipart/form-data in the "file" field.');
    });

    it('two files in one request', async () => {
      // Raw: the contract has one file field.
      const response = await ctx.http
        .post('/api/upload/')
        .set(...bearer(owner))
        .field('project_id', projectId)
        .attach('file', Buffer.from('one'), { filename: 'one.txt' })
        .attach('file', Buffer.from('two'), { filename: 'two.txt' })
        .expect(400);
      expect(response.body.detail).toBe('Send exactly one file per request, in the "file" field.');
    });

    it('a JSON body instead of multipart', async () => {
      // Raw: the contract's body is multipart/form-data.
      await ctx.http.post('/api/upload/').set(...bearer(owner)).send({ project_id: projectId }).expect(400);
    });
  });

  describe('deletion', () => {
    it('removes the project, its documents and their files, leaving nothing behind', async () => {
      const project = await createProject(ctx, owner, 'To delete');
      await ok(uploadFile(ctx, owner, project.id, 'one.txt', 'One.'), 201);
      await ok(uploadFile(ctx, owner, project.id, 'two.txt', 'Two.'), 201);
      const keys: { storage_key: string }[] = await ctx.app.get(DataSourceToken).query('SELECT storage_key FROM documents WHERE project_id = $1', [project.id]);
      expect(keys).toHaveLength(2);
      await ok(as(owner).DELETE('/api/projects/{id}/', path(project.id)));
      await fails(as(owner).GET('/api/projects/{id}/', path(project.id)), 404);
      const left: { count: string }[] = await ctx.app.get(DataSourceToken).query('SELECT count(*) AS count FROM documents WHERE project_id = $1', [project.id]);
      expect(Number(left[0].count)).toBe(0);
      const onDisk = await filesUnder(ctx.config.storage.filesDir);
      for (const { storage_key } of keys) expect(onDisk.some((path) => path.includes(storage_key))).toBe(false);
    });
  });
});

describe('durability', () => {
  it('keeps an accepted upload across an app restart', async () => {
    const config = testConfig({}, { redis: false });
    const first = await startTestApp(config);
    const user = await createUser(first);
    const project = await createProject(first, user, 'Durable');
    const created = await ok(uploadFile(first, user, project.id, 'kept.txt', 'Text that must survive.'), 201);
    await first.close({ keepData: true });
    const second = await startTestApp(config);
    try {
      const { token } = await ok(api(second).POST('/api/login/', { body: { email: user.email, password: user.password } }));
      const content = await ok(api(second, token).GET('/api/projects/{id}/documents/{documentId}/content/', { params: { path: { id: project.id, documentId: created.id } }, parseAs: 'text' }));
      expect(content).toBe('Text that must survive.');
    } finally {
      await second.close();
    }
  });
});
