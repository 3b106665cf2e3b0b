import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { ReportEntity } from '@api/modules/analysis/report.entity';
import { ReportRepository } from '@api/modules/analysis/report.repository';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { FieldCipher } from '@api/modules/keys/field-cipher';
import { LegacyTextSealer } from '@api/modules/keys/legacy-text.sealer';
import { cuadText, firstCuadContract } from '../utils/fixtures';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { api, fails, ok, uploadFile } from '../utils/api';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { tempDir, testConfig } from '../utils/test-config';

/** Every path under `dir` with its permission bits, folders included. */
async function modesUnder(dir: string): Promise<{ path: string; mode: number }[]> {
  const found = [{ path: dir, mode: (await lstat(dir)).mode & 0o777 }];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await modesUnder(path)));
    else if (entry.isFile()) found.push({ path, mode: (await lstat(path)).mode & 0o777 });
  }
  return found;
}

function asText(value: unknown): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('latin1');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

describe('data at rest', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let db: DataSource;
  let dataDir: string;
  const contract = firstCuadContract();
  const marker = `Zephyrquill${randomBytes(4).toString('hex')}`;
  const clause = `The ${marker} escrow account and this Agreement shall be governed by the laws of the State of Delaware.`;
  const body = cuadText(contract);
  const document = `${body.slice(0, 4000)}\n\n${clause}\n\n${body.slice(4000, 12000)}`;

  beforeAll(async () => {
    // An install from before: a world-readable folder and file already in DATA_DIR.
    dataDir = tempDir();
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'files', 'ab'), { recursive: true, mode: 0o755 });
    await writeFile(join(dataDir, 'files', 'ab', 'left-by-an-old-version.bin'), 'old', { mode: 0o644 });
    await chmod(join(dataDir, 'files', 'ab', 'left-by-an-old-version.bin'), 0o644);
    ctx = await startTestApp(testConfig({ DATA_DIR: dataDir }, { redis: false }));
    db = ctx.app.get(DataSource);
    owner = await createUser(ctx, 'owner');
  });

  afterAll(() => ctx.close());

  it('keeps DATA_DIR private: no file or folder in it is open to group or others', async () => {
    const projectId = (await createProject(ctx, owner, 'Permissions')).id;
    await ok(uploadFile(ctx, owner, projectId, 'memo.txt', 'A short memo about the lease.'), 201);
    await waitForDocuments(ctx, owner.token, projectId);
    const entries = await modesUnder(dataDir);
    expect(entries.some((entry) => entry.path.endsWith('secrets.json'))).toBe(true);
    expect(entries.filter((entry) => entry.mode & 0o077)).toEqual([]);
  });

  it('stores no document text, passage, question, answer or report in clear, and still answers with exact quotes', async () => {
    const projectId = (await createProject(ctx, owner, 'Sealed')).id;
    await ok(uploadFile(ctx, owner, projectId, 'escrow.txt', document), 201);
    const [ready] = await waitForDocuments(ctx, owner.token, projectId);
    expect(ready.status).toBe('ready');

    const question = `Which state’s law governs the ${marker} escrow account?`;
    const answer = await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } }));
    const citations = answer.citations;
    expect(citations.some((citation) => citation.quote.includes(marker))).toBe(true);
    for (const citation of citations) expect(document.slice(citation.start, citation.end)).toBe(citation.quote);
    const history = await ok(api(ctx, owner).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projectId } } }));
    expect(history.history[0]).toMatchObject({ message: question, citations: answer.citations });
    await ok(api(ctx, owner).POST('/api/generate_case_summary/', { body: { project_id: projectId } }));
    await ok(api(ctx, owner).POST('/api/generate_liability_analysis/', { body: { project_id: projectId } }));

    for (const table of ['documents', 'document_texts', 'chunks', 'chat_messages', 'reports']) {
      const rows = (await db.query(`SELECT * FROM ${table}`)) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);
      const leaks = rows.flatMap((row) => Object.entries(row).filter(([, value]) => asText(value).includes(marker) || asText(value).includes('escrow account and this Agreement')));
      expect({ table, leaks: leaks.map(([column]) => column) }).toEqual({ table, leaks: [] });
    }
  });

  it('refuses a passage copied into another row with a clear error instead of the wrong text', async () => {
    const projectId = (await createProject(ctx, owner, 'Swapped')).id;
    await ok(uploadFile(ctx, owner, projectId, 'contract.txt', body.slice(0, 12000)), 201);
    await waitForDocuments(ctx, owner.token, projectId);
    const question = 'Which law governs this agreement?';
    await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } }));

    const chunks = (await db.query('SELECT id FROM chunks WHERE project_id = $1 ORDER BY ordinal', [projectId])) as { id: string }[];
    expect(chunks.length).toBeGreaterThan(1);
    await db.query('UPDATE chunks SET text = (SELECT text FROM chunks WHERE id = $1) WHERE id = $2', [chunks[0].id, chunks[1].id]);
    // A change to the project's documents makes the search index load its passages again.
    await db.query('UPDATE documents SET updated_at = now() WHERE project_id = $1', [projectId]);

    const refused = await fails(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } }), 500);
    expect(refused.detail).toBe(`Stored text failed its integrity check (chunks.text of ${chunks[1].id}), so it was not used.`);
  });

  it('encrypts at start-up what was stored in clear before, in every table with sealed text', async () => {
    const projectId = (await createProject(ctx, owner, 'Legacy')).id;
    const lease = body.slice(0, 6000);
    await ok(uploadFile(ctx, owner, projectId, 'lease.txt', lease), 201);
    const [{ id: documentId }] = await waitForDocuments(ctx, owner.token, projectId);
    await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question: 'What is the term?' } }));
    await ok(api(ctx, owner).POST('/api/generate_case_summary/', { body: { project_id: projectId } }));
    const [chunk] = await ctx.app.get(IngestionService).chunksOfProject(projectId);
    const report = (await ctx.app.get(ReportRepository).latest(projectId, 'case-summary')) as ReportEntity;
    // Each owner's table gets a value back in clear, as stored before text was sealed.
    const legacy = `Legacy question ${marker} kept in clear`;
    const clear = "convert_to($1, 'UTF8')";
    await db.query(`UPDATE chat_messages SET question = ${clear} WHERE project_id = $2`, [legacy, projectId]);
    await db.query(`UPDATE document_texts SET text = ${clear} WHERE document_id = $2`, [lease, documentId]);
    await db.query(`UPDATE chunks SET heading_path = ${clear} WHERE id = $2`, [JSON.stringify(chunk.headingPath), chunk.id]);
    await db.query(`UPDATE reports SET markdown = ${clear} WHERE id = $2`, [report.markdown, report.id]);

    expect(await ctx.app.get(LegacyTextSealer).sealAll()).toBe(4);

    const firstBytes = (await db.query(
      `SELECT (SELECT get_byte(question, 0) FROM chat_messages WHERE project_id = $1) AS question,
              (SELECT get_byte(text, 0) FROM document_texts WHERE document_id = $2) AS text,
              (SELECT get_byte(heading_path, 0) FROM chunks WHERE id = $3) AS heading_path,
              (SELECT get_byte(markdown, 0) FROM reports WHERE id = $4) AS markdown`,
      [projectId, documentId, chunk.id, report.id],
    )) as Record<string, number>[];
    expect(firstBytes).toEqual([{ question: 0, text: 0, heading_path: 0, markdown: 0 }]);
    const history = await ok(api(ctx, owner).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projectId } } }));
    expect(history.history[0].message).toBe(legacy);
    expect((await ctx.app.get(IngestionService).textsOf([documentId]))[0]?.text).toBe(lease);
    expect((await ctx.app.get(IngestionService).chunksOfProject(projectId)).find((found) => found.id === chunk.id)?.headingPath).toEqual(chunk.headingPath);
    expect((await ctx.app.get(ReportRepository).latest(projectId, 'case-summary'))?.markdown).toBe(report.markdown);
    expect(await ctx.app.get(LegacyTextSealer).sealAll()).toBe(0);
  });

  it('makes a firm’s data unreadable once its key is destroyed', async () => {
    const client = await createUser(ctx, 'leaving');
    const projectId = (await createProject(ctx, client, 'Shredded')).id;
    await ok(uploadFile(ctx, client, projectId, 'note.txt', body.slice(0, 6000)), 201);
    await waitForDocuments(ctx, client.token, projectId);
    await ok(api(ctx, client).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question: 'Who are the parties?' } }));
    const [{ id }] = (await db.query('SELECT firm_id AS id FROM users WHERE email = $1', [client.email])) as { id: string }[];

    expect(await ctx.app.get(FieldCipher).destroyFirmKey(id)).toBe(1);

    const history = await fails(api(ctx, client).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projectId } } }), 410);
    expect(history.detail).toBe("This data was erased with its firm's key and can no longer be read.");
    const keys = (await db.query('SELECT wrapped_key, destroyed_at FROM data_keys WHERE owner_id = $1', [id])) as { wrapped_key: unknown; destroyed_at: unknown }[];
    expect(keys).toEqual([{ wrapped_key: null, destroyed_at: expect.anything() }]);
    // Another firm's data is untouched.
    await ok(api(ctx, owner).GET('/api/projects/'));
  });
});
