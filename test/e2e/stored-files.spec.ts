import { createCipheriv, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { until } from '../utils/poll';
import { createUser, TestUser } from '../utils/factory';
import { filesUnder } from '../utils/files';
import { api, fails, ok, uploadFile } from '../utils/api';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

/** The first storage format: magic, key wrapped by the deployment key with no authenticated data, IV, ciphertext, tag. */
function legacyFile(masterKey: Buffer, plaintext: Buffer): Buffer {
  const fileKey = randomBytes(32);
  const wrapIv = randomBytes(12);
  const wrapper = createCipheriv('aes-256-gcm', masterKey, wrapIv);
  const wrapped = Buffer.concat([wrapIv, wrapper.update(fileKey), wrapper.final(), wrapper.getAuthTag()]);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fileKey, iv);
  return Buffer.concat([Buffer.from('CWF1'), wrapped, iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

describe('stored files', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    owner = await createUser(ctx, 'owner');
    projectId = (await createProject(ctx, owner, 'Stored files')).id;
  });

  afterAll(() => ctx.close());

  async function storedPath(documentId: string): Promise<string> {
    const rows: { storage_key: string }[] = await ctx.app.get(DataSource).query('SELECT storage_key FROM documents WHERE id = $1', [documentId]);
    const key = rows[0].storage_key;
    return join(ctx.config.storage.filesDir, key.slice(0, 2), `${key}.bin`);
  }

  const content = (documentId: string) =>
    api(ctx, owner).GET('/api/projects/{id}/documents/{documentId}/content/', { params: { path: { id: projectId, documentId } }, parseAs: 'text' });

  describe('bound to their document', () => {
    it('refuses a file swapped with another document’s, with a plain message and an audit event', async () => {
      const first = await ok(uploadFile(ctx, owner, projectId, 'first.txt', 'The first memo: the lease ends in May.'), 201);
      const second = await ok(uploadFile(ctx, owner, projectId, 'second.txt', 'The second memo: the lease ends in June.'), 201);
      const bystander = await ok(uploadFile(ctx, owner, projectId, 'bystander.txt', 'A third memo nobody touched.'), 201);
      const firstPath = await storedPath(first.id);
      const secondPath = await storedPath(second.id);
      await rename(firstPath, `${firstPath}.swap`);
      await rename(secondPath, firstPath);
      await rename(`${firstPath}.swap`, secondPath);

      for (const id of [first.id, second.id]) {
        const response = await fails(content(id), 500);
        expect(response.detail).toBe('The stored copy of this file failed its integrity check, so it was not used. Please upload the document again.');
      }
      const events = await ctx.app.get(AuditRepository).list({ action: 'document.integrity_failure' });
      expect(events.map((event) => event.details.documentId)).toEqual(expect.arrayContaining([first.id, second.id]));

      const untouched = await ok(content(bystander.id));
      expect(untouched).toBe('A third memo nobody touched.');
      await ok(api(ctx, owner).GET('/api/projects/{id}/documents/', { params: { path: { id: projectId } } }));
    });

    it('writes the bound format', async () => {
      const created = await ok(uploadFile(ctx, owner, projectId, 'format.txt', 'Written in the current format.'), 201);
      const bytes = await readFile(await storedPath(created.id));
      expect(bytes.subarray(0, 4).toString()).toBe('CWF2');
    });

    it('still reads a file stored in the first format, and refuses one that belongs to another document', async () => {
      const masterKey = ctx.config.storage.filesKey.reveal();
      const old = await ok(uploadFile(ctx, owner, projectId, 'old.txt', 'Stored before files were bound.'), 201);
      await writeFile(await storedPath(old.id), legacyFile(masterKey, Buffer.from('Stored before files were bound.')));
      const served = await ok(content(old.id));
      expect(served).toBe('Stored before files were bound.');

      const other = await ok(uploadFile(ctx, owner, projectId, 'other-old.txt', 'Another old file.'), 201);
      await writeFile(await storedPath(other.id), legacyFile(masterKey, Buffer.from('Stored before files were bound.')));
      const refused = await fails(content(other.id), 500);
      expect(refused.detail).toMatch(/failed its integrity check/);
    });
  });

  describe('uploads cut off half-way', () => {
    it('never put the plaintext on disk, and leave nothing behind', async () => {
      // Raw: an upload cut off half-way is a broken stream, which no client call can describe.
      const server = ctx.app.getHttpServer();
      const { port } = new URL(ctx.baseUrl);
      const marker = `HALF-UPLOADED-SECRET-${randomBytes(4).toString('hex')}`;
      const boundary = `----casewise${randomBytes(6).toString('hex')}`;
      const incoming = join(ctx.config.storage.filesDir, '.incoming');
      try {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/upload/',
          headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(10 * 1024 * 1024) },
        });
        req.on('error', () => undefined);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n`);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\n`);
        const line = `${marker} the settlement figure is confidential.\n`;
        req.write(line.repeat(Math.ceil((256 * 1024) / line.length)));

        // While the upload is still arriving, what has reached the disk is not the plaintext.
        const partial = await until(
          () => 'The upload never reached the incoming folder',
          async () => {
            for (const path of await filesUnder(incoming)) if ((await stat(path)).size >= 128 * 1024) return path;
            return null;
          },
          30_000,
          50,
        );
        expect((await readFile(partial)).includes(Buffer.from(marker))).toBe(false);

        req.destroy();
        await until(
          () => 'The cut-off upload was not removed',
          async () => ((await filesUnder(incoming)).length === 0 ? true : null),
          30_000,
          50,
        );
        for (const path of await filesUnder(ctx.config.storage.filesDir)) {
          expect((await readFile(path)).includes(Buffer.from(marker))).toBe(false);
        }
        const files = await ok(api(ctx, owner).GET('/api/projects/{id}/files/', { params: { path: { id: projectId } } }));
        expect(files.files).not.toContain('cut.txt');
      } finally {
        server.closeAllConnections();
      }
    });
  });
});
