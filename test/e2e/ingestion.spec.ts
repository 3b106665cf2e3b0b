import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { IngestionRepository } from '@api/modules/ingestion/ingestion.repository';
import type { ChunkEntity } from '@api/modules/ingestion/chunk.entity';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { SearchService } from '@api/modules/search/search.service';
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

  it('hands out the passages search finds as their stored text holds them: offsets, pages, headings and words', async () => {
    const repository = ctx.app.get(IngestionRepository);
    const stored = new Map((await ctx.app.get(IngestionService).chunksOfProject(projectId, false)).map((chunk) => [chunk.id, chunk]));
    const search = ctx.app.get(SearchService);
    const hits = (await Promise.all(['termination of this agreement', 'payment terms and invoices', 'warranty of the products', 'governing law'].map((query) => search.search(projectId, query, 24)))).flat();
    expect(hits.length).toBeGreaterThan(20);
    for (const { chunk } of hits) {
      const own = stored.get(chunk.id) as ChunkEntity;
      const text = (await repository.text(chunk.documentId))?.text as string;
      expect(chunk.text).toBe(text.slice(chunk.start, chunk.end));
      // A passage alone is the stored one; grown over its neighbours, it runs from the first one's start to the last one's end.
      const ofDocument = [...stored.values()].filter((other) => other.documentId === chunk.documentId);
      const first = ofDocument.find((other) => other.start === chunk.start) as ChunkEntity;
      const last = ofDocument.find((other) => other.end === chunk.end) as ChunkEntity;
      expect(chunk).toEqual({ id: own.id, documentId: own.documentId, ordinal: first.ordinal, start: first.start, end: last.end, pageStart: first.pageStart, pageEnd: last.pageEnd, text: chunk.text, headingPath: own.headingPath });
    }
    expect(hits.some(({ chunk }) => chunk.headingPath.length > 0)).toBe(true);
    expect(hits.some(({ chunk }) => chunk.pageStart > 1)).toBe(true);
    expect(hits.some(({ chunk }) => stored.get(chunk.id)?.end !== chunk.end || stored.get(chunk.id)?.start !== chunk.start)).toBe(true);
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
