import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { JobName } from '@api/modules/jobs/job.constants';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { cuadPdf, cuadText } from '../utils/cuad';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { createProject, upload } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const FIXTURES = join(__dirname, '..', '..', 'apps', 'api', 'src', 'modules', 'ingestion', 'parsers', '__fixtures__');
const PDF = 'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.pdf';
const TXT = 'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.txt';

interface ChunkRow {
  document_id: string;
  ordinal: number;
  start: number;
  end: number;
  text: string;
  page_start: number;
}

describe('ingestion', () => {
  let ctx: TestApp;
  let user: TestUser;
  let projectId: string;
  let db: DataSource;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
    db = ctx.app.get(DataSource);
    user = await createUser(ctx);
    projectId = (await createProject(ctx, user, 'Ingestion')).id;
  });

  afterAll(() => ctx.close());

  it('turns a real PDF and the same contract as text into ready documents whose chunks point exactly into the stored text', async () => {
    await upload(ctx, user, projectId, 'supply.pdf', cuadPdf(PDF)).expect(201);
    await upload(ctx, user, projectId, 'supply.txt', cuadText(TXT)).expect(201);
    await upload(ctx, user, projectId, 'locked.pdf', readFileSync(join(FIXTURES, 'password-protected.pdf'))).expect(201);
    const documents = await waitForDocuments(ctx, user.token, projectId);
    const byName = new Map(documents.map((document) => [document.filename, document]));
    expect(byName.get('supply.pdf')).toMatchObject({ status: 'ready', error: null });
    expect(byName.get('supply.pdf')?.pages).toBeGreaterThan(1);
    expect(byName.get('supply.txt')).toMatchObject({ status: 'ready', pages: 1 });
    expect(byName.get('locked.pdf')).toMatchObject({ status: 'failed', error: 'This PDF is password-protected: remove the password and upload it again.' });

    for (const name of ['supply.pdf', 'supply.txt']) {
      const id = byName.get(name)?.id as string;
      const [{ text }] = (await db.query('SELECT text FROM document_texts WHERE document_id = $1', [id])) as { text: string }[];
      const chunks = (await db.query('SELECT * FROM chunks WHERE document_id = $1 ORDER BY ordinal', [id])) as ChunkRow[];
      expect(chunks.length).toBeGreaterThan(5);
      for (const chunk of chunks) expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      if (name === 'supply.txt') expect(text).toBe(cuadText(TXT));
    }
  });

  it('runs the job twice without duplicating chunks', async () => {
    const [{ id }] = (await db.query(`SELECT id FROM documents WHERE project_id = $1 AND filename = 'supply.txt'`, [projectId])) as { id: string }[];
    const before = (await db.query('SELECT count(*) AS n FROM chunks WHERE document_id = $1', [id])) as { n: string }[];
    await db.query(`UPDATE documents SET status = 'queued' WHERE id = $1`, [id]);
    const service = ctx.app.get(IngestionService);
    await service.ingest({ documentId: id }, { jobId: 'manual', attempt: 1, maxAttempts: 1 });
    await service.ingest({ documentId: id }, { jobId: 'manual', attempt: 1, maxAttempts: 1 });
    const after = (await db.query('SELECT count(*) AS n FROM chunks WHERE document_id = $1', [id])) as { n: string }[];
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('ingestion after a crash', () => {
  it('brings every document left queued or processing to ready after a restart, with no duplicate chunks', async () => {
    const config = testConfig({}, { redis: false });
    const first = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
    const user = await createUser(first);
    const project = await createProject(first, user, 'Crash');
    await upload(first, user, project.id, 'a.txt', cuadText(TXT)).expect(201);
    await upload(first, user, project.id, 'b.txt', 'SECTION 1. TERM. This Agreement lasts five years.').expect(201);
    const db = first.app.get(DataSource);
    // The crash: one document mid-processing, and one whose job was lost before it was queued.
    await db.query(`UPDATE documents SET status = 'processing' WHERE filename = 'a.txt'`);
    // A crashed worker's claim: on a shared server it is taken back once its lease (15 minutes) has run out.
    await db.query(`UPDATE jobs SET status = 'running', locked_at = now() - interval '1 hour' WHERE name = $1`, [JobName.IngestDocument]);
    await db.query(`DELETE FROM jobs WHERE payload->>'documentId' = (SELECT id::text FROM documents WHERE filename = 'b.txt')`);
    await first.close({ keepData: true });

    const second = await startTestApp(config);
    try {
      const login = await second.http.post('/api/login/').send({ email: user.email, password: user.password }).expect(200);
      const documents = await waitForDocuments(second, login.body.token, project.id);
      expect(documents.map((document) => document.status)).toEqual(['ready', 'ready']);
      const duplicates = (await second.app
        .get(DataSource)
        .query('SELECT document_id, ordinal, count(*) AS n FROM chunks GROUP BY document_id, ordinal HAVING count(*) > 1')) as unknown[];
      expect(duplicates).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
