import type { Locator, Page } from 'playwright-core';
import { factory } from '../utils/factory';
import { latestCode } from '../utils/outbox';
import { describeWithChromium, useBrowserSession } from './support/chromium';
import { storeToken } from './support/page-tools';
import { type Account, createAccount } from './support/web-server';

const READY_TIMEOUT_MS = 120_000;
const REPORT_TIMEOUT_MS = 60_000;

/** A contract with the clauses a liability analysis puts in its risk register. */
const CONTRACT = [
  'SUPPLY AGREEMENT',
  'This Supply Agreement is made between Northwind Components Ltd ("Supplier") and Harbor Retail Inc ("Buyer").',
  'SECTION 1. INDEMNIFICATION. The Supplier shall indemnify, defend and hold harmless the Buyer from and against any and all claims, losses, damages and expenses arising out of the Goods.',
  "SECTION 2. LIMITATION OF LIABILITY. In no event shall the Buyer's total liability under this Agreement exceed the fees paid in the twelve (12) months preceding the claim. Neither party shall be liable for any indirect, incidental or consequential damages.",
  'SECTION 3. GOVERNING LAW. This Agreement is governed by the laws of the State of Delaware.',
  'SECTION 4. TERM. This Agreement lasts five (5) years from the Effective Date and renews automatically for successive one-year terms.',
].join('\n\n');

/** The browser globals used inside evaluate; the tests' tsconfig has no DOM library. */
interface StyledNode {
  parentElement: StyledNode | null;
}
interface StyleGlobals {
  getComputedStyle(node: StyledNode): { color: string; backgroundColor: string };
  navigator: { clipboard: { writeText(text: string): Promise<void> } };
  document: { elementFromPoint(x: number, y: number): StyledNode | null };
}

async function signedIn(page: Page, account: Account, path: string): Promise<void> {
  await page.goto('/login');
  await storeToken(page, account.token);
  await page.goto(path);
}

type Rgba = [number, number, number, number];

function parseColour(css: string): Rgba {
  const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
  if (!/^rgba?\(/.test(css) || parts.length < 3) throw new Error(`Not an rgb() colour: ${css}`);
  return [parts[0], parts[1], parts[2], parts[3] ?? 1];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast of a text colour, blended over its (opaque) background. */
function contrast(text: string, background: string): number {
  const [fr, fg, fb, alpha] = parseColour(text);
  const back = parseColour(background);
  const blended: Rgba = [fr * alpha + back[0] * (1 - alpha), fg * alpha + back[1] * (1 - alpha), fb * alpha + back[2] * (1 - alpha), 1];
  const [light, dark] = [luminance(blended), luminance(back)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The element's text colour and the first non-transparent background behind it. */
function colours(locator: Locator): Promise<{ color: string; background: string }> {
  return locator.evaluate((node: unknown) => {
    const styles = globalThis as unknown as StyleGlobals;
    const color = styles.getComputedStyle(node as StyledNode).color;
    for (let current = node as StyledNode | null; current; current = current.parentElement) {
      const background = styles.getComputedStyle(current).backgroundColor;
      if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') return { color, background };
    }
    return { color, background: 'rgb(255, 255, 255)' };
  });
}

/** True when the element itself (or a child) is what a click at its centre would reach. */
async function reachableAtCentre(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  const hit = await page.evaluateHandle(
    ([x, y]) => (globalThis as unknown as StyleGlobals).document.elementFromPoint(x, y),
    [box.x + box.width / 2, box.y + box.height / 2] as const,
  );
  const element = hit.asElement();
  if (!element) return false;
  return locator.evaluate((node: unknown, target: unknown) => {
    type Contains = { contains(other: unknown): boolean };
    return (node as Contains).contains(target);
  }, element);
}

async function uploadContract(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Upload documents' }).click();
  const manager = page.getByRole('dialog', { name: /Document Manager/ });
  await manager.locator('input[type="file"]').setInputFiles([{ name: 'supply.txt', mimeType: 'text/plain', buffer: Buffer.from(CONTRACT) }]);
  await manager.getByLabel('Status: Ready').first().waitFor({ timeout: READY_TIMEOUT_MS });
  await manager.getByRole('button', { name: 'Close' }).last().click();
  await manager.waitFor({ state: 'hidden' });
}

describeWithChromium('Casewise in Chromium: the web app\'s rough edges', () => {
  const session = useBrowserSession();

  /** A new account with one project, signed in on that project's page (at this viewport, when one is given). */
  async function onNewProject(label: string, name: string, viewport?: { width: number; height: number }): Promise<{ account: Account; projectId: string }> {
    const { server, page } = session;
    const account = await createAccount(server, label);
    const project = await server.call<{ id: string }>('POST', '/api/projects/', { name }, account.token);
    if (viewport) await page.setViewportSize(viewport);
    await signedIn(page, account, `/project/${project.id}`);
    return { account, projectId: project.id };
  }

  it('renders the liability analysis table as a table, and shows the reports again when the Analysis tab is reopened and after a reload', async () => {
    const { server, page } = session;
    const account = await createAccount(server, 'web-fixes-reports');
    const other = await server.call<{ id: string }>('POST', '/api/projects/', { name: 'Office lease' }, account.token);
    const project = await server.call<{ id: string }>('POST', '/api/projects/', { name: 'Supply dispute' }, account.token);
    await signedIn(page, account, `/project/${project.id}`);
    await uploadContract(page);
    await page.getByRole('tab', { name: 'Analysis', selected: true }).waitFor();

    const liability = page.getByRole('region', { name: 'Liability Analysis result' });
    await page.getByRole('button', { name: 'Generate Liability Analysis' }).click();
    const table = liability.locator('table').first();
    await table.waitFor({ timeout: REPORT_TIMEOUT_MS });
    expect(await table.getByRole('columnheader', { name: 'Severity' }).count()).toBe(1);
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await liability.innerText()).not.toMatch(/\|\s*-{3,}/);
    const cell = table.locator('td').first();
    const cellStyle = await cell.evaluate((node: unknown) => {
      const style = (globalThis as unknown as { getComputedStyle(n: unknown): { borderTopStyle: string; paddingLeft: string } }).getComputedStyle(node);
      return { border: style.borderTopStyle, padding: style.paddingLeft };
    });
    expect(cellStyle.border).toBe('solid');
    expect(cellStyle.padding).not.toBe('0px');
    await page.getByRole('button', { name: 'Generate Case Summary' }).click();
    await page.getByRole('button', { name: 'Download PDF of the case summary', disabled: false }).waitFor({ timeout: REPORT_TIMEOUT_MS });
    const summaryText = await page.getByRole('region', { name: 'Case Summary result' }).innerText();

    // Away to the chat and back.
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByRole('tab', { name: 'Analysis' }).click();
    await table.waitFor();

    // Away to another project and back.
    await page.getByRole('navigation', { name: 'Projects' }).getByText('Office lease').click();
    await page.waitForURL(`**/project/${other.id}`);
    await page.getByRole('navigation', { name: 'Projects' }).getByText('Supply dispute').click();
    await page.waitForURL(`**/project/${project.id}`);
    await page.getByRole('tab', { name: 'Analysis', disabled: false }).click();
    await table.waitFor();
    expect(await page.getByRole('region', { name: 'Case Summary result' }).innerText()).toBe(summaryText);
    expect(await page.getByRole('button', { name: 'Download PDF of the liability analysis' }).isEnabled()).toBe(true);

    // A new session (a reload forgets what the page kept): the stored reports are shown again.
    await page.reload();
    await page.getByRole('tab', { name: 'Analysis', disabled: false }).click();
    await table.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('region', { name: 'Case Summary result' }).innerText()).toBe(summaryText);
    expect(await page.getByRole('button', { name: 'Download PDF of the case summary' }).isEnabled()).toBe(true);
  }, 300_000);

  it('shows the code block label of a question readably in the user\'s bubble', async () => {
    const { page } = session;
    await onNewProject('web-fixes-code', 'Code in a question');
    await uploadContract(page);
    await page.getByRole('tab', { name: 'Chat' }).click();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Does this clause apply?\n```json\n{"cap": "12 months"}\n```');
    await input.press('Enter');
    const mine = page.getByRole('listitem', { name: 'Your message' }).last();
    const label = mine.getByText('Code block detected (json)');
    await label.waitFor({ timeout: REPORT_TIMEOUT_MS });
    const { color, background } = await colours(label);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  }, 300_000);

  it('grows the message box from 1 to 4 lines as the question gets longer, then scrolls it', async () => {
    const { page } = session;
    await onNewProject('web-fixes-input', 'Long questions', { width: 1280, height: 800 });
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.waitFor();
    const box = (): Promise<{ height: number; scrolls: boolean }> =>
      input.evaluate((node: unknown) => {
        const { clientHeight, scrollHeight } = node as { clientHeight: number; scrollHeight: number };
        return { height: clientHeight, scrolls: scrollHeight > clientHeight };
      });
    const empty = await box();
    await input.fill('Who are the parties?');
    expect(await box()).toEqual(empty);
    const heights: number[] = [];
    for (const lines of [2, 3, 4]) {
      await input.fill(Array.from({ length: lines }, (_, index) => `Line ${index + 1}`).join('\n'));
      const grown = await box();
      expect(grown.scrolls).toBe(false);
      heights.push(grown.height);
    }
    // One line's height more for each line, up to four lines.
    heights.forEach((height, index) => expect(Math.abs(height - empty.height * (index + 2))).toBeLessThanOrEqual(2));
    await input.fill(Array.from({ length: 7 }, (_, index) => `Line ${index + 1}`).join('\n'));
    expect(await box()).toEqual({ height: heights[2], scrolls: true });
  }, 120_000);

  it('opens a long conversation scrolled to its newest answer', async () => {
    const { server, page } = session;
    const { account, projectId } = await onNewProject('web-fixes-history', 'Long conversation', { width: 1280, height: 700 });
    await uploadContract(page);
    const questions = ['Who are the parties?', 'Which law governs?', 'How long is the term?', 'Who indemnifies whom?', 'Is liability capped?', 'Does it renew?'];
    for (const question of questions) await server.call('POST', `/api/projects/${projectId}/qa/`, { question }, account.token);
    await page.reload();
    const answers = page.getByRole('listitem', { name: 'Assistant message' });
    await answers.nth(questions.length - 1).waitFor();
    const chat = await page.getByRole('list', { name: 'Conversation' }).evaluate((node: unknown) => {
      let box = (node as { parentElement: { scrollHeight: number; clientHeight: number; scrollTop: number; parentElement: unknown } | null }).parentElement;
      while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement as typeof box;
      return box === null ? null : { scrollHeight: box.scrollHeight, clientHeight: box.clientHeight, scrollTop: box.scrollTop };
    });
    // The conversation is longer than the screen, and shown from its end.
    expect(chat).not.toBeNull();
    expect(chat!.scrollHeight - chat!.scrollTop - chat!.clientHeight).toBeLessThanOrEqual(2);
    expect(await answers.last().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Scroll to bottom' }).count()).toBe(0);
  }, 300_000);

  it.each([390, 768])('keeps the sidebar heading and its plus button clickable at %i px', async (width) => {
    const { server, page } = session;
    const account = await createAccount(server, `web-fixes-sidebar-${width}`);
    await server.call('POST', '/api/projects/', { name: 'Supply dispute' }, account.token);
    await page.setViewportSize({ width, height: 844 });
    await signedIn(page, account, '/projects');
    const sidebar = page.getByRole('navigation', { name: 'Projects' });
    const heading = sidebar.getByRole('heading', { name: 'Projects' });
    await sidebar.getByText('Supply dispute').waitFor();
    const plus = sidebar.getByRole('button', { name: 'Create new project' });
    expect(await reachableAtCentre(page, heading)).toBe(true);
    expect(await reachableAtCentre(page, plus)).toBe(true);
    // Below 900 px the sidebar is a drawer, a dialog that screen readers announce by its name.
    expect(await page.getByRole('dialog', { name: 'Projects' }).count()).toBe(1);
    await plus.click({ timeout: 5_000 });
    await page.getByRole('dialog').getByRole('heading', { name: 'Create new project' }).waitFor();
  }, 120_000);

  it('keeps the top bar one line high at 390 px, every button on the screen, before and after the badge comes', async () => {
    const { page } = session;
    await onNewProject('web-fixes-top-bar', 'Supply dispute', { width: 390, height: 844 });
    const bar = page.locator('header').first();
    await page.getByRole('navigation', { name: 'Projects' }).getByText('Supply dispute').waitFor();
    await page.keyboard.press('Escape');
    const before = await bar.boundingBox();
    await uploadContract(page);
    const badge = page.getByText('Documents Added');
    await badge.waitFor({ state: 'attached' });
    const after = await bar.boundingBox();
    // A phone's bar is 56 px high (MUI's toolbar): the title's two lines fit it, and they do not wrap.
    expect(before?.height).toBe(56);
    expect(after).toEqual(before);
    const subtitle = await bar.getByText('AI Assistant').boundingBox();
    expect(subtitle?.height).toBeLessThan(24);
    for (const name of ['Share project', 'Upload documents', 'API keys', 'Logout']) {
      const button = await bar.getByRole('button', { name }).boundingBox();
      expect(button === null ? null : button.x + button.width).toBeLessThanOrEqual(390);
    }
    // The badge shows its tick; its words are still there for screen readers.
    await expect(bar.getByRole('button', { name: 'Share project' }).isVisible()).resolves.toBe(true);
    expect((await badge.boundingBox())?.width).toBeLessThanOrEqual(1);
  }, 180_000);

  it('keeps the digits of a pasted verification code and verifies with it', async () => {
    const { server, page, context } = session;
    const email = factory.email('web-fixes-paste');
    const password = factory.password();
    await page.goto('/signup');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('input[name="confirmPassword"]').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    const code = await latestCode(server.config, email);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const field = page.locator('#otp');
    for (const pasted of [`${code.slice(0, 3)} ${code.slice(3)}`, `Code: ${code}`]) {
      await field.fill('');
      await page.evaluate((text) => (globalThis as unknown as StyleGlobals).navigator.clipboard.writeText(text), pasted);
      await field.focus();
      await page.keyboard.press('ControlOrMeta+V');
      expect(await field.inputValue()).toBe(code);
    }
    await page.getByRole('button', { name: 'Verify & Complete Signup' }).click();
    await page.getByRole('alert').filter({ hasText: /verified/i }).waitFor();
  }, 120_000);
});
