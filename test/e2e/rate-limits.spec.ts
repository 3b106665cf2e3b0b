import { api, downloadReport, ErrorBody, ok, Outcome, uploadFile } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { createProject, TestProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const LIMIT = 3;

interface Account {
  user: TestUser;
  project: TestProject;
}

type Send = (ctx: TestApp, account: Account) => Promise<Outcome<unknown, unknown>>;

const ROUTES: [string, string, Send][] = [
  ['questions', 'POST /api/projects/{id}/qa/', (ctx, a) => api(ctx, a.user).POST('/api/projects/{id}/qa/', { params: { path: { id: a.project.id } }, body: { question: 'Who may terminate?' } })],
  ['uploads', 'POST /api/upload/', (ctx, a) => uploadFile(ctx, a.user, a.project.id, 'note.txt', 'The supplier may terminate on notice.')],
  ['reports', 'POST /api/generate_case_summary/', (ctx, a) => api(ctx, a.user).POST('/api/generate_case_summary/', { body: { project_id: a.project.id } })],
  ['reports', 'POST /api/generate_liability_analysis/', (ctx, a) => api(ctx, a.user).POST('/api/generate_liability_analysis/', { body: { project_id: a.project.id } })],
  ['reports', 'GET /api/download/case-summary-pdf/', (ctx, a) => downloadReport(ctx, a.user, 'case-summary', { project_id: a.project.id, format: 'docx' })],
  ['reports', 'GET /api/download/liability-analysis-pdf/', (ctx, a) => downloadReport(ctx, a.user, 'liability-analysis', { project_id: a.project.id, format: 'docx' })],
];

const MESSAGE = {
  questions: /^Too many questions in a short time\. Please wait (\d+) seconds and try again\.$/,
  uploads: /^Too many uploads in a short time\. Please wait (\d+) seconds and try again\.$/,
  reports: /^Too many reports requested in a short time\. Please wait (\d+) seconds and try again\.$/,
};

function expectLimited(outcome: Outcome<unknown, unknown>, bucket: keyof typeof MESSAGE): void {
  expect(outcome.response.status).toBe(429);
  const retryAfter = Number(outcome.response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = outcome.error as ErrorBody;
  expect(body).toEqual({ statusCode: 429, detail: expect.stringMatching(MESSAGE[bucket]), error: body.detail });
  expect(MESSAGE[bucket].exec(body.detail)?.[1]).toBe(String(retryAfter));
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
    for (let i = 0; i < LIMIT; i++) expect((await send(ctx, lawyer)).response.status).not.toBe(429);
    expectLimited(await send(ctx, lawyer), bucket as keyof typeof MESSAGE);
    // The counter is the user's: a colleague from the same address is not held back.
    expect((await send(ctx, colleague)).response.status).not.toBe(429);
  });

  it('answers 429 to a large upload over the limit before reading it, not a broken connection', async () => {
    const lawyer = await account('large');
    for (let i = 0; i < LIMIT; i++) await ROUTES[1][2](ctx, lawyer);
    expectLimited(await uploadFile(ctx, lawyer.user, lawyer.project.id, 'bundle.txt', Buffer.alloc(8 * 1024 * 1024, 'a')), 'uploads');
  });

  it('counts report generations and downloads together, per user', async () => {
    const [lawyer, colleague] = [await account('reports'), await account('reports-colleague')];
    const reportRoutes = ROUTES.filter(([bucket]) => bucket === 'reports');
    for (const [, , send] of reportRoutes.slice(0, LIMIT)) expect((await send(ctx, lawyer)).response.status).not.toBe(429);
    for (const [, , send] of reportRoutes) expectLimited(await send(ctx, lawyer), 'reports');
    expect((await reportRoutes[0][2](ctx, colleague)).response.status).not.toBe(429);
  });

  it('leaves the other kinds of work of a limited user alone', async () => {
    const lawyer = await account('other-kinds');
    for (let i = 0; i < LIMIT; i++) await ROUTES[0][2](ctx, lawyer);
    expectLimited(await ROUTES[0][2](ctx, lawyer), 'questions');
    expect((await ROUTES[1][2](ctx, lawyer)).response.status).toBe(201);
    await ok(api(ctx, lawyer.user).GET('/api/projects/{id}/chat_history/', { params: { path: { id: lawyer.project.id } } }));
  });
});
