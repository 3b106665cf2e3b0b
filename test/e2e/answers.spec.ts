import { DataSource } from 'typeorm';
import { cuadText, firstCuadContract } from '../utils/fixtures';
import { waitForDocuments } from '../utils/documents';
import { api, fails, ok, type Outcome, uploadFile } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';
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

  const ask = (user: TestUser, question: string) => api(ctx, user).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } });
  const history = (user: TestUser) => api(ctx, user).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projectId } } });
  const clear = (user: TestUser) => api(ctx, user).DELETE('/api/projects/{id}/chat_history/', { params: { path: { id: projectId } } });

  it('refuses a question before any document is ready', async () => {
    const response = await fails(ask(owner, 'What is the governing law?'), 400);
    expect(response.detail).toBe('You need to add documents first');
  });

  it('answers with citations whose quotes are the stored text at their offsets, and keeps the exchange in the history', async () => {
    await ok(uploadFile(ctx, owner, projectId, contract, cuadText(contract)), 201);
    await waitForDocuments(ctx, owner.token, projectId);
    const response = await ok(ask(owner, 'Which state’s law governs this agreement?'));
    expect(response.abstained).toBe(false);
    expect(response.citations.length).toBeGreaterThan(0);
    expect(response.context).toEqual([contract]);
    const text = cuadText(contract);
    for (const citation of response.citations) {
      expect(citation.file).toBe(contract);
      expect(normalise(text.slice(citation.start, citation.end))).toBe(normalise(citation.quote));
    }
    const exchanges = await ok(history(owner));
    expect(exchanges.history).toEqual([
      { _id: expect.any(String), message: 'Which state’s law governs this agreement?', response: response.answer, citations: response.citations, context: [contract], created_at: expect.any(String) },
    ]);
  });

  it('says plainly when the documents do not address the question', async () => {
    const response = await ok(ask(owner, 'What is the recipe for sourdough bread?'));
    expect(response).toMatchObject({ answer: 'The documents do not appear to address this.', citations: [], abstained: true });
  });

  it('refuses an empty question', async () => {
    const response = await fails(ask(owner, '   '), 400);
    expect(response.detail).toBe('Please type a question.');
  });

  it.each<[string, (user: TestUser) => Promise<Outcome<unknown, unknown>>]>([
    ['ask', (user) => ask(user, 'What is the term?')],
    ['read the history', history],
    ['delete the history', clear],
  ])('gives another user 404 when they %s', async (_label, call) => {
    await fails(call(stranger), 404);
  });

  it('clears the history', async () => {
    await ok(clear(owner));
    expect(await ok(history(owner))).toEqual({ history: [], next: null });
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
    await ok(uploadFile(ctx, owner, projectId, contract, cuadText(contract)), 201);
    await waitForDocuments(ctx, owner.token, projectId);
  });

  afterAll(() => ctx.close());

  it.each(['What are the key terms in this contract?', 'Summarize the main points', 'What are my obligations?', 'Identify potential risks'])(
    'answers %j with checked citations',
    async (question) => {
      const response = await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } }));
      expect(response.abstained).toBe(false);
      expect(response.citations.length).toBeGreaterThan(0);
      const text = cuadText(contract);
      for (const citation of response.citations) {
        expect(text.slice(citation.start, citation.end)).toBe(citation.quote);
        expect(response.answer).toContain(`page ${citation.page}`);
      }
    },
  );
});

describe('the dates of a contract, read from the whole of it', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;
  // Eighty sections that say "effective" in passing outrank, for retrieval, the one that starts the contract.
  const sections = Array.from({ length: 80 }, (_, i) => `${i + 2}. Services. The Supplier shall perform the services of Schedule ${i + 1} in an effective and workmanlike manner.`);
  const text = [
    'SERVICES AGREEMENT',
    'This Services Agreement is entered into by Northwind Tools, Inc. and Harbor Supply LLC.',
    ...sections,
    '90. Amendments. No variation of this Agreement shall be effective unless it is made in writing.',
    '91. Commencement. This Agreement shall commence upon its signature by both parties and shall continue for two (2) years.',
  ].join('\n\n');

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    owner = await createUser(ctx);
    projectId = (await createProject(ctx, owner, 'Dates')).id;
    await ok(uploadFile(ctx, owner, projectId, 'services.txt', text), 201);
    await waitForDocuments(ctx, owner.token, projectId);
  });

  afterAll(() => ctx.close());

  it('answers when the contract starts from a section far past its opening that retrieval did not rank', async () => {
    const question = 'When does the contract become effective?';
    const response = await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } }));
    expect(response.abstained).toBe(false);
    expect(response.citations.map((c) => c.quote)).toEqual([expect.stringContaining('This Agreement shall commence upon its signature by both parties')]);
    for (const citation of response.citations) expect(text.slice(citation.start, citation.end)).toBe(citation.quote);
  });
});

describe('a question that names a document by its file name', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;
  // Three contracts written alike; only their file names tell them apart.
  const contract = (law: string): string =>
    [
      'MASTER SERVICES AGREEMENT',
      'This Agreement is made between the Supplier and the Customer named in the order form.',
      '1. Services. The Supplier shall perform the services described in each order form.',
      `2. Governing Law. This Agreement is governed by the laws of ${law}.`,
      '3. Notices. Notices shall be given in writing to the addresses in the order form.',
    ].join('\n\n');
  const files = { 'Northwind_Supply_2021.txt': 'the State of Delaware', 'HarborLogistics-MSA.txt': 'England and Wales', 'Contoso%20Licence.txt': 'the State of New York' };

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    owner = await createUser(ctx);
    projectId = (await createProject(ctx, owner, 'Named files')).id;
    for (const [name, law] of Object.entries(files)) await ok(uploadFile(ctx, owner, projectId, name, contract(law)), 201);
    await waitForDocuments(ctx, owner.token, projectId);
  });

  afterAll(() => ctx.close());

  it.each([
    ['Which law governs the HarborLogistics MSA?', 'HarborLogistics-MSA.txt', 'England and Wales'],
    ['What law governs the Contoso licence?', 'Contoso%20Licence.txt', 'the State of New York'],
  ])('answers "%s" from that document', async (question, file, law) => {
    const response = await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } }));
    expect(response.abstained).toBe(false);
    expect(response.citations[0]).toMatchObject({ file, quote: expect.stringContaining(law) });
  });
});
