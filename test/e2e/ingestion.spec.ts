import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { IngestionRepository } from '@api/modules/ingestion/ingestion.repository';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { cuadPdf, cuadText } from '../utils/fixtures';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { ok, uploadFile } from '../utils/api';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { services, testConfig } from '../utils/test-config';
import { until } from '../utils/poll';
import { UPKEEP_QUIET_MS } from '@api/modules/database/embedded-upkeep';

const FIXTURES = join(__dirname, '..', '..', 'apps', 'api', 'src', 'modules', 'ingestion', 'parsers', '__fixtures__');
const PDF = 'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.pdf';
const TXT = 'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.txt';

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
    await ok(uploadFile(ctx, user, projectId, 'supply.pdf', cuadPdf(PDF)), 201);
    await ok(uploadFile(ctx, user, projectId, 'supply.txt', cuadText(TXT)), 201);
    await ok(uploadFile(ctx, user, projectId, 'locked.pdf', readFileSync(join(FIXTURES, 'password-protected.pdf'))), 201);
    const documents = await waitForDocuments(ctx, user.token, projectId);
    const byName = new Map(documents.map((document) => [document.filename, document]));
    expect(byName.get('supply.pdf')).toMatchObject({ status: 'ready', error: null });
    expect(byName.get('supply.pdf')?.pages).toBeGreaterThan(1);
    expect(byName.get('supply.txt')).toMatchObject({ status: 'ready', pages: 1 });
    expect(byName.get('locked.pdf')).toMatchObject({ status: 'failed', error: 'This PDF is password-protected: remove the password and upload it again.' });

    // Each move of a document's status is an audit event, in order.
    const events = await ctx.app.get(AuditRepository).list();
    const trail = (name: string) => events.filter((event) => event.details.documentId === byName.get(name)?.id).map((event) => [event.action, event.details.from ?? null]);
    expect(trail('supply.pdf')).toEqual([['document.upload', null], ['document.processing', 'queued'], ['document.ready', 'processing']]);
    expect(trail('locked.pdf')).toEqual([['document.upload', null], ['document.processing', 'queued'], ['document.failed', 'processing']]);
    expect(events.find((event) => event.action === 'document.failed')?.details).toMatchObject({ projectId, error: 'This PDF is password-protected: remove the password and upload it again.' });

    for (const name of ['supply.pdf', 'supply.txt']) {
      const id = byName.get(name)?.id as string;
      const text = (await ctx.app.get(IngestionRepository).text(id))?.text as string;
      const chunks = (await ctx.app.get(IngestionService).chunksOfProject(projectId)).filter((chunk) => chunk.documentId === id);
      expect(chunks.length).toBeGreaterThan(5);
      for (const chunk of chunks) expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      // With the offline embedder search gives vectors no weight by default, so none are computed or stored.
      expect(chunks.every((chunk) => chunk.vector === null)).toBe(true);
      if (name === 'supply.txt') expect(text).toBe(cuadText(TXT));
    }
  });

  it('hands out passages by id only to the project that holds them', async () => {
    const otherId = (await createProject(ctx, await createUser(ctx), 'Another matter')).id;
    const ids = ((await db.query('SELECT id FROM chunks WHERE project_id = $1', [projectId])) as { id: string }[]).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    const service = ctx.app.get(IngestionService);
    const byId = await service.chunksById(projectId, ids);
    expect(byId.map((chunk) => chunk.id).sort()).toEqual([...ids].sort());
    // Each passage as the project's whole read gives it: offsets, pages, headings and text.
    const whole = new Map((await service.chunksOfProject(projectId, false)).map((chunk) => [chunk.id, chunk]));
    for (const chunk of byId) expect(chunk).toEqual(whole.get(chunk.id));
    expect(byId.some((chunk) => chunk.headingPath.length > 0)).toBe(true);
    expect(byId.some((chunk) => chunk.pageStart > 1)).toBe(true);
    expect(await service.chunksById(otherId, ids)).toEqual([]);
  });

  it('computes and keeps the vector of each chunk in its row when SEARCH_VECTOR_WEIGHT gives vectors a weight', async () => {
    const weighted = await startTestApp(testConfig({ SEARCH_VECTOR_WEIGHT: '0.5' }));
    try {
      const owner = await createUser(weighted);
      const project = (await createProject(weighted, owner, 'Vectors')).id;
      await ok(uploadFile(weighted, owner, project, 'supply.txt', cuadText(TXT)), 201);
      expect((await waitForDocuments(weighted, owner.token, project))[0]).toMatchObject({ status: 'ready' });
      const chunks = await weighted.app.get(IngestionService).chunksOfProject(project);
      expect(chunks.length).toBeGreaterThan(5);
      // The default vector store, the database, keeps each chunk's vector in its row, all of one dimension.
      expect(new Set(chunks.map((chunk) => chunk.vector?.length ?? 0)).size).toBe(1);
      expect(chunks[0]?.vector?.length).toBeGreaterThan(0);
    } finally {
      await weighted.close();
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

  // PostgreSQL's own autovacuum keeps a server's statistics; the embedded database runs none, so the product does.
  (services.databaseUrl ? it.skip : it)('brings the embedded database\'s statistics up to date once a document read has settled', async () => {
    const known = async () => {
      const [row] = (await db.query(`SELECT reltuples::bigint AS estimate, (SELECT count(*) FROM chunks) AS actual FROM pg_class WHERE relname = 'chunks'`)) as { estimate: string; actual: string }[];
      return { estimate: Number(row.estimate), actual: Number(row.actual) };
    };
    const last = { seen: await known() };
    const caughtUp = async () => {
      last.seen = await known();
      return last.seen.estimate === last.seen.actual ? true : null;
    };
    // The tidying after start-up and after the first uploads has run: the statistics count every passage so far.
    await until(() => `statistics never caught up: ${JSON.stringify(last.seen)}`, caughtUp, 4 * UPKEEP_QUIET_MS, 200);
    await ok(uploadFile(ctx, user, projectId, 'second.txt', cuadText(TXT).replace(/Supply/g, 'Distribution')), 201);
    await waitForDocuments(ctx, user.token, projectId);
    const added = await known();
    expect(added.actual).toBeGreaterThan(added.estimate);
    await until(() => `statistics not refreshed after the new document: ${JSON.stringify(last.seen)}`, caughtUp, 4 * UPKEEP_QUIET_MS, 200);
  }, 10 * UPKEEP_QUIET_MS);
});
