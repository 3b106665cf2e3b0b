import { DataSource } from 'typeorm';
import { cuadText, firstCuadContract } from '../utils/fixtures';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { bearer, createProject, upload } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';
import type { Schemas } from '@casewise/api-client';

/** A citation as the contract describes it. */
type CitationBody = Schemas['CitationDto'];

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('answers with checked citations', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let projectId: string;
  const contract = firstCuadContract();

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
    owner = await createUser(ctx, 'owner');
    stranger = await createUser(ctx, 'stranger');
    projectId = (await createProject(ctx, owner, 'Answers')).id;
  });

  afterAll(() => ctx.close());

  it('refuses a question before any document is ready', async () => {
    const response = await ctx.http.post(`/api/projects/${projectId}/qa/`).set(...bearer(owner)).send({ question: 'What is the governing law?' }).expect(400);
    expect(response.body.detail).toBe('You need to add documents first');
  });

  it('answers with citations whose quotes are the stored text at their offsets, and keeps the exchange in the history', async () => {
    await upload(ctx, owner, projectId, contract, cuadText(contract)).expect(201);
    await waitForDocuments(ctx, owner.token, projectId);
    const response = await ctx.http.post(`/api/projects/${projectId}/qa/`).set(...bearer(owner)).send({ question: 'Which state’s law governs this agreement?' }).expect(200);
    expect(response.body.abstained).toBe(false);
    expect(response.body.citations.length).toBeGreaterThan(0);
    expect(response.body.context).toEqual([contract]);
    const text = cuadText(contract);
    for (const citation of response.body.citations as CitationBody[]) {
      expect(citation.file).toBe(contract);
      expect(normalise(text.slice(citation.start, citation.end))).toBe(normalise(citation.quote));
    }
    const history = await ctx.http.get(`/api/projects/${projectId}/chat_history/`).set(...bearer(owner)).expect(200);
    expect(history.body.history).toEqual([
      { _id: expect.any(String), message: 'Which state’s law governs this agreement?', response: response.body.answer, citations: response.body.citations, context: [contract], created_at: expect.any(String) },
    ]);
  });

  it('says plainly when the documents do not address the question', async () => {
    const response = await ctx.http.post(`/api/projects/${projectId}/qa/`).set(...bearer(owner)).send({ question: 'What is the recipe for sourdough bread?' }).expect(200);
    expect(response.body).toMatchObject({ answer: 'The documents do not appear to address this.', citations: [], abstained: true });
  });

  it('refuses an empty question', async () => {
    const response = await ctx.http.post(`/api/projects/${projectId}/qa/`).set(...bearer(owner)).send({ question: '   ' }).expect(400);
    expect(response.body.detail).toBe('Please type a question.');
  });

  it.each([
    ['ask', () => ctx.http.post(`/api/projects/${projectId}/qa/`).send({ question: 'What is the term?' })],
    ['read the history', () => ctx.http.get(`/api/projects/${projectId}/chat_history/`)],
    ['delete the history', () => ctx.http.delete(`/api/projects/${projectId}/chat_history/`)],
  ])('gives another user 404 when they %s', async (_label, call) => {
    await call().set(...bearer(stranger)).expect(404);
  });

  it('clears the history', async () => {
    await ctx.http.delete(`/api/projects/${projectId}/chat_history/`).set(...bearer(owner)).expect(200);
    const history = await ctx.http.get(`/api/projects/${projectId}/chat_history/`).set(...bearer(owner)).expect(200);
    expect(history.body).toEqual({ history: [], next: null });
    const rows = (await ctx.app.get(DataSource).query('SELECT count(*) AS n FROM chat_messages WHERE project_id = $1', [projectId])) as { n: string }[];
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('broad questions (the suggestion chips)', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;
  const contract = firstCuadContract();

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    owner = await createUser(ctx);
    projectId = (await createProject(ctx, owner, 'Chips')).id;
    await upload(ctx, owner, projectId, contract, cuadText(contract)).expect(201);
    await waitForDocuments(ctx, owner.token, projectId);
  });

  afterAll(() => ctx.close());

  it.each(['What are the key terms in this contract?', 'Summarize the main points', 'What are my obligations?', 'Identify potential risks'])(
    'answers %j with checked citations',
    async (question) => {
      const response = await ctx.http.post(`/api/projects/${projectId}/qa/`).set(...bearer(owner)).send({ question }).expect(200);
      expect(response.body.abstained).toBe(false);
      expect(response.body.citations.length).toBeGreaterThan(0);
      const text = cuadText(contract);
      for (const citation of response.body.citations as CitationBody[]) {
        expect(text.slice(citation.start, citation.end)).toBe(citation.quote);
        expect(response.body.answer).toContain(`page ${citation.page}`);
      }
    },
  );
});
