import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { api, fails, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, factory, TestUser } from '../utils/factory';
import { latestCode } from '../utils/outbox';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// Every limit the server promises, at the limit and one past it, so a limit that moves by one fails here.

/** MAX_UPLOAD_MB counts binary megabytes: 1 MB is 1,048,576 bytes. */
const LIMIT_BYTES = 1024 * 1024;
/** Eight characters, strong enough for the password policy on their own; its first seven are the short one. */
const EIGHT_CHARACTERS = 'Qz7#mK2v';
const FORMAT_MESSAGE = 'Please enter a valid verification code.';
const BAD_CODE = 'The code is not correct, or it has expired. Please check it, or request a new code.';
const SHORT_PASSWORD = 'Password must be at least 8 characters long.';

/** Plain text of exactly `size` bytes (ASCII), shaped like a contract so type detection keeps it as text. */
function textOfSize(size: number): Buffer {
  const line = 'SECTION 1. TERM. This Agreement remains in force for five years from the Effective Date.\n';
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size));
}

/** A question of exactly `length` characters, with no space at either end for the trimming to take. */
function questionOf(length: number): string {
  const sentence = 'What does the agreement say about its term and its governing law? ';
  return `${sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length - 1)}?`;
}

describe('boundaries', () => {
  let ctx: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ MAX_UPLOAD_MB: '1', THROTTLE_LIMIT: '100000' }, { redis: false }));
    user = await createUser(ctx, 'limits');
  });

  afterAll(() => ctx?.close());

  const as = (caller: TestUser | null) => api(ctx, caller);
  const files = (projectId: string) => ok(as(user).GET('/api/projects/{id}/files/', { params: { path: { id: projectId } } }));

  describe('upload size (MAX_UPLOAD_MB=1)', () => {
    it('accepts a file of exactly the limit, stored byte for byte', async () => {
      const project = await createProject(ctx, user, 'At the limit');
      const bytes = textOfSize(LIMIT_BYTES);
      const created = await ok(uploadFile(ctx, user, project.id, 'exactly-1-MB.txt', bytes), 201);
      expect(created.size).toBe(LIMIT_BYTES);
      const content = await ok(
        as(user).GET('/api/projects/{id}/documents/{documentId}/content/', { params: { path: { id: project.id, documentId: created.id } }, parseAs: 'arrayBuffer' }),
      );
      expect(Buffer.compare(Buffer.from(content), bytes)).toBe(0);
    });

    it('refuses one byte more with 413, and stores nothing', async () => {
      const project = await createProject(ctx, user, 'Past the limit');
      const refused = await fails(uploadFile(ctx, user, project.id, 'one-byte-over.txt', textOfSize(LIMIT_BYTES + 1)), 413);
      expect(refused).toEqual({ statusCode: 413, detail: 'The file is larger than the upload limit of 1 MB.', error: expect.any(String) });
      expect(await files(project.id)).toEqual({ files: [] });
      expect(await readdir(join(ctx.config.storage.filesDir, '.incoming')).catch(() => [])).toEqual([]);
    });
  });

  describe('question length (at most 4000 characters, counted after trimming)', () => {
    let projectId: string;

    beforeAll(async () => {
      projectId = (await createProject(ctx, user, 'Questions')).id;
      await ok(uploadFile(ctx, user, projectId, 'term.txt', textOfSize(4_000)), 201);
      await waitForDocuments(ctx, user.token, projectId);
    });

    const ask = (question: string) => as(user).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } });

    it('answers a question of exactly 4000 characters', async () => {
      const question = questionOf(4000);
      expect(question).toHaveLength(4000);
      expect(await ok(ask(question))).toMatchObject({ answer: expect.any(String), abstained: expect.any(Boolean) });
      const history = await ok(as(user).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projectId } } }));
      expect(history.history.at(-1)?.message).toBe(question);
    });

    it('answers 4000 characters with spaces around them', async () => {
      await ok(ask(`  ${questionOf(4000)}\n `));
    });

    it('refuses 4001 characters with its message', async () => {
      const refused = await fails(ask(questionOf(4001)), 400);
      expect(refused.detail).toBe('The question is too long: at most 4000 characters.');
    });
  });

  describe('project name (at most 200 characters after trimming) and description (at most 200)', () => {
    const create = (body: { name: string; description: string }) => as(user).POST('/api/projects/', { body });

    it('accepts a name of exactly 200 characters, kept whole', async () => {
      const name = 'N'.repeat(200);
      expect((await ok(create({ name, description: '' }), 201)).name).toBe(name);
    });

    it('refuses a name of 201 characters', async () => {
      const refused = await fails(create({ name: 'N'.repeat(201), description: '' }), 400);
      expect(refused.detail).toBe('Project name must be at most 200 characters.');
    });

    it('accepts a description of exactly 200 characters, kept whole', async () => {
      const description = 'd'.repeat(200);
      expect((await ok(create({ name: 'Described', description }), 201)).description).toBe(description);
    });

    it('refuses a description of 201 characters (the server does not cut it; the client does)', async () => {
      const refused = await fails(create({ name: 'Described', description: 'd'.repeat(201) }), 400);
      expect(refused.detail).toBe('Description must be at most 200 characters.');
    });
  });

  describe('verification code (digits, 4 to 6)', () => {
    /** A pending account with a live 6-digit code. */
    async function pending(): Promise<{ email: string; code: string }> {
      const email = factory.email('code');
      await ok(as(null).POST('/api/signup/', { body: { email, password: factory.password() } }));
      return { email, code: await latestCode(ctx.config, email) };
    }

    const verify = (email: string, otp: string) => as(null).POST('/api/verify-otp/', { body: { email, otp } });

    it.each([
      ['3 digits', '123'],
      ['7 digits', '1234567'],
    ])('refuses %s as not a code', async (_label, otp) => {
      const { email } = await pending();
      expect((await fails(verify(email, otp), 400)).detail).toBe(FORMAT_MESSAGE);
    });

    it.each([
      ['4 digits', '1234'],
      ['5 digits', '12345'],
    ])('takes %s as a code and checks it (wrong here)', async (_label, otp) => {
      const { email } = await pending();
      expect((await fails(verify(email, otp), 400)).detail).toBe(BAD_CODE);
    });

    it('verifies with the 6-digit code that was mailed', async () => {
      const { email, code } = await pending();
      expect(code).toMatch(/^\d{6}$/);
      await ok(verify(email, code));
    });

    it('refuses the mailed code with a seventh digit', async () => {
      const { email, code } = await pending();
      expect((await fails(verify(email, `${code}0`), 400)).detail).toBe(FORMAT_MESSAGE);
    });
  });

  describe('password length (at least 8, at most 512)', () => {
    const signup = (password: string) => as(null).POST('/api/signup/', { body: { email: factory.email('pw'), password } });

    it('refuses 7 characters at sign-up with the spec’s text', async () => {
      expect((await fails(signup(EIGHT_CHARACTERS.slice(0, 7)), 400)).detail).toBe(SHORT_PASSWORD);
    });

    it('accepts 8 characters at sign-up, and signs in with them', async () => {
      const email = factory.email('pw8');
      await ok(as(null).POST('/api/signup/', { body: { email, password: EIGHT_CHARACTERS } }));
      await ok(as(null).POST('/api/verify-otp/', { body: { email, otp: await latestCode(ctx.config, email) } }));
      await ok(as(null).POST('/api/login/', { body: { email, password: EIGHT_CHARACTERS } }));
    });

    it('accepts 512 characters and refuses 513', async () => {
      const long = 'correct horse battery staple '.repeat(18);
      await ok(signup(long.slice(0, 512)));
      expect((await fails(signup(long.slice(0, 513)), 400)).detail).toBe('Password must be at most 512 characters long.');
    });

    it('holds the same minimum at password reset: 7 refused, 8 accepted', async () => {
      const account = await createUser(ctx, 'reset');
      await ok(as(null).POST('/api/request-password-reset/', { body: { email: account.email } }));
      const otp = await latestCode(ctx.config, account.email);
      const reset = (password: string) => as(null).POST('/api/reset-password/', { body: { email: account.email, otp, new_password: password } });
      expect((await fails(reset(EIGHT_CHARACTERS.slice(0, 7)), 400)).detail).toBe(SHORT_PASSWORD);
      await ok(reset(EIGHT_CHARACTERS));
      await ok(as(null).POST('/api/login/', { body: { email: account.email, password: EIGHT_CHARACTERS } }));
    });
  });
});
