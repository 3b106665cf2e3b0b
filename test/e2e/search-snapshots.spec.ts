import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { cuadText, firstCuadContract } from '../utils/fixtures';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { api, ok, uploadFile } from '../utils/api';
import { createProject } from '../utils/projects';
import { until } from '../utils/poll';
import { describeIf } from '../utils/requirements';
import { startTestApp, TestApp } from '../utils/test-app';
import { serverRequirements, tempDir, testConfig } from '../utils/test-config';
import { startWorkerProcess, WorkerProcess } from '../utils/worker-process';

/**
 * A project's search index is saved (sealed) in DATA_DIR once its documents are ready, and the first question after
 * a restart restores it instead of reading every passage from the database again.
 */
describe('saved search indexes', () => {
  const dataDir = tempDir();
  const config = testConfig({ DATA_DIR: dataDir }, { redis: false });
  const marker = `Quillfeather${randomBytes(4).toString('hex')}`;
  const body = cuadText(firstCuadContract());
  const escrow = `${body.slice(0, 6000)}\n\n17. ESCROW. The ${marker} escrow account is held by the Escrow Agent in New York.\n\n${body.slice(6000, 12000)}`;
  const question = `Who holds the ${marker} escrow account?`;
  let ctx: TestApp;
  let owner: TestUser;

  const snapshotOf = (projectId: string): string => join(dataDir, 'search', `${projectId}.index`);
  const ask = (projectId: string) => ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } }));
  const login = async (): Promise<void> => {
    owner = { ...owner, token: (await ok(api(ctx).POST('/api/login/', { body: { email: owner.email, password: owner.password } }))).token };
  };

  /** A project of two documents, once its index is saved. */
  const savedProject = async (name: string): Promise<string> => {
    const projectId = (await createProject(ctx, owner, name)).id;
    await ok(uploadFile(ctx, owner, projectId, 'escrow.txt', escrow), 201);
    await ok(uploadFile(ctx, owner, projectId, 'other.txt', body.slice(12000, 20000)), 201);
    await waitForDocuments(ctx, owner.token, projectId);
    await until(() => 'Timed out waiting for the saved search index', async () => (existsSync(snapshotOf(projectId)) ? true : null));
    return projectId;
  };

  beforeAll(async () => {
    ctx = await startTestApp(config);
    owner = await createUser(ctx, 'owner');
  });

  afterAll(() => ctx.close());

  it('saves a project’s index once its documents are ready, sealed, and answers from it after a restart without reading the passages again', async () => {
    const projectId = await savedProject('Restored');
    const saved = readFileSync(snapshotOf(projectId));
    expect(saved.toString('latin1')).not.toContain(marker);
    expect(saved.toString('latin1')).not.toContain('escrow');
    const before = await ask(projectId);
    expect(before.citations.some((citation) => citation.quote.includes(marker))).toBe(true);

    await ctx.close({ keepData: true });
    ctx = await startTestApp(config);
    await login();
    const reads = jest.spyOn(ctx.app.get(IngestionService), 'chunksOfDocuments');
    const after = await ask(projectId);
    expect(reads).not.toHaveBeenCalled();
    expect(after.answer).toBe(before.answer);
    expect(after.citations).toEqual(before.citations);

    // A document added after the restart joins the restored index: only its passages are read.
    const lateMarker = `${marker}late`;
    await ok(uploadFile(ctx, owner, projectId, 'late.txt', `SCHEDULE B. The ${lateMarker} deposit is returned within ten days of closing.`), 201);
    const late = (await waitForDocuments(ctx, owner.token, projectId)).find((document) => document.filename === 'late.txt');
    const answer = await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question: `When is the ${lateMarker} deposit returned?` } }));
    expect(answer.citations.some((citation) => citation.quote.includes(lateMarker))).toBe(true);
    expect(reads.mock.calls.map(([, documentIds]) => documentIds)).toEqual([[late?.id]]);
    reads.mockRestore();
  });

  it('deletes the saved index with a document of the project, and with the project', async () => {
    const projectId = await savedProject('Erased');

    await ok(api(ctx, owner).DELETE('/api/projects/{id}/files/{filename}/', { params: { path: { id: projectId, filename: 'escrow.txt' } } }));
    await until(() => 'Timed out waiting for the saved index to be deleted', async () => (existsSync(snapshotOf(projectId)) ? null : true));
    const answer = await ask(projectId);
    expect(answer.citations.some((citation) => citation.quote.includes(marker))).toBe(false);

    await until(() => 'Timed out waiting for the index to be saved again', async () => (existsSync(snapshotOf(projectId)) ? true : null), 15_000).catch(() => undefined);
    await ok(api(ctx, owner).DELETE('/api/projects/{id}/', { params: { path: { id: projectId } } }));
    await until(() => 'Timed out waiting for the saved index to be deleted', async () => (existsSync(snapshotOf(projectId)) ? null : true));
  });
});

// Scaled out, the documents are made ready in a worker process, and the serving process had never built the index of a
// matter nobody had asked about yet: its first question read and tokenised every passage (18.6 s at 2,000 contracts).
describeIf(serverRequirements.postgres, 'saved search indexes on PostgreSQL', () => {
  describeIf(serverRequirements.redis, 'with the documents made ready in a worker process', () => {
    const config = testConfig({ DATA_DIR: tempDir() }, { redis: true });
    const marker = `Inkwell${randomBytes(4).toString('hex')}`;
    const body = cuadText(firstCuadContract());
    let ctx: TestApp | undefined;
    let worker: WorkerProcess | undefined;

    afterAll(async () => {
      await worker?.kill('SIGTERM');
      await ctx?.close();
    });

    it('has the serving process bring the index up to date and save it before the first question, which reads no passage', async () => {
      const served = await startTestApp({ ...config, app: { ...config.app, role: 'api' } });
      ctx = served;
      worker = await startWorkerProcess(config);
      const owner = await createUser(served, 'owner');
      const projectId = (await createProject(served, owner, 'Scaled data room')).id;
      await ok(uploadFile(served, owner, projectId, 'escrow.txt', `${body.slice(0, 6000)}\n\n9. ESCROW. The ${marker} escrow account is held by the Escrow Agent.`), 201);
      await ok(uploadFile(served, owner, projectId, 'other.txt', body.slice(6000, 14000)), 201);
      await waitForDocuments(served, owner.token, projectId, 60_000);
      const snapshot = join(config.app.dataDir, 'search', `${projectId}.index`);
      await until(() => 'Timed out waiting for the serving process to save the index', async () => (existsSync(snapshot) ? true : null), 20_000);

      const reads = jest.spyOn(served.app.get(IngestionService), 'chunksOfDocuments');
      const answer = await ok(api(served, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question: `Who holds the ${marker} escrow account?` } }));
      expect(answer.citations.some((citation) => citation.quote.includes(marker))).toBe(true);
      expect(reads).not.toHaveBeenCalled();
      reads.mockRestore();
    });
  });
});
