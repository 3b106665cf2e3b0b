import type { Page } from 'playwright-core';
import { factory } from '../utils/factory';
import { latestCode } from '../utils/outbox';
import { describeWithChromium, newContext, useBrowserSession } from './support/chromium';
import { storeToken } from './support/page-tools';
import { type Account, createAccount, type WebServer } from './support/web-server';

const READY_TIMEOUT_MS = 120_000;
const ANSWER_TIMEOUT_MS = 60_000;

/** Joins the firm the way a colleague does: invited by the administrator, then signing up as usual. */
async function invited(server: WebServer, admin: Account, label: string): Promise<Account> {
  const email = factory.email(label);
  await server.call('POST', '/api/admin/users/', { email, role: 'member' }, admin.token);
  const password = factory.password();
  await server.call('POST', '/api/signup/', { email, password });
  await server.call('POST', '/api/verify-otp/', { email, otp: await latestCode(server.config, email) });
  const { token } = await server.call<{ token: string }>('POST', '/api/login/', { email, password });
  return { email, password, token };
}

async function signedIn(page: Page, account: Account, path: string): Promise<void> {
  await page.goto('/login');
  await storeToken(page, account.token);
  await page.goto(path);
}

describeWithChromium('Casewise in Chromium: a matter shared in the firm', () => {
  const session = useBrowserSession();

  it('an owner shares a matter with an editor, who uploads and asks; a viewer finds the upload control disabled with the reason', async () => {
    const { server } = session;
    const owner = await createAccount(server, 'share-owner');
    const editor = await invited(server, owner, 'share-editor');
    const viewer = await invited(server, owner, 'share-viewer');
    const project = await server.call<{ id: string }>('POST', '/api/projects/', { name: 'Shared supply dispute' }, owner.token);

    // The owner shares it from the Share dialog.
    let page = session.page;
    await signedIn(page, owner, `/project/${project.id}`);
    await page.getByRole('button', { name: 'Share project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “Shared supply dispute”' });
    await dialog.getByLabel(/Email of a person in your firm/).fill(editor.email);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText(editor.email, { exact: true }).waitFor();
    await dialog.getByLabel(/Email of a person in your firm/).fill(viewer.email);
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText(viewer.email, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The editor sees the matter with its badge, uploads a contract and asks about it.
    await session.context.close();
    session.context = await newContext(session.browser, server.baseUrl);
    page = await session.context.newPage();
    await signedIn(page, editor, `/project/${project.id}`);
    await page.getByText('Shared with you · Editor').waitFor();
    await page.getByRole('button', { name: 'Upload documents' }).click();
    const manager = page.getByRole('dialog', { name: /Document Manager/ });
    const contract = 'SECTION 1. TERM. This Supply Agreement lasts five years.\n\nSECTION 2. GOVERNING LAW. This Agreement is governed by the laws of the State of Delaware.';
    await manager.locator('input[type="file"]').setInputFiles([{ name: 'supply.txt', mimeType: 'text/plain', buffer: Buffer.from(contract) }]);
    await manager.getByLabel('Status: Ready').first().waitFor({ timeout: READY_TIMEOUT_MS });
    await manager.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('tab', { name: 'Chat' }).click();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Which law governs this agreement?');
    await input.press('Enter');
    const answer = page.getByRole('listitem', { name: 'Assistant message' }).first();
    await answer.waitFor({ timeout: ANSWER_TIMEOUT_MS });
    expect(await answer.innerText()).toMatch(/Delaware/);

    // The viewer sees the same matter, read-only: upload disabled, with the reason on hover.
    await session.context.close();
    session.context = await newContext(session.browser, server.baseUrl);
    page = await session.context.newPage();
    await signedIn(page, viewer, `/project/${project.id}`);
    await page.getByText('Shared with you · Viewer').waitFor();
    const upload = page.getByRole('button', { name: 'Upload documents' });
    expect(await upload.isDisabled()).toBe(true);
    await upload.locator('xpath=..').hover();
    expect(await page.getByRole('tooltip').innerText()).toBe('Viewers cannot upload documents to this project.');
    // The viewer's chat is their own: the editor's question is not in it.
    expect(await page.getByText('Which law governs this agreement?').count()).toBe(0);
  }, 300_000);
});
