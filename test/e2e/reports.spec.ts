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
import { api, downloadReport, expectStatus, fails, ok, type Outcome, uploadFile } from '../utils/api';
import { createProject } from '../utils/projects';
import { hasTool } from '../utils/requirements';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const OUTPUT = join(__dirname, '..', '..', 'test-output', 'reports');

function binary(response: { data?: ArrayBuffer }): Buffer {
  return Buffer.from(response.data ?? new ArrayBuffer(0));
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

  const summarise = (user: TestUser) => api(ctx, user).POST('/api/generate_case_summary/', { body: { project_id: projectId } });
  const analyse = (user: TestUser) => api(ctx, user).POST('/api/generate_liability_analysis/', { body: { project_id: projectId } });

  const stored = (user: TestUser) => api(ctx, user).GET('/api/projects/{id}/reports/', { params: { path: { id: projectId } } });

  it('refuses to generate before documents are ready, and to download before generating', async () => {
    expect(await ok(stored(owner))).toEqual({ case_summary: null, liability_analysis: null });
    const summary = await fails(summarise(owner), 400);
    expect(summary.detail).toBe('You need to add documents first');
    const pdf = await fails(downloadReport(ctx, owner, 'case-summary', { project_id: projectId }), 404);
    expect(pdf.detail).toBe('Generate the case summary first.');
    const liability = await fails(downloadReport(ctx, owner, 'liability-analysis', { project_id: projectId }), 404);
    expect(liability.detail).toBe('Generate the liability analysis first.');
  });

  it('generates both reports offline over real contracts, with citations that resolve', async () => {
    for (const name of contracts) await ok(uploadFile(ctx, owner, projectId, name, cuadText(name)), 201);
    const documents = await waitForDocuments(ctx, owner.token, projectId);
    expect(documents.map((document) => document.status)).toEqual(contracts.map(() => 'ready'));
    const summary = await ok(summarise(owner));
    expect(summary.summary).toMatch(/^# Case Summary/m);
    expect(summary.summary).toMatch(/^## Sources/m);
    const liability = await ok(analyse(owner));
    expect(liability).toMatchObject({ status: 'success', message: expect.any(String) });
    expect(liability.analysis).toMatch(/^# Liability Analysis/m);
    expect(liability.analysis).toMatch(/\| *Severity *\|/);

    const texts = await ctx.app.get(IngestionRepository).textsOf(documents.map((document) => document.id));
    const reports: [ReportKind, string][] = [
      ['case-summary', summary.summary],
      ['liability-analysis', liability.analysis],
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
  ] as const)('downloads the %s as PDF and Word with the headings, a quoted clause and the sources', async (route, stem, title) => {
    const pdf = await expectStatus(downloadReport(ctx, owner, route, { project_id: projectId }), 200);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.response.headers.get('content-disposition')).toBe(`attachment; filename="${stem}_${projectId}.pdf"`);
    snapshot(stem, binary(pdf));
    const text = await pdfText(binary(pdf));
    expect(text).toContain(title);
    expect(text).toContain('Sources');
    expect(text).toContain('Confidential');
    expect(text).toContain(contracts[0].slice(0, 20));

    const docx = await expectStatus(downloadReport(ctx, owner, route, { project_id: projectId, format: 'docx' }), 200);
    expect(docx.response.headers.get('content-disposition')).toBe(`attachment; filename="${stem}_${projectId}.docx"`);
    const { value } = await mammoth.extractRawText({ buffer: binary(docx) });
    expect(value).toContain(title);
    expect(value).toContain('Sources');
  });

  it.each<[string, (user: TestUser) => Promise<Outcome<unknown, unknown>>]>([
    ['generate the case summary', summarise],
    ['generate the liability analysis', analyse],
    ['read the stored reports', stored],
    ['download the case summary PDF', (user) => downloadReport(ctx, user, 'case-summary', { project_id: projectId })],
    ['download the liability analysis PDF', (user) => downloadReport(ctx, user, 'liability-analysis', { project_id: projectId })],
    ['download the case summary as Word', (user) => downloadReport(ctx, user, 'case-summary', { project_id: projectId, format: 'docx' })],
    ['download the liability analysis as Word', (user) => downloadReport(ctx, user, 'liability-analysis', { project_id: projectId, format: 'docx' })],
  ])('gives another user 404 when they %s', async (_label, call) => {
    await fails(call(stranger), 404);
  });

  it('gives back the latest stored report of each kind, as generated, for the workspace to show again', async () => {
    const summary = await ok(summarise(owner));
    const analysis = await ok(analyse(owner));
    const reports = await ok(stored(owner));
    expect(reports.case_summary?.markdown).toBe(summary.summary);
    expect(reports.liability_analysis?.markdown).toBe(analysis.analysis);
    expect(reports.case_summary?.engine).toMatch(/^offline/);
    expect([...(reports.case_summary?.documents ?? [])].sort()).toEqual([...contracts].sort());
    expect(Date.parse(reports.liability_analysis?.created_at ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  it('refuses a project_id that is not a UUID', async () => {
    const response = await fails(downloadReport(ctx, owner, 'case-summary', { project_id: 'nope' }), 400);
    expect(response.detail).toBe('The project id is not valid: it must be a UUID.');
  });
});
