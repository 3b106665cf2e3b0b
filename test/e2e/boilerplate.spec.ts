import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { waitForDocuments } from '../utils/documents';
import { api, ok, uploadFile } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { buildPdf } from '../utils/pdf';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const PAGES = 2;
const HEADER = 'Northwind Logistics Ltd. Warehouse Services Agreement';
const LEGEND = '[***] Confidential treatment requested; portions omitted and filed with the Commission.';
const footer = (page: number): string => `Northwind Logistics Ltd. - Confidential - Page ${page} of ${PAGES}`;

/**
 * The body of each page, under a running header and above a legend and a numbered footer. Two pages: furniture
 * seen only twice is not yet "repeated" for the structure reader, which once let the legend through.
 */
const BODY: readonly string[][] = [
  [
    'WAREHOUSE SERVICES AGREEMENT',
    'This Warehouse Services Agreement is made on 1 March 2021 between Northwind Logistics Ltd.',
    '(the "Provider") and Contoso Retail plc (the "Customer").',
    '1. Services. The Provider shall store and handle the goods of the Customer at its warehouse in Leeds.',
    '2. Fees. The Customer shall pay the fees in Schedule 1 within thirty days of each invoice.',
    'Late payments bear interest at two percent above the base rate.',
  ],
  [
    '3. Confidentiality. Each party shall keep the terms of this Agreement confidential and shall not',
    'disclose them to any third party without the consent of the other party.',
    '4. Term. This Agreement runs for three years from the date of signature.',
    '5. Governing law. This Agreement is governed by the laws of England and Wales.',
  ],
];

const pdf = buildPdf(BODY.map((lines, i) => ({ text: [HEADER, ...lines, LEGEND, footer(i + 1)] })));

describe('page furniture is never an answer', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;
  let documentId: string;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
    owner = await createUser(ctx, 'owner');
    projectId = (await createProject(ctx, owner, 'Furniture')).id;
    await ok(uploadFile(ctx, owner, projectId, 'warehouse-services.pdf', pdf), 201);
    [{ id: documentId }] = await waitForDocuments(ctx, owner.token, projectId);
  });

  afterAll(() => ctx.close());

  const ask = (question: string) => api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } });
  const isFurniture = (quote: string): boolean => quote.includes('Confidential treatment requested') || /Page \d of \d/.test(quote) || quote.includes(HEADER);


  it.each([
    'Has confidential treatment been requested?',
    'What does page 2 of 2 say?',
    'Which warehouse services does Northwind Logistics provide under this agreement?',
    'Who are the parties to this agreement?',
    'What is the name of this agreement?',
    'When was this agreement made?',
    'Have any portions been omitted and filed with the Commission?',
    'Must the parties keep the terms of this agreement confidential?',
  ])('quotes no header, footer or legend when asked "%s"', async (question) => {
    const response = await ok(ask(question));
    for (const citation of response.citations) expect(isFurniture(citation.quote)).toBe(false);
    expect(isFurniture(response.answer)).toBe(false);
  });

  it('keeps the header, legend and footer of every page, as found when the document was read, with its text', async () => {
    const [stored] = await ctx.app.get(IngestionService).textsOf([documentId]);
    const lines = (stored.furniture ?? []).map(({ start, end }) => stored.text.slice(start, end).trim());
    expect([...lines].sort()).toEqual([HEADER, HEADER, LEGEND, LEGEND, footer(1), footer(2)].sort());
  });

  it('still answers from the clauses on those pages', async () => {
    const response = await ok(ask('Which law governs this agreement?'));
    expect(response.abstained).toBe(false);
    expect(response.citations.map((citation) => citation.quote).join(' ')).toContain('laws of England and Wales');
    expect(response.citations.every((citation) => citation.page === PAGES)).toBe(true);
  });
});
