import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { CUAD_DIR, cuadPdf, cuadPdfs, cuadText } from '../utils/fixtures';
import { factory } from '../utils/factory';
import { latestCode } from '../utils/outbox';
import { describeWithChromium, launchChromium, newContext } from './support/chromium';
import { capture, describeViolations, seriousViolations, storedToken } from './support/page-tools';
import { startWebServer, WebServer } from './support/web-server';

const READY_TIMEOUT_MS = 120_000;
const ANSWER_TIMEOUT_MS = 60_000;

/** The smallest of the CUAD PDFs keeps ingestion short; which contract it is does not matter to the test. */
function smallestCuadPdf(): string {
  const sized = cuadPdfs().map((name) => ({ name, size: statSync(join(CUAD_DIR, 'pdf', name)).size }));
  sized.sort((a, b) => a.size - b.size || a.name.localeCompare(b.name));
  return sized[0].name;
}

interface ContractDocx {
  name: string;
  text: string;
  bytes: Buffer;
  /** The governing-law clause as the CUAD annotators marked it. */
  governingLaw: string;
}

/**
 * A real contract as a Word file: the first CUAD dev contract (other than the PDF's) whose annotations hold a
 * governing-law clause, so the test knows where the answer to "which law governs" is.
 */
async function contractDocx(pdfName: string): Promise<ContractDocx> {
  const clauses = JSON.parse(readFileSync(join(CUAD_DIR, 'dev', 'clauses.json'), 'utf8')) as Record<string, Record<string, [number, number][]>>;
  const pdfText = pdfName.replace(/\.pdf$/i, '.txt');
  const source = Object.keys(clauses)
    .sort()
    .find((name) => name !== pdfText && (clauses[name]['Governing Law']?.length ?? 0) > 0) as string;
  const text = cuadText(source);
  const [start, end] = clauses[source]['Governing Law'][0];
  const paragraphs = text.split(/\n+/).map((line) => line.trim()).filter((line) => line !== '');
  const document = new Document({ sections: [{ children: paragraphs.map((line) => new Paragraph({ text: line })) }] });
  return { name: `${source.replace(/\.txt$/, '')}.docx`, text, bytes: await Packer.toBuffer(document), governingLaw: text.slice(start, end) };
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

function projectIdOf(page: Page): string {
  const match = /\/project\/([^/?#]+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`Not on a project page: ${page.url()}`);
  return decodeURIComponent(match[1]);
}

async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

describeWithChromium('Casewise in Chromium: the main journey', () => {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const email = factory.email('journey');
  const password = factory.password();
  const projectName = 'Supply dispute review';
  const pdfName = smallestCuadPdf();
  let docx: ContractDocx;
  let projectId = '';

  beforeAll(async () => {
    [server, browser, docx] = await Promise.all([startWebServer(), launchChromium(), contractDocx(pdfName)]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('signs up from the landing page with the mailed code, then returns to /login after 2 s', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await capture(page, '01-landing');

    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    await waitForPath(page, '/signup');
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('input[name="confirmPassword"]').fill(password);
    await capture(page, '03-signup-step1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);
    await capture(page, '04-signup-step2');
    const code = await latestCode(server.config, email);
    await page.locator('#otp').fill(`${code}x`);
    expect(await page.locator('#otp').inputValue()).toBe(code);
    const verifiedAt = Date.now();
    await page.getByRole('button', { name: 'Verify & Complete Signup' }).click();
    await page.getByRole('alert').filter({ hasText: /verified/i }).waitFor();
    await waitForPath(page, '/login', 10_000);
    expect(Date.now() - verifiedAt).toBeGreaterThanOrEqual(1_900);
  });

  it('logs in and lands on the dashboard', async () => {
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await capture(page, '02-login');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Casewise' }).waitFor();
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await capture(page, '05-dashboard');
  });

  it('creates the first project from the empty workspace', async () => {
    await page.getByRole('button', { name: 'Start Using Casewise' }).click();
    await waitForPath(page, '/projects');
    await page.getByRole('button', { name: 'Create Your First Project' }).waitFor();
    await capture(page, '06-workspace-empty');

    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Create project' }).isDisabled()).toBe(true);
    await dialog.locator('#project-name').fill(projectName);
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: `Welcome to ${projectName}` }).waitFor();
    projectId = projectIdOf(page);
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
    await capture(page, '07-workspace-project');
  });

  it('uploads a CUAD PDF and a Word file in the Document Manager and waits until both are ready', async () => {
    await page.getByRole('button', { name: 'Manage Documents' }).click();
    const manager = page.getByRole('dialog', { name: /Document Manager/ });
    await manager.getByText('No documents added to this project yet').waitFor();

    await manager.locator('input[type="file"]').setInputFiles([
      { name: pdfName, mimeType: 'application/pdf', buffer: cuadPdf(pdfName) },
      { name: docx.name, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx.bytes },
    ]);
    await manager.getByText('2 files').waitFor({ timeout: 30_000 });
    await manager.getByLabel('Status: Ready').nth(1).waitFor({ timeout: READY_TIMEOUT_MS });
    expect(await manager.getByLabel('Status: Failed').count()).toBe(0);
    const listed = await manager.getByRole('list', { name: 'Documents' }).getByRole('listitem').allInnerTexts();
    expect(listed.some((text) => text.includes(pdfName))).toBe(true);
    expect(listed.some((text) => text.includes(docx.name))).toBe(true);
    await capture(page, '08-document-manager');
    const violations = await seriousViolations(page);

    await manager.getByRole('button', { name: 'Close' }).last().click();
    await manager.waitFor({ state: 'hidden' });
    expect(describeViolations('document manager with two ready files', violations)).toBe('');
    expect(await page.getByRole('tab', { name: 'Analysis' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Documents Added').waitFor();
  });

  /** Opens the sources of an answer and checks that the cited passage is a document's own words. */
  async function checkSources(answerItem: Locator): Promise<{ popover: Locator; quotes: string[] }> {
    await answerItem.getByRole('button', { name: /^\d+ Source\(s\)$/ }).click();
    const popover = page.getByRole('dialog', { name: 'Referenced Documents' });
    await popover.getByText('These documents were used to generate the response').waitFor();
    const quote = normalise(await popover.locator('blockquote').first().innerText());
    expect(quote.length).toBeGreaterThan(10);
    const popoverText = await popover.innerText();
    expect(popoverText.includes(pdfName) || popoverText.includes(docx.name)).toBe(true);
    // The server checks quotes against the stored text; here the words must come from one of the contracts.
    const sources = [normalise(cuadText(pdfName.replace(/\.pdf$/i, '.txt'))), normalise(docx.text)];
    const words = quote.replace(/[“”…]/g, ' ').split(' ').filter((word) => word.length > 3);
    const found = words.filter((word) => sources.some((source) => source.includes(word)));
    expect(found.length / Math.max(1, words.length)).toBeGreaterThan(0.9);
    return { popover, quotes: (await popover.locator('blockquote').allInnerTexts()).map(normalise) };
  }

  it('answers a suggested question with cited sources from the uploaded documents', async () => {
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByRole('button', { name: 'What are the key terms in this contract?' }).click();
    const answer = page.getByRole('listitem', { name: 'Assistant message' }).last();
    await answer.waitFor({ timeout: ANSWER_TIMEOUT_MS });
    expect(normalise(await page.getByRole('listitem', { name: 'Your message' }).last().innerText())).toContain('What are the key terms in this contract?');
    if ((await answer.getByText('Not found in the documents').count()) > 0) {
      const said = normalise(await answer.innerText());
      throw new Error(`The suggestion chip got no cited answer ("${said}"): the answer engine abstains on this broad question.`);
    }
    const { popover } = await checkSources(answer);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
  });

  it('answers a typed question sent with Enter, with the cited passage in the sources popover', async () => {
    await page.getByRole('tab', { name: 'Chat' }).click();
    const input = page.getByRole('textbox', { name: 'Message' });
    const before = await page.getByRole('listitem', { name: 'Assistant message' }).count();
    await input.fill('Which law governs this agreement?');
    await input.press('Enter');
    const answer = page.getByRole('listitem', { name: 'Assistant message' }).nth(before);
    await answer.waitFor({ timeout: ANSWER_TIMEOUT_MS });
    expect(normalise(await page.getByRole('listitem', { name: 'Your message' }).last().innerText())).toContain('Which law governs this agreement?');
    expect(await input.inputValue()).toBe('');
    expect(await answer.getByText('Not found in the documents').count()).toBe(0);
    expect(normalise(await answer.innerText())).toMatch(/govern/i);
    const { popover, quotes } = await checkSources(answer);
    const gold = normalise(docx.governingLaw);
    expect(quotes.some((quote) => gold.includes(quote.slice(0, 80)) || quote.includes(gold.slice(0, 80)))).toBe(true);
    await capture(page, '09-chat-answer');
    const violations = await seriousViolations(page);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
    expect(describeViolations('chat with an answer and its sources', violations)).toBe('');
  });

  it('generates both reports and downloads each as a PDF named after the project', async () => {
    await page.getByRole('tab', { name: 'Analysis' }).click();
    const reports = [
      { generate: 'Generate Case Summary', download: 'Download PDF of the case summary', file: `case_summary_${projectId}.pdf` },
      { generate: 'Generate Liability Analysis', download: 'Download PDF of the liability analysis', file: `liability_analysis_${projectId}.pdf` },
    ];
    for (const report of reports) {
      expect(await page.getByRole('button', { name: report.download }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: report.generate }).click();
      await page.getByRole('button', { name: report.download, disabled: false }).waitFor({ timeout: ANSWER_TIMEOUT_MS });
    }
    expect(await page.getByRole('alert').count()).toBe(0);
    await capture(page, '10-analysis-results');
    expect(describeViolations('analysis with both reports', await seriousViolations(page))).toBe('');

    for (const report of reports) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: report.download }).click()]);
      expect(download.suggestedFilename()).toBe(report.file);
      const saved = await download.path();
      const bytes = readFileSync(saved);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(1_000);
    }
  });

  it('deletes the chat history', async () => {
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByRole('button', { name: 'Delete chat history' }).click();
    // Both answers were on screen before the click: wait on the first until the list empties, then check none is left.
    await page.getByRole('listitem', { name: 'Assistant message' }).first().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'What are the key terms in this contract?' }).waitFor();
    expect(await page.getByRole('listitem', { name: /message$/ }).count()).toBe(0);
    const token = (await storedToken(page)) as string;
    const { history } = await server.call<{ history: unknown[] }>('GET', `/api/projects/${projectId}/chat_history/`, undefined, token);
    expect(history).toEqual([]);
  });

  it('deletes a document after confirming', async () => {
    await page.getByRole('button', { name: 'Upload documents' }).click();
    const manager = page.getByRole('dialog', { name: /Document Manager/ });
    await manager.getByText('2 files').waitFor();
    await manager.getByRole('button', { name: `Delete ${docx.name}` }).click();
    await manager.getByText('1 file', { exact: true }).waitFor();
    expect(await manager.getByText(docx.name).count()).toBe(0);
    await manager.getByRole('button', { name: 'Close' }).last().click();
    await manager.waitFor({ state: 'hidden' });
    const token = (await storedToken(page)) as string;
    const { files } = await server.call<{ files: string[] }>('GET', `/api/projects/${projectId}/files/`, undefined, token);
    expect(files).toEqual([pdfName]);
  });

  it('deletes the project after confirming', async () => {
    await page.getByRole('button', { name: `Options for ${projectName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete project' }).click();
    await waitForPath(page, '/projects');
    await page.getByRole('button', { name: 'Create Your First Project' }).waitFor();
    const token = (await storedToken(page)) as string;
    const listed = await server.call<{ projects: unknown[] }>('GET', '/api/projects/', undefined, token);
    expect(listed.projects).toEqual([]);
  });

  it('logs out after showing the logout state for 3 s', async () => {
    const started = Date.now();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logging out...').waitFor();
    await waitForPath(page, '/login', 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(await storedToken(page)).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
