import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeDocx } from '@api/modules/ingestion/parsers/__fixtures__/zip-writer';
import { api, fails, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { bearer, createProject, upload } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const FILE_NAME_HIDDEN =
  'The file name contains invisible or control characters (such as right-to-left overrides). Please rename the file and try again.';
const PROJECT_NAME_HIDDEN =
  'The project name contains invisible or control characters (such as right-to-left overrides). Please remove them and try again.';
const DESCRIPTION_HIDDEN =
  'The description contains invisible or control characters (such as right-to-left overrides). Please remove them and try again.';

describe('upload safety', () => {
  let ctx: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    user = await createUser(ctx, 'uploads');
  });

  afterAll(() => ctx.close());

  const listFiles = async (projectId: string) => (await ok(api(ctx, user).GET('/api/projects/{id}/files/', { params: { path: { id: projectId } } }))).files;
  const createMatter = (body: { name: string; description?: string }) => api(ctx, user).POST('/api/projects/', { body });

  describe('names that hide or reorder characters', () => {
    let projectId: string;

    beforeAll(async () => {
      projectId = (await createProject(ctx, user, 'Names')).id;
    });

    it.each([
      ['a right-to-left override', 'invoice\u202Efdp.exe.txt'],
      ['a zero-width space', 'pay\u200Bpal.txt'],
      ['a right-to-left isolate', 'a\u2067b\u2069.txt'],
      ['a byte-order mark inside', 'con\uFEFFtract.txt'],
      ['a soft hyphen', 'in\u00ADvoice.txt'],
      ['a line separator', 'a\u2028b.txt'],
      ['a C1 control', 'a\u0085b.txt'],
      ['tag characters', 'notes\u{E0069}\u{E006E}.txt'],
    ])('refuses a file name with %s', async (_label, name) => {
      // Raw: the name must reach the multipart header byte for byte, which fetch's form encoder does not promise.
      const response = await upload(ctx, user, projectId, name, 'Some text.').expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, detail: FILE_NAME_HIDDEN });
      expect(await listFiles(projectId)).toEqual([]);
    });

    it('answers a deletion by a name with a NUL byte with 404, not a database error', async () => {
      // Raw: the path carries an escaped NUL as it is, which the typed client would escape again.
      for (const name of ['%00', 'a%00b.txt']) {
        const response = await ctx.http.delete(`/api/projects/${projectId}/files/${name}/`).set(...bearer(user)).expect(404);
        expect(response.body).toEqual({ statusCode: 404, detail: expect.stringContaining('No document named'), error: expect.any(String) });
      }
    });

    it('accepts file names in any script and with emoji', async () => {
      const names = [
        'Contrat résilié (Müller).txt',
        'عقد الإيجار.txt',
        'נספח א.txt',
        '合同 条款.txt',
        'نامه\u200Cی وکیل.txt',
        'Signed ✅ \u{1F469}\u200D\u2696\uFE0F.txt',
      ];
      const mine = (await createProject(ctx, user, 'Scripts')).id;
      for (const name of names) await ok(uploadFile(ctx, user, mine, name, `Text of ${name}.`), 201);
      expect([...(await listFiles(mine))].sort()).toEqual([...names].sort());
    });

    it.each([
      ['a right-to-left override', { name: 'Acme\u202Eevil' }, PROJECT_NAME_HIDDEN],
      ['a zero-width joiner between Latin letters', { name: 'Ac\u200Dme' }, PROJECT_NAME_HIDDEN],
      ['a NUL, refused with the whole body', { name: 'Acme\u0000' }, 'The request body must not contain NUL characters (\\u0000).'],
      ['an unpaired surrogate, refused with the whole body', { name: 'Acme \uD800 v. Globex' }, 'The request body must be valid Unicode: it contains an unpaired surrogate (\\uD800-\\uDFFF).'],
      ['a bidi override in the description', { name: 'Acme', description: 'Lease \u202Edispute' }, DESCRIPTION_HIDDEN],
    ])('refuses a project with %s', async (_label, body, message) => {
      expect(await fails(createMatter(body), 400)).toMatchObject({ statusCode: 400, detail: message });
    });

    it('keeps the specification’s message for a blank project name', async () => {
      expect((await fails(createMatter({ name: ' \t ' }), 400)).detail).toBe('Project name is required');
    });

    it('accepts project names in any script and with emoji, and descriptions over several lines', async () => {
      for (const name of ['Société Générale c. Dupont', 'شركة النور ضد البنك', 'תיק 2024', '東京地裁 令和6年', 'Matter 🏛️ 👨‍👩‍👧']) {
        expect((await ok(createMatter({ name, description: 'Lease dispute.\nSecond line.' }), 201)).name).toBe(name);
      }
    });
  });

  describe('limits told at upload', () => {
    let projectId: string;

    beforeAll(async () => {
      projectId = (await createProject(ctx, user, 'Limits')).id;
    });

    async function nothingStored(): Promise<void> {
      expect(await listFiles(projectId)).toEqual([]);
      expect(await readdir(join(ctx.config.storage.filesDir, '.incoming')).catch(() => [])).toEqual([]);
    }

    it('refuses a text file longer than the parsers take, naming the limit', async () => {
      expect((await fails(uploadFile(ctx, user, projectId, 'huge.txt', Buffer.alloc(20_000_001, 'a')), 413)).detail).toBe(
        '"huge.txt" has more than 20,000,000 characters, the most a text file can hold. Split it into smaller files and upload them again.',
      );
      await nothingStored();
    });

    it('answers a form with project_id twice with a clear 400', async () => {
      // Raw: the contract's form has one project_id field.
      for (const fileFirst of [false, true]) {
        const request = ctx.http.post('/api/upload/').set(...bearer(user));
        if (fileFirst) request.attach('file', Buffer.from('Some text.'), { filename: 'twice.txt' });
        request.field('project_id', projectId).field('project_id', projectId);
        if (!fileFirst) request.attach('file', Buffer.from('Some text.'), { filename: 'twice.txt' });
        const response = await request.expect(400);
        expect(response.body.detail).toBe('Send one project_id per upload: the form holds "project_id" more than once.');
      }
      await nothingStored();
    });
  });

  it('fails a file with no readable text, saying so', async () => {
    const projectId = (await createProject(ctx, user, 'Blank')).id;
    await ok(uploadFile(ctx, user, projectId, 'blank.txt', ' \n\t \r\n   \n'), 201);
    await ok(uploadFile(ctx, user, projectId, 'invisible.md', '\u200B\u200B\n\u00A0\u3000'), 201);
    await ok(uploadFile(ctx, user, projectId, 'real.txt', 'The tenant shall pay rent monthly.'), 201);
    const documents = await waitForDocuments(ctx, user.token, projectId);
    const byName = new Map(documents.map((document) => [document.filename, document]));
    expect(byName.get('blank.txt')).toMatchObject({ status: 'failed', error: 'No text was found in this file.' });
    expect(byName.get('invisible.md')).toMatchObject({ status: 'failed', error: 'No text was found in this file.' });
    expect(byName.get('real.txt')).toMatchObject({ status: 'ready', error: null });
  });

  it('fails Word files that are archive bombs, crowded or hostile with a clear reason, and reads a plain one', async () => {
    const projectId = (await createProject(ctx, user, 'Archives')).id;
    const MB = 1024 * 1024;
    const files: [string, Buffer][] = [
      ['plain.docx', writeDocx(['The Tenant shall pay rent monthly.'])],
      ['packed.docx', writeDocx(['Cover page.'], [{ name: 'word/media/image1.png', data: Buffer.alloc(50 * MB) }])],
      ['huge.docx', writeDocx(['Cover page.'], Array.from({ length: 300 }, (_, index) => ({ name: `word/media/part${index}.bin`, data: Buffer.alloc(MB) })))],
      ['crowded.docx', writeDocx(['Cover page.'], Array.from({ length: 10_000 }, (_, index) => ({ name: `customXml/item${index}.xml`, data: '<a/>' })))],
      ['escaping.docx', writeDocx(['Cover page.'], [{ name: '../../evil.xml', data: '<a/>' }])],
    ];
    for (const [name, bytes] of files) await ok(uploadFile(ctx, user, projectId, name, bytes), 201);
    const documents = await waitForDocuments(ctx, user.token, projectId);
    const byName = Object.fromEntries(documents.map((document) => [document.filename, { status: document.status, error: document.error }]));
    expect(byName).toEqual({
      'plain.docx': { status: 'ready', error: null },
      'packed.docx': { status: 'failed', error: 'Part of this file expands more than 500-fold when unpacked, far more than a document does, so it was not processed.' },
      'huge.docx': { status: 'failed', error: 'This file expands to more than 256 MB when unpacked, so it was not processed.' },
      'crowded.docx': { status: 'failed', error: 'This file holds more than 10,000 parts, far more than a document has, so it was not processed.' },
      'escaping.docx': { status: 'failed', error: 'This Word file is damaged or is not a valid DOCX.' },
    });
  });
});
