import mammoth from 'mammoth';
import { ReportRepository } from '@api/modules/analysis/report.repository';
import { IngestionRepository } from '@api/modules/ingestion/ingestion.repository';
import { normalizeWhitespace } from '@casewise/legal';
import { unsupportedNote } from '@api/modules/llm/citation-checker';
import { ReportKind } from '@api/modules/llm/llm.types';
import { CASE_SUMMARY_EXTRACTION_PROMPT } from '@api/modules/llm/prompts/case-summary.prompt';
import { LIABILITY_EXTRACTION_PROMPT } from '@api/modules/llm/prompts/liability-analysis.prompt';
import { waitForDocuments } from '../utils/documents';
import { cuadPdf } from '../utils/fixtures';
import { createUser, TestUser } from '../utils/factory';
import {
  charCitation,
  documentBlocks,
  FakeAnthropic,
  FakeCharCitation,
  FakeContentBlock,
  FakeMessagesRequest,
  FakeReply,
  messageReply,
  systemText,
} from '../utils/fake-anthropic';
import { api, downloadReport, ok, uploadFile } from '../utils/api';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';
import type { Schemas } from '@casewise/api-client';

/**
 * What a lawyer is promised about citations, checked where they meet it: the answer and report routes,
 * with Claude replaced by a local fake that forges, misplaces and borrows quotes.
 */

const API_KEY = 'sk-ant-citations-test';

const SUPPLY = 'supply-agreement.txt';
const SIDE = 'side-letter.txt';
const OTHER = 'quillfeather-lease.txt';
const STRANGER = 'brightwater-term-sheet.txt';
/** A real two-page contract as a PDF, for the page a citation names. */
const PAGED = 'TICKETSCOMINC_06_22_1999-EX-10.22-SPONSORSHIP AGREEMENT.pdf';

const NEVADA = 'This Agreement shall be governed by the laws of the State of Nevada.';
const PAYMENT = 'Buyer shall pay each invoice within thirty (30) days of its date.';
/** Stored with a line break and indentation inside it; a model quotes it with single spaces. */
const LIABILITY_STORED = "In no event shall Supplier be liable for indirect or consequential damages,\n   and Supplier's total liability shall not exceed the fees paid in the twelve (12) months before the claim.";
const NOTICES = 'Notices under this Agreement';
const REFUSAL = 'Supplier grants Buyer a right of first refusal on any new product line during the Term.';
const FORGED = 'This Agreement shall be governed by the laws of the State of Delaware.';
const VERMONT = 'This Lease shall be governed by the laws of the State of Vermont.';
const OREGON = 'This Agreement shall be governed by the laws of the State of Oregon.';

const TEXTS: Record<string, string> = {
  [SUPPLY]: [
    'SUPPLY AGREEMENT',
    'This Supply Agreement is made between Northwind Traders LLC ("Supplier") and Contoso Retail Inc. ("Buyer").',
    '1. Term. This Agreement continues for three (3) years from the Effective Date.',
    `2. Payment. ${PAYMENT}`,
    `3. Limitation of Liability. ${LIABILITY_STORED}`,
    `4. Notices. ${NOTICES} must be in writing. ${NOTICES} are effective on receipt.`,
    `5. Governing Law. ${NEVADA}`,
    '',
  ].join('\n\n'),
  [SIDE]: ['SIDE LETTER', `${REFUSAL} The governing law of the Supply Agreement applies to this letter.`, ''].join('\n\n'),
  [OTHER]: ['LEASE', `Quillfeather Holdings leases the premises to the tenant. ${VERMONT}`, ''].join('\n\n'),
  [STRANGER]: ['TERM SHEET', `Brightwater Ventures confidential term sheet. ${OREGON}`, ''].join('\n\n'),
};

/** Anything of the other projects: their file names and words only their documents hold. */
const FOREIGN = /quillfeather|brightwater|vermont|oregon/i;

/** A citation as the contract describes it. */
type CitationBody = Schemas['CitationDto'];

type Cite = (blocks: FakeContentBlock[]) => FakeCharCitation;

/** The document block holding `text`, and where in it. */
function blockWith(blocks: FakeContentBlock[], text: string, occurrence = 0): { index: number; at: number } {
  let seen = 0;
  for (const [index, block] of blocks.entries()) {
    const data = block.source?.data ?? '';
    for (let at = data.indexOf(text); at !== -1; at = data.indexOf(text, at + 1)) {
      if (seen++ === occurrence) return { index, at };
    }
  }
  throw new Error(`test setup: no passage sent to the model holds "${text}"`);
}

/** Cites `quote` where it is, optionally `shift` characters off, optionally quoting `said` instead. */
function cite(quote: string, options: { shift?: number; said?: string; occurrence?: number } = {}): Cite {
  return (blocks) => {
    const { index, at } = blockWith(blocks, quote, options.occurrence);
    const start = at + (options.shift ?? 0);
    return charCitation(index, start, start + quote.length, options.said ?? quote);
  };
}

/** An answer of one sentence per citation, each sentence carrying its citation, as Claude replies. */
function answerReply(...cites: Cite[]) {
  return (request: FakeMessagesRequest): FakeReply => {
    const blocks = documentBlocks(request);
    return messageReply(cites.map((one, i) => ({ type: 'text' as const, text: `Statement ${i + 1}. `, citations: [one(blocks)] })));
  };
}

describe('citations checked where users meet them (Claude through a local fake)', () => {
  let fake: FakeAnthropic;
  let ctx: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let projectId: string;
  let otherProjectId: string;
  let pagedProjectId: string;
  const stored = new Map<string, { id: string; text: string; pages: { page: number; start: number; end: number }[] }>();

  async function addDocuments(user: TestUser, project: string, files: string[]): Promise<void> {
    for (const file of files) await ok(uploadFile(ctx, user, project, file, TEXTS[file] ?? cuadPdf(file)), 201);
    const documents = await waitForDocuments(ctx, user.token, project);
    expect(documents.map((document) => document.status)).toEqual(files.map(() => 'ready'));
    const texts = await ctx.app.get(IngestionRepository).textsOf(documents.map((document) => document.id));
    for (const document of documents) {
      const text = texts.find((entry) => entry.documentId === document.id)?.text;
      if (text === undefined) throw new Error(`no stored text for ${document.filename}`);
      const pages = texts.find((entry) => entry.documentId === document.id)?.pages ?? [];
      stored.set(document.filename, { id: document.id, text, pages });
    }
  }

  /** The citation the API must return for `quote` in `file`: the stored text at its exact offsets. */
  function expected(file: string, quote: string, occurrence = 0): CitationBody {
    const text = stored.get(file)?.text ?? '';
    let start = text.indexOf(quote);
    for (let i = 0; i < occurrence; i++) start = text.indexOf(quote, start + 1);
    if (start < 0) throw new Error(`test setup: "${quote}" is not in the stored text of ${file}`);
    return { file, page: 1, start, end: start + quote.length, quote: text.slice(start, start + quote.length) };
  }

  /** The page the stored page map puts `offset` on. */
  function pageOf(file: string, offset: number): number | undefined {
    return stored.get(file)?.pages.find((page) => offset >= page.start && offset < page.end)?.page;
  }

  function expectResolves(citation: CitationBody): void {
    const text = stored.get(citation.file)?.text;
    expect(text).toBeDefined();
    expect(citation.quote).toBe(text?.slice(citation.start, citation.end));
    expect(citation.page).toBe(pageOf(citation.file, citation.start));
  }

  async function ask(question = 'Which law governs this agreement?', project = projectId) {
    const response = await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: project } }, body: { question } }));
    const history = await ok(api(ctx, owner).GET('/api/projects/{id}/chat_history/', { params: { path: { id: project }, query: { limit: 1 } } }));
    // What the chat shows later is what was checked, not what the model said.
    expect(history.history[0]).toMatchObject({ response: response.answer, citations: response.citations, context: response.context });
    expect(JSON.stringify(response)).not.toMatch(FOREIGN);
    return response;
  }

  beforeAll(async () => {
    fake = await FakeAnthropic.start(API_KEY);
    ctx = await startTestApp(testConfig({ ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: 'claude-fake-citations' }));
    owner = await createUser(ctx, 'owner');
    stranger = await createUser(ctx, 'stranger');
    projectId = (await createProject(ctx, owner, 'Supply dispute')).id;
    otherProjectId = (await createProject(ctx, owner, 'Lease matter')).id;
    const strangerProject = (await createProject(ctx, stranger, 'Venture matter')).id;
    await addDocuments(owner, projectId, [SUPPLY, SIDE]);
    await addDocuments(owner, otherProjectId, [OTHER]);
    pagedProjectId = (await createProject(ctx, owner, 'Sponsorship matter')).id;
    await addDocuments(owner, pagedProjectId, [PAGED]);
    await addDocuments(stranger, strangerProject, [STRANGER]);
  });

  afterEach(() => {
    const requests = [...fake.requests];
    fake.reset();
    // Whatever the case, the model was only ever shown this project's documents.
    for (const request of requests) {
      for (const block of documentBlocks(request.body)) expect(`${block.title ?? ''} ${block.source?.data ?? ''}`).not.toMatch(FOREIGN);
    }
  });

  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  describe('POST /api/projects/{id}/qa/', () => {
    it('keeps a valid citation exactly as the stored text has it, with no note', async () => {
      fake.enqueue(answerReply(cite(NEVADA)));
      const body = await ask();
      expect(body.citations).toEqual([expected(SUPPLY, NEVADA)]);
      expect(body.context).toEqual([SUPPLY]);
      expect(body.answer).toBe('Statement 1.');
      expect(body.abstained).toBe(false);
    });

    it('drops a forged quote given at real offsets and says so under the answer', async () => {
      fake.enqueue(answerReply(cite(REFUSAL), cite(NEVADA, { said: FORGED })));
      const body = await ask();
      expect(body.citations).toEqual([expected(SIDE, REFUSAL)]);
      expect(body.context).toEqual([SIDE]);
      expect(JSON.stringify(body)).not.toContain('Delaware');
      expect(body.answer).toBe(`Statement 1. Statement 2.\n\n${unsupportedNote(1)}`);
    });

    it('abstains when its only quote was forged', async () => {
      fake.enqueue(answerReply(cite(PAYMENT, { said: 'Buyer shall pay each invoice within ninety (90) days of its date.' })));
      const body = await ask('When must invoices be paid?');
      expect(body).toMatchObject({ citations: [], context: [], abstained: true });
      expect(body.answer).toContain(unsupportedNote(1));
    });

    it('moves a real quote given at wrong offsets to where the stored text has it, near or far', async () => {
      // The second quote is not in the passage its offsets point into, but elsewhere in that document.
      fake.enqueue(answerReply(cite(NEVADA, { shift: 9 }), cite(NEVADA, { said: PAYMENT, shift: -20 })));
      const body = await ask();
      expect(body.citations).toEqual([expected(SUPPLY, NEVADA), expected(SUPPLY, PAYMENT)]);
      expect(body.answer).not.toContain('Note:');
    });

    it('moves a quote that occurs twice to the occurrence nearest the offsets given', async () => {
      fake.enqueue(answerReply(cite(NOTICES, { occurrence: 1, shift: 6 }), cite(NOTICES, { occurrence: 0, shift: -4 })));
      const body = await ask('How are notices given?');
      expect(body.citations).toEqual([expected(SUPPLY, NOTICES, 1), expected(SUPPLY, NOTICES, 0)]);
    });

    it('shows a quote whose whitespace the model changed as the stored text has it, in place or moved', async () => {
      const said = normalizeWhitespace(LIABILITY_STORED);
      fake.enqueue(answerReply(cite(LIABILITY_STORED, { said })), answerReply(cite(LIABILITY_STORED, { said, shift: 25 })));
      for (let i = 0; i < 2; i++) {
        const body = await ask('Is liability capped?');
        expect(body.citations).toEqual([expected(SUPPLY, LIABILITY_STORED)]);
        expect(body.citations[0]?.quote).toContain('\n   and');
      }
    });

    it('never shows a quote from another project, the same owner’s or another user’s', async () => {
      fake.enqueue(
        answerReply(
          // Borrowed at the very offsets of a real quote, and before it: the real one must survive.
          cite(NEVADA, { said: VERMONT }),
          cite(NEVADA),
          cite(REFUSAL, { said: OREGON }),
          // A passage number the model was never sent.
          () => charCitation(40, 0, 44, 'Brightwater Ventures confidential term sheet'),
        ),
      );
      const body = await ask();
      expect(body.citations).toEqual([expected(SUPPLY, NEVADA)]);
      expect(body.context).toEqual([SUPPLY]);
      expect(body.answer).toContain(unsupportedNote(3));
    });

    it('shows a span once when two quotes the model gave end up on it', async () => {
      fake.enqueue(answerReply(cite(NEVADA), cite(NEVADA, { shift: 5 }), cite(NEVADA, { said: `  ${NEVADA.replace(/ /g, '\n')} ` })));
      const body = await ask();
      expect(body.citations).toEqual([expected(SUPPLY, NEVADA)]);
      expect(body.answer).not.toContain('Note:');
    });

    it('names the page the stored text puts a quote on, whether kept in place or moved from another page', async () => {
      const { text, pages } = stored.get(PAGED) ?? { text: '', pages: [] };
      expect(pages.length).toBeGreaterThan(1);
      const second = pages[1] as { start: number; end: number };
      // Forty characters from the first words of page 2, and forty from page 1, as stored.
      const lead = second.start + (/\S/.exec(text.slice(second.start))?.index ?? 0);
      const onSecond = text.slice(lead, lead + 40);
      const onFirst = text.slice(200, 240);
      const throughPageOne = (...citing: ((index: number, from: number) => FakeCharCitation)[]) => (request: FakeMessagesRequest) => {
        const blocks = documentBlocks(request);
        const index = blocks.findIndex((block) => block.title?.endsWith(', page 1'));
        const from = text.indexOf(blocks[index]?.source?.data ?? '\u0000');
        return answerReply(...citing.map((one): Cite => () => one(index, from)))(request);
      };
      fake.enqueue(
        // At wrong offsets: moved, from page 2 onto page 1 and from page 1 onto page 2.
        throughPageOne(
          (index) => charCitation(index, 3, 3 + onFirst.length, onFirst),
          (index) => charCitation(index, 3, 3 + onSecond.length, onSecond),
        ),
        // At the right offsets, but through a passage that starts on page 1, as one running over a page break would.
        throughPageOne((index, from) => charCitation(index, lead - from, lead - from + onSecond.length, onSecond)),
      );
      const question = 'What must Tickets pay MP3.com, and for how many impressions?';
      const moved = await ask(question, pagedProjectId);
      expect(moved.citations).toHaveLength(2);
      moved.citations.forEach(expectResolves);
      expect(moved.citations.map((citation) => citation.page)).toEqual([1, 2]);
      const kept = await ask(question, pagedProjectId);
      expect(kept.citations).toHaveLength(1);
      kept.citations.forEach(expectResolves);
      expect(kept.citations[0]?.page).toBe(2);
    });

    it('checks every citation of a mixed reply on its own', async () => {
      fake.enqueue(answerReply(cite(REFUSAL, { said: FORGED, shift: 4 }), cite(NEVADA, { shift: 3 }), cite(REFUSAL), cite(NEVADA, { said: VERMONT })));
      const body = await ask();
      expect(body.citations).toEqual([expected(SUPPLY, NEVADA), expected(SIDE, REFUSAL)]);
      expect(body.context).toEqual([SUPPLY, SIDE]);
      body.citations.forEach(expectResolves);
      expect(body.answer).toBe(`Statement 1. Statement 2. Statement 3. Statement 4.\n\n${unsupportedNote(2)}`);
    });
  });

  describe.each([
    ['case-summary', 'Case Summary', CASE_SUMMARY_EXTRACTION_PROMPT],
    ['liability-analysis', 'Liability Analysis', LIABILITY_EXTRACTION_PROMPT],
  ] as const)('the %s', (kind: ReportKind, title, extractionPrompt) => {
    /** Per document: quotes the fake extracts from it, real, reformatted, forged and borrowed. */
    const QUOTES: Record<string, string[]> = {
      [SUPPLY]: [NEVADA, normalizeWhitespace(LIABILITY_STORED), FORGED, VERMONT, OREGON],
      [SIDE]: [REFUSAL, PAYMENT],
    };
    // The forged, the two borrowed, the one from the other document, and the marker [99].
    const REMOVED = 5;

    function extraction(request: FakeMessagesRequest): FakeReply {
      const block = documentBlocks(request)[0];
      const quotes = QUOTES[block?.title ?? ''] ?? [];
      const findings = quotes.map((quote, i) =>
        kind === 'case-summary'
          ? { topic: 'clause', party: '', statement: `Fact ${i + 1}`, quote }
          : { severity: 'High', clause: `Clause ${i + 1}`, bearer: 'Buyer', why: `Risk ${i + 1}`, quote },
      );
      return messageReply([JSON.stringify({ document_type: 'Agreement', findings, gaps: [] })]);
    }

    /** The reduce step writes every finding it was given with its quote and marker, and one marker it was not. */
    function reduction(request: FakeMessagesRequest): FakeReply {
      const findings = JSON.parse(documentBlocks(request)[0]?.source?.data ?? '{}') as { documents: { file: string; findings: { source: number; quote: string }[] }[] };
      const lines = findings.documents.flatMap((doc) => [`## ${doc.file}`, ...doc.findings.map((f) => `- The parties agreed: “${f.quote}” [${f.source}].`)]);
      return messageReply([[`# ${title}`, 'Overview of the matter [1].', ...lines, 'A claim with no source [99].'].join('\n\n')]);
    }

    it('keeps only quotes found in this project’s documents, at their exact offsets, notes the rest, and downloads the same', async () => {
      fake.otherwise((request) => (systemText(request) === extractionPrompt ? extraction(request) : reduction(request)));
      const request = { body: { project_id: projectId } };
      const markdown =
        kind === 'case-summary'
          ? (await ok(api(ctx, owner).POST('/api/generate_case_summary/', request))).summary
          : (await ok(api(ctx, owner).POST('/api/generate_liability_analysis/', request))).analysis;

      const extractedFrom = fake.requests.filter((request) => systemText(request.body) === extractionPrompt).map((request) => documentBlocks(request.body)[0]?.title);
      expect(extractedFrom.sort()).toEqual([SIDE, SUPPLY]);

      expect(markdown).not.toMatch(FOREIGN);
      expect(markdown).not.toContain('Delaware');
      expect(markdown).not.toContain(PAYMENT);
      expect(markdown).not.toContain('[99]');
      expect(markdown).toContain(`\n\n${unsupportedNote(REMOVED)}\n\n## Sources\n`);

      const kept = [expected(SUPPLY, NEVADA), expected(SUPPLY, LIABILITY_STORED), expected(SIDE, REFUSAL)];
      const [body, sources] = markdown.split('\n## Sources\n') as [string, string];
      const markers = new Set([...body.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])));
      expect(markers).toEqual(new Set([1, 2, 3]));
      const listed = sources.trim().split('\n');
      expect(listed.map((line, i) => line.startsWith(`- [${i + 1}] `))).toEqual(kept.map(() => true));
      expect(listed.map((line) => line.replace(/^- \[\d+\] /, '')).sort()).toEqual(kept.map((c) => `${c.file}, page 1: “${normalizeWhitespace(c.quote)}”`).sort());

      const storedReport = await ctx.app.get(ReportRepository).latest(projectId, kind);
      expect(storedReport?.markdown).toBe(markdown);
      const citations = storedReport?.citations ?? [];
      for (const citation of citations) {
        expect(citation.documentId).toBe(stored.get(citation.file)?.id);
        expectResolves(citation);
      }
      const byPosition = (a: CitationBody, b: CitationBody) => a.file.localeCompare(b.file) || a.start - b.start;
      expect(citations.map(({ file, page, start, end, quote }) => ({ file, page, start, end, quote })).sort(byPosition)).toEqual([...kept].sort(byPosition));

      const docx = await ok(downloadReport(ctx, owner, kind, { project_id: projectId, format: 'docx' }));
      const { value } = await mammoth.extractRawText({ buffer: Buffer.from(docx) });
      expect(value).toContain(unsupportedNote(REMOVED));
      expect(value).toContain(normalizeWhitespace(LIABILITY_STORED));
      expect(value).not.toMatch(FOREIGN);
      expect(value).not.toContain('Delaware');
    });
  });
});
