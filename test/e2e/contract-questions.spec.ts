import { CONTRACT_QUESTIONS } from '@casewise/legal';
import { api, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, type TestUser } from '../utils/factory';
import { cuadText } from '../utils/fixtures';
import { createProject } from '../utils/projects';
import { startTestApp, type TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

/**
 * The questions lawyers ask first, over HTTP on the offline engine, of a real distributor agreement: each is
 * answered from the section that deals with it, or said to be absent; none from another clause.
 */
const CONTRACT = 'LIMEENERGYCO_09_09_1999-EX-10-DISTRIBUTOR AGREEMENT.txt';
const text = cuadText(CONTRACT);

/** The span of the numbered section `number` ("5.3"): from its heading to the next one. */
function section(number: string, title: string): [number, number] {
  const heading = new RegExp(String.raw`\n\s*${number.replace('.', String.raw`\.`)}\s+${title}`);
  const match = heading.exec(text);
  if (match === null) throw new Error(`no section ${number} ${title} in ${CONTRACT}`);
  const next = /\n\s*\d+\.\d+\s{2,}[A-Z]/g;
  next.lastIndex = match.index + match[0].length;
  const after = next.exec(text);
  return [match.index, after === null ? text.length : after.index];
}

const question = (id: string): string => {
  const found = CONTRACT_QUESTIONS.find((q) => q.id === id);
  if (found === undefined) throw new Error(`no question ${id}`);
  return found.question;
};

describe('the questions lawyers ask of a contract', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
    owner = await createUser(ctx, 'owner');
    projectId = (await createProject(ctx, owner, 'Distribution')).id;
    await ok(uploadFile(ctx, owner, projectId, CONTRACT, text), 201);
    await waitForDocuments(ctx, owner.token, projectId);
  });

  afterAll(() => ctx.close());

  const ask = (asked: string) => ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question: asked } }));

  it.each([
    ['payment-terms', '2.7', 'Payment'],
    ['termination-for-cause', '4.2', 'Termination'],
    ['indemnification', '5.3', 'Indemnification'],
    ['insurance', '5.4', 'Product'],
    ['non-solicitation', '5.7', 'Nonsolicitation'],
    ['assignment', '6.1', 'Assignment'],
    ['notices', '6.4', 'Notices'],
    ['force-majeure', '6.8', 'Force'],
    ['governing-law', '6.9', 'Governing'],
  ])('answers %s from section %s', async (id, number, title) => {
    const [start, end] = section(number, title);
    const answer = await ask(question(id));
    expect(answer.abstained).toBe(false);
    // The best quote comes first within a document: it sits in the section that deals with the question.
    const quotes = answer.citations.map((c) => ({ start: c.start, end: c.end }));
    expect(quotes.some((quote) => quote.start >= start && quote.end <= end)).toBe(true);
  });

  it('names the parties from the preamble, although the question shares no word with it', async () => {
    const answer = await ask('Who are the parties?');
    expect(answer.abstained).toBe(false);
    const preamble = text.indexOf('DISTRIBUTOR AGREEMENT');
    expect(answer.citations[0].start).toBeLessThan(preamble + 2000);
    expect(answer.citations[0].quote).toMatch(/Lime|Electric City/i);
  });

  it('says plainly that the contract has no arbitration clause', async () => {
    const answer = await ask(question('dispute-resolution'));
    expect(answer).toMatchObject({ abstained: true, citations: [], answer: 'The documents do not appear to address this.' });
  });

  it('never answers two different questions with the same quotes', async () => {
    const ids = ['payment-terms', 'termination-for-cause', 'indemnification', 'notices', 'force-majeure', 'governing-law', 'confidentiality', 'warranties'];
    const seen = new Map<string, string>();
    for (const id of ids) {
      const answer = await ask(question(id));
      if (answer.abstained) continue;
      const key = answer.citations.map((c) => `${c.start}:${c.end}`).join(',');
      expect([id, seen.get(key)]).toEqual([id, undefined]);
      seen.set(key, id);
    }
  });
});
