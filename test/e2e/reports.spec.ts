import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { ReportRepository } from '@api/modules/analysis/report.repository';
import { IngestionRepository } from '@api/modules/ingestion/ingestion.repository';
import { ReportKind } from '@api/modules/llm/llm.types';
import { cuadContracts, cuadText } from '../utils/fixtures';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { bearer, createProject, upload } from '../utils/projects';
import { hasTool } from '../utils/requirements';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const OUTPUT = join(__dirname, '..', '..', 'test-output', 'reports');

function binary(response: { body: unknown }): Buffer {
  return response.body as Buffer;
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();
const unescapeMarkdown = (text: string): string => text.replace(/\\(.)/g, '$1');

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Keeps the first page as a PNG for a person to look at, when poppler's pdftoppm is installed. */
function snapshot(name: string, bytes: Buffer): void {
  mkdirSync(OUTPUT, { recursive: true });
  const pdfPath = join(OUTPUT, `${name}.pdf`);
  writeFileSync(pdfPath, bytes);
  if (hasTool('pdftoppm', 'apt-get install poppler-utils', 'a PNG of each report\'s first page')) {
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, join(OUTPUT, name)]);
  }
}

describe('Case Summary and Liability Analysis', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let projectId: string;
  const contracts = cuadContracts().slice(0, 2);

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
    owner = await createUser(ctx, 'owner');
    stranger = await createUser(ctx, 'stranger');
    projectId = (await createProject(ctx, owner, 'Reports matter')).id;
  });

  afterAll(() => ctx.close());

  it('refuses to generate before documents are ready, and to download before generating', async () => {
    const summary = await ctx.http.post('/api/generate_case_summary/').set(...bearer(owner)).send({ project_id: projectId }).expect(400);
    expect(summary.body.detail).toBe('You need to add documents first');
    const pdf = await ctx.http.get(`/api/download/case-summary-pdf/?project_id=${projectId}`).set(...bearer(owner)).expect(404);
    expect(pdf.body.detail).toBe('Generate the case summary first.');
    const liability = await ctx.http.get(`/api/download/liability-analysis-pdf/?project_id=${projectId}`).set(...bearer(owner)).expect(404);
    expect(liability.body.detail).toBe('Generate the liability analysis first.');
  });

  it('generates both reports offline over real contracts, with citations that resolve', async () => {
    for (const name of contracts) await upload(ctx, owner, projectId, name, cuadText(name)).expect(201);
    const documents = await waitForDocuments(ctx, owner.token, projectId);
    expect(documents.map((document) => document.status)).toEqual(contracts.map(() => 'ready'));
    const summary = await ctx.http.post('/api/generate_case_summary/').set(...bearer(owner)).send({ project_id: projectId }).expect(200);
    expect(summary.body.summary).toMatch(/^# Case Summary/m);
    expect(summary.body.summary).toMatch(/^## Sources/m);
    const liability = await ctx.http.post('/api/generate_liability_analysis/').set(...bearer(owner)).send({ project_id: projectId }).expect(200);
    expect(liability.body).toMatchObject({ status: 'success', message: expect.any(String) });
    expect(liability.body.analysis).toMatch(/^# Liability Analysis/m);
    expect(liability.body.analysis).toMatch(/\| *Severity *\|/);

    const texts = await ctx.app.get(IngestionRepository).textsOf(documents.map((document) => document.id));
    const reports: [ReportKind, string][] = [
      ['case-summary', summary.body.summary as string],
      ['liability-analysis', liability.body.analysis as string],
    ];
    for (const [kind, markdown] of reports) {
      const stored = await ctx.app.get(ReportRepository).latest(projectId, kind);
      expect(stored?.markdown).toBe(markdown);
      const citations = stored?.citations ?? [];
      expect(citations.length).toBeGreaterThan(0);
      for (const citation of citations) {
        // Every citation names a document of this project and quotes its stored text exactly at its offsets.
        const document = documents.find((candidate) => candidate.id === citation.documentId);
        expect(document?.filename).toBe(citation.file);
        const text = texts.find((candidate) => candidate.documentId === citation.documentId);
        expect(citation.quote.trim()).not.toBe('');
        expect(citation.quote).toBe(text?.text.slice(citation.start, citation.end));
        expect(citation.page).toBe(text?.pages.find((page) => citation.start >= page.start && citation.start < page.end)?.page);
      }
      // What the reader sees: markers that all resolve, and one Sources line per stored citation, quoting it.
      const [body, sources] = markdown.split('\n## Sources\n') as [string, string];
      const markers = new Set([...body.matchAll(/\[(\d+)\](?!\()/g)].map((match) => Number(match[1])));
      expect(markers).toEqual(new Set(citations.map((_citation, i) => i + 1)));
      const listed = sources.trim().split('\n');
      expect(listed).toHaveLength(citations.length);
      citations.forEach((citation, i) => {
        const line = /^- \[(\d+)\] (.+), page (\d+): “(.+)”$/.exec(listed[i] as string);
        expect([line?.[1], unescapeMarkdown(line?.[2] ?? ''), line?.[3]]).toEqual([String(i + 1), citation.file, String(citation.page)]);
        const shown = unescapeMarkdown(line?.[4] ?? '').replace(/ …$/, '');
        expect(normalise(citation.quote).startsWith(shown)).toBe(true);
      });
    }
  });

  it.each([
    ['case-summary', 'case_summary', 'Case Summary'],
    ['liability-analysis', 'liability_analysis', 'Liability Analysis'],
  ])('downloads the %s as PDF and Word with the headings, a quoted clause and the sources', async (route, stem, title) => {
    const pdf = await ctx.http.get(`/api/download/${route}-pdf/?project_id=${projectId}`).set(...bearer(owner)).responseType('blob').expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${stem}_${projectId}.pdf"`);
    snapshot(stem, binary(pdf));
    const text = await pdfText(binary(pdf));
    expect(text).toContain(title);
    expect(text).toContain('Sources');
    expect(text).toContain('Confidential');
    expect(text).toContain(contracts[0].slice(0, 20));

    const docx = await ctx.http.get(`/api/download/${route}-pdf/?project_id=${projectId}&format=docx`).set(...bearer(owner)).responseType('blob').expect(200);
    expect(docx.headers['content-disposition']).toBe(`attachment; filename="${stem}_${projectId}.docx"`);
    const { value } = await mammoth.extractRawText({ buffer: binary(docx) });
    expect(value).toContain(title);
    expect(value).toContain('Sources');
  });

  it.each([
    ['generate the case summary', () => ctx.http.post('/api/generate_case_summary/').send({ project_id: projectId })],
    ['generate the liability analysis', () => ctx.http.post('/api/generate_liability_analysis/').send({ project_id: projectId })],
    ['download the case summary PDF', () => ctx.http.get(`/api/download/case-summary-pdf/?project_id=${projectId}`)],
    ['download the liability analysis PDF', () => ctx.http.get(`/api/download/liability-analysis-pdf/?project_id=${projectId}`)],
    ['download the case summary as Word', () => ctx.http.get(`/api/download/case-summary-pdf/?project_id=${projectId}&format=docx`)],
    ['download the liability analysis as Word', () => ctx.http.get(`/api/download/liability-analysis-pdf/?project_id=${projectId}&format=docx`)],
  ])('gives another user 404 when they %s', async (_label, call) => {
    await call().set(...bearer(stranger)).expect(404);
  });

  it('refuses a project_id that is not a UUID', async () => {
    const response = await ctx.http.get('/api/download/case-summary-pdf/?project_id=nope').set(...bearer(owner)).expect(400);
    expect(response.body.detail).toBe('The project id is not valid: it must be a UUID.');
  });
});
