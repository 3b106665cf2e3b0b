import type { Response } from 'supertest';
import { createUser, TestUser } from '../utils/factory';
import { bearer, createProject, TestProject, upload } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const LIMIT = 3;

interface Account {
  user: TestUser;
  project: TestProject;
}

type Send = (ctx: TestApp, account: Account) => Promise<Response>;

const ROUTES: [string, string, Send][] = [
  ['questions', 'POST /api/projects/{id}/qa/', (ctx, a) => ctx.http.post(`/api/projects/${a.project.id}/qa/`).set(...bearer(a.user)).send({ question: 'Who may terminate?' })],
  ['uploads', 'POST /api/upload/', (ctx, a) => upload(ctx, a.user, a.project.id, 'note.txt', 'The supplier may terminate on notice.')],
  ['reports', 'POST /api/generate_case_summary/', (ctx, a) => ctx.http.post('/api/generate_case_summary/').set(...bearer(a.user)).send({ project_id: a.project.id })],
  ['reports', 'POST /api/generate_liability_analysis/', (ctx, a) => ctx.http.post('/api/generate_liability_analysis/').set(...bearer(a.user)).send({ project_id: a.project.id })],
  ['reports', 'GET /api/download/case-summary-pdf/', (ctx, a) => ctx.http.get('/api/download/case-summary-pdf/').query({ project_id: a.project.id, format: 'docx' }).set(...bearer(a.user))],
  ['reports', 'GET /api/download/liability-analysis-pdf/', (ctx, a) => ctx.http.get('/api/download/liability-analysis-pdf/').query({ project_id: a.project.id, format: 'docx' }).set(...bearer(a.user))],
];

const MESSAGE = {
  questions: /^Too many questions in a short time\. Please wait (\d+) seconds and try again\.$/,
  uploads: /^Too many uploads in a short time\. Please wait (\d+) seconds and try again\.$/,
  reports: /^Too many reports requested in a short time\. Please wait (\d+) seconds and try again\.$/,
};

function expectLimited(response: Response, bucket: keyof typeof MESSAGE): void {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.body).toEqual({ statusCode: 429, detail: expect.stringMatching(MESSAGE[bucket]), error: response.body.detail });
  expect(MESSAGE[bucket].exec(response.body.detail as string)?.[1]).toBe(String(retryAfter));
}

describe('per-user rate limits', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(
      testConfig({ RATE_LIMIT_QUESTIONS: String(LIMIT), RATE_LIMIT_UPLOADS: String(LIMIT), RATE_LIMIT_REPORTS: String(LIMIT), RATE_LIMIT_WINDOW_SECONDS: '60' }),
    );
  });

  afterAll(() => ctx.close());

  async function account(label: string): Promise<Account> {
    const user = await createUser(ctx, label);
    return { user, project: await createProject(ctx, user) };
  }

  it.each(ROUTES.filter(([bucket]) => bucket !== 'reports'))('limits %s per user on %s with 429 and Retry-After', async (bucket, _route, send) => {
    const [lawyer, colleague] = [await account('lawyer'), await account('colleague')];
    for (let i = 0; i < LIMIT; i++) expect((await send(ctx, lawyer)).status).not.toBe(429);
    expectLimited(await send(ctx, lawyer), bucket as keyof typeof MESSAGE);
    // The counter is the user's: a colleague from the same address is not held back.
    expect((await send(ctx, colleague)).status).not.toBe(429);
  });

  it('answers 429 to a large upload over the limit before reading it, not a broken connection', async () => {
    const lawyer = await account('large');
    for (let i = 0; i < LIMIT; i++) await ROUTES[1][2](ctx, lawyer);
    expectLimited(await upload(ctx, lawyer.user, lawyer.project.id, 'bundle.txt', Buffer.alloc(8 * 1024 * 1024, 'a')), 'uploads');
  });

  it('counts report generations and downloads together, per user', async () => {
    const [lawyer, colleague] = [await account('reports'), await account('reports-colleague')];
    const reportRoutes = ROUTES.filter(([bucket]) => bucket === 'reports');
    for (const [, , send] of reportRoutes.slice(0, LIMIT)) expect((await send(ctx, lawyer)).status).not.toBe(429);
    for (const [, , send] of reportRoutes) expectLimited(await send(ctx, lawyer), 'reports');
    expect((await reportRoutes[0][2](ctx, colleague)).status).not.toBe(429);
  });

  it('leaves the other kinds of work of a limited user alone', async () => {
    const lawyer = await account('other-kinds');
    for (let i = 0; i < LIMIT; i++) await ROUTES[0][2](ctx, lawyer);
    expectLimited(await ROUTES[0][2](ctx, lawyer), 'questions');
    expect((await ROUTES[1][2](ctx, lawyer)).status).toBe(201);
    await ctx.http.get(`/api/projects/${lawyer.project.id}/chat_history/`).set(...bearer(lawyer.user)).expect(200);
  });
});
