import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { waitForDocuments } from '../utils/documents';
import { createUser } from '../utils/factory';
import { closeAgent, FuzzRequest, loadOperations, markersOf, Operation, problemsOf, requestsFor, send, Tenant } from '../utils/openapi-fuzz';
import { bearer, createProject, upload } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// Contract fuzzing: requests generated from openapi.yaml against every operation of the real app, signed in as
// either of two users (each owning a project with a document), anonymous, or with forged tokens.
// FUZZ_RUNS requests per operation (heavy ones get a fifth), FUZZ_SEED to replay a run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** FUZZ_VERBOSE=1 prints every request with its status and message. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
/** Operations that print PDFs, build reports, ingest or answer: fewer requests each, so the short run stays short. */
const HEAVY = new Set(['downloadCaseSummary', 'downloadLiabilityAnalysis', 'generateCaseSummary', 'generateLiabilityAnalysis', 'uploadDocument', 'askQuestion']);
const operations = loadOperations(join(__dirname, '..', '..', 'openapi.yaml'));

function runsFor(operation: Operation): number {
  return HEAVY.has(operation.id) ? Math.max(2, Math.ceil(RUNS / 5)) : RUNS;
}

async function plantTenant(ctx: TestApp, label: string): Promise<Tenant> {
  const user = await createUser(ctx, `fuzz-${label}`);
  const marker = `${label}${randomBytes(6).toString('hex')}`;
  const project = await createProject(ctx, user, `Matter ${marker}`);
  const scratch = await createProject(ctx, user, `Scratch ${marker}`);
  const filename = `brief-${marker}.txt`;
  const textMarker = `CLAUSE-${marker.toUpperCase()}`;
  const text = `SECTION 1. TERM. This Agreement between Northwind and ${textMarker} lasts five years.\n\nSECTION 2. GOVERNING LAW. The laws of Delaware govern this Agreement.`;
  const uploaded = await upload(ctx, user, project.id, filename, text).expect(201);
  const scratchFilename = `scratch-${marker}.txt`;
  await upload(ctx, user, scratch.id, scratchFilename, text).expect(201);
  await waitForDocuments(ctx, user.token, project.id);
  // History and stored reports too, so those routes have the user's data to (not) give away.
  await ctx.http.post(`/api/projects/${project.id}/qa/`).set(...bearer(user)).send({ question: 'What is the governing law?' }).expect(200);
  await ctx.http.post('/api/generate_case_summary/').set(...bearer(user)).send({ project_id: project.id }).expect(200);
  await ctx.http.post('/api/generate_liability_analysis/').set(...bearer(user)).send({ project_id: project.id }).expect(200);
  return {
    label,
    email: user.email,
    password: user.password,
    token: user.token,
    projectId: project.id,
    projectName: project.name,
    scratchProjectId: scratch.id,
    scratchProjectName: scratch.name,
    scratchFilename,
    documentId: uploaded.body.id as string,
    filename,
    textMarker,
    formerMarkers: [],
  };
}

/** A scratch project deleted by the run is replaced, so later operations still have one of their own to delete from. */
async function keepScratchProject(ctx: TestApp, tenant: Tenant): Promise<void> {
  const found = await ctx.http.get(`/api/projects/${tenant.scratchProjectId}/`).set('Authorization', `Bearer ${tenant.token}`);
  if (found.status !== 404) return;
  tenant.formerMarkers.push(tenant.scratchProjectId, tenant.scratchProjectName);
  const name = `Scratch ${tenant.label}${randomBytes(6).toString('hex')}`;
  const created = await ctx.http.post('/api/projects/').set('Authorization', `Bearer ${tenant.token}`).send({ name, description: '' }).expect(201);
  tenant.scratchProjectId = created.body.id as string;
  tenant.scratchProjectName = name;
  await upload(ctx, tenant, tenant.scratchProjectId, tenant.scratchFilename, 'SECTION 1. TERM. Scratch text.').expect(201);
}

/** The logout routes end the planted users' sessions when the fuzzer signs in as them: sign in again. */
async function keepSession(ctx: TestApp, tenant: Tenant): Promise<void> {
  const me = await ctx.http.get('/api/me/').set('Authorization', `Bearer ${tenant.token}`);
  if (me.status !== 401) return;
  const login = await ctx.http.post('/api/login/').send({ email: tenant.email, password: tenant.password }).expect(200);
  tenant.token = login.body.token as string;
}

function foreignMarkers(request: FuzzRequest, tenants: [Tenant, Tenant]): string[] {
  if (request.actor === 'a') return markersOf(tenants[1]);
  if (request.actor === 'b') return markersOf(tenants[0]);
  return [...markersOf(tenants[0]), ...markersOf(tenants[1])];
}

describe('contract fuzzing (openapi.yaml)', () => {
  let ctx: TestApp;
  let port: number;
  let tenants: [Tenant, Tenant];
  const counts = new Map<string, number>();
  const statuses = new Map<string, Map<number, number>>();
  const problems: string[] = [];

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    // The test app already listens on a port of 127.0.0.1.
    port = Number(new URL(ctx.baseUrl).port);
    tenants = [await plantTenant(ctx, 'a'), await plantTenant(ctx, 'b')];
  }, 120_000);

  afterAll(async () => {
    closeAgent();
    await ctx?.close();
  });

  it(`keeps every operation on the contract (seed ${SEED}, ${RUNS} runs per operation)`, async () => {
    process.stdout.write(`fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} runs per operation (FUZZ_RUNS)\n`);
    for (const [index, operation] of operations.entries()) {
      await fc.assert(
        fc.asyncProperty(requestsFor(operation, tenants), async (request) => {
          const response = await send(port, request);
          if (VERBOSE) process.stdout.write(`${response.status} ${request.summary.slice(0, 200)}\n    ${response.text.slice(0, 160)}\n`);
          counts.set(operation.id, (counts.get(operation.id) ?? 0) + 1);
          const seen = statuses.get(operation.id) ?? new Map<number, number>();
          statuses.set(operation.id, seen.set(response.status, (seen.get(response.status) ?? 0) + 1));
          for (const problem of problemsOf(request, response, foreignMarkers(request, tenants))) problems.push(`${operation.id}: ${problem}\n    ${request.summary}`);
        }),
        { numRuns: runsFor(operation), seed: SEED + index, endOnFailure: true },
      );
      const health = await send(port, { actor: 'anonymous', method: 'GET', path: '/api/health/', headers: {}, summary: 'health' });
      if (health.status !== 200) problems.push(`health answered ${health.status} after ${operation.id}`);
      for (const tenant of tenants) {
        await keepSession(ctx, tenant);
        await keepScratchProject(ctx, tenant);
      }
    }

    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const covered = operations.filter((operation) => (counts.get(operation.id) ?? 0) > 0);
    for (const operation of operations) {
      const seen = [...(statuses.get(operation.id) ?? new Map<number, number>()).entries()].sort(([x], [y]) => x - y);
      process.stdout.write(`fuzz:   ${operation.id.padEnd(28)} ${seen.map(([status, n]) => `${status}×${n}`).join(' ')}\n`);
    }
    process.stdout.write(`fuzz: ${total.toLocaleString('en-US')} requests over ${covered.length} operations (${covered.length}/${operations.length} routes)\n`);
    expect(operations.filter((operation) => !counts.get(operation.id)).map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    if (problems.length > 0) {
      const distinct = [...new Set(problems)];
      throw new Error(`fuzz: ${problems.length} problems (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${distinct.slice(0, 40).join('\n')}`);
    }
  }, 600_000);

  it('leaves the server healthy and each user with the project and document it planted', async () => {
    await ctx.http.get('/api/health/').expect(200);
    for (const tenant of tenants) {
      const documents = await ctx.http.get(`/api/projects/${tenant.projectId}/documents/`).set('Authorization', `Bearer ${tenant.token}`).expect(200);
      expect((documents.body.documents as { id: string }[]).map((d) => d.id)).toContain(tenant.documentId);
    }
  });
});
