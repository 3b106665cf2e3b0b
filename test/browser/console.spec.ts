import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { factory } from '../utils/factory';
import { latestCode } from '../utils/outbox';
import { describeWithChromium, newContext, useBrowserSession } from './support/chromium';
import { capture, describeViolations, type AxeViolation, seriousViolations } from './support/page-tools';
import { type Account, createAccount, type WebServer } from './support/web-server';

const READY_TIMEOUT_MS = 60_000;

/** Signs up an address the administrator invited, through the spec's normal flow. */
async function joinAsInvited(server: WebServer, email: string): Promise<Account> {
  const password = factory.password();
  await server.call('POST', '/api/signup/', { email, password });
  await server.call('POST', '/api/verify-otp/', { email, otp: await latestCode(server.config, email) });
  const { token } = await server.call<{ token: string }>('POST', '/api/login/', { email, password });
  return { email, password, token };
}

async function upload(server: WebServer, account: Account, projectId: string, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.set('project_id', projectId);
  form.set('file', new Blob([text], { type: 'text/plain' }), name);
  const response = await fetch(`${server.baseUrl}/api/upload/`, { method: 'POST', headers: { Authorization: `Bearer ${account.token}` }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function waitForStatus(server: WebServer, admin: Account, documentId: string, status: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const document = await server.call<{ status: string }>('GET', `/api/admin/documents/${documentId}`, undefined, admin.token);
    if (document.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`document ${documentId} never reached ${status}`);
}

async function signInToConsole(page: Page, account: Account): Promise<void> {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The HTTP status of the API for a token, straight from the test. */
async function statusOf(server: WebServer, path: string, token: string): Promise<number> {
  return (await fetch(`${server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status;
}

describeWithChromium('Casewise in Chromium: the firm console at /admin/', () => {
  const session = useBrowserSession();
  const findings: [string, AxeViolation[]][] = [];

  /** Audits the page as it is now; every finding of every page is reported at the end of the walk. */
  async function audit(name: string): Promise<void> {
    findings.push([name, await seriousViolations(session.page)]);
  }

  it('sends a signed-out visit to the console login, and shows a member only the refusal', async () => {
    const { server, page } = session;
    await page.goto('/admin/users/1');
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await audit('console login');

    const admin = await createAccount(server, 'console-gate-admin');
    const email = factory.email('console-gate-member');
    await server.call('POST', '/api/admin/users/', { email, role: 'member' }, admin.token);
    const member = await joinAsInvited(server, email);
    await signInToConsole(page, member);
    await page.getByText("This console is for your firm's administrators.").waitFor();
    expect(await page.getByRole('menuitem').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await audit('member refused');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin\/login$/);
  });

  it('walks the console as an administrator: people, invitations, roles, disabling, walls, retries and the audit trail', async () => {
    const { server, page } = session;
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    const admin = await createAccount(server, 'console-admin');
    const colleagueEmail = factory.email('console-colleague');
    await server.call('POST', '/api/admin/users/', { email: colleagueEmail, role: 'member' }, admin.token);
    const colleague = await joinAsInvited(server, colleagueEmail);
    const matter = await server.call<{ id: string }>('POST', '/api/projects/', { name: 'Harbor acquisition' }, admin.token);
    await server.call('POST', `/api/projects/${matter.id}/members/`, { email: colleague.email, role: 'editor' }, admin.token);
    const broken = await upload(server, admin, matter.id, 'blank-scan.txt', ' \n\t \n');
    await waitForStatus(server, admin, broken, 'failed');

    // Sign in; the dashboard counts people, matters and documents and lists what failed.
    await signInToConsole(page, admin);
    await page.getByRole('heading', { name: 'Failed documents that need attention' }).waitFor();
    await page.getByLabel('People: 2').waitFor();
    await page.getByRole('link', { name: 'blank-scan.txt' }).waitFor();
    await page.getByRole('heading', { name: 'Pages ingested per day' }).waitFor();
    await audit('dashboard');
    await page.mouse.move(0, 799);
    await capture(page, 'console-dashboard');

    // Invite a person from Users, and find the invitation under Invitations.
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('cell', { name: colleague.email, exact: true }).waitFor();
    await audit('users');
    await capture(page, 'console-users');
    const invitee = factory.email('console-invitee');
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person' });
    await dialog.getByLabel('Email').fill(invitee);
    await audit('invite dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee}.`).waitFor();
    await page.getByRole('menuitem', { name: 'Invitations' }).click();
    const invitationRow = page.getByRole('row', { name: new RegExp(invitee.replace(/[.+]/g, '\\$&')) });
    await invitationRow.getByText('pending').waitFor();
    await audit('invitations');

    // Change the colleague's role to administrator and back.
    await page.getByRole('menuitem', { name: 'Users' }).click();
    const colleagueRow = page.getByRole('row', { name: new RegExp(colleague.email.replace(/[.+]/g, '\\$&')) });
    await colleagueRow.getByRole('link', { name: 'Role' }).click();
    await page.getByRole('combobox', { name: 'Role in the firm' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await audit('edit role');
    await page.getByRole('button', { name: 'Save role' }).click();
    await colleagueRow.getByRole('cell', { name: 'Administrator', exact: true }).waitFor();
    expect((await server.call<{ role: string }>('GET', '/api/me/', undefined, colleague.token)).role).toBe('admin');

    // Wall the colleague off the matter: the matter disappears for them.
    await page.getByRole('menuitem', { name: 'Projects' }).click();
    await page.getByRole('cell', { name: 'Harbor acquisition', exact: true }).click();
    await page.getByRole('heading', { name: 'Ethical walls' }).waitFor().catch(async (e) => { throw e; });
    await page.getByRole('combobox', { name: 'Wall off a person' }).fill(colleague.email.slice(0, 18));
    await page.getByRole('option', { name: colleague.email }).click();
    await page.getByRole('button', { name: 'Add wall' }).click();
    await page.getByRole('list', { name: 'Walled-off people' }).getByText(colleague.email).waitFor();
    await audit('project with a wall');
    expect(await statusOf(server, `/api/projects/${matter.id}/`, colleague.token)).toBe(404);

    // Revoke the colleague's API key from the firm's list of keys.
    const colleagueKey = await server.call<{ key: string }>('POST', '/api/api-keys/', { name: 'Nightly import', scope: 'read' }, colleague.token);
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await page.getByRole('button', { name: `Revoke the key Nightly import of ${colleague.email}` }).click();
    await audit('revoke key confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('row', { name: /Nightly import/ }).getByText('revoked').waitFor();
    await audit('api keys');
    expect(await statusOf(server, '/api/me/', colleagueKey.key)).toBe(401);

    // Disable the colleague, after the confirmation: their token is refused at once.
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await colleagueRow.getByRole('button', { name: `Disable ${colleague.email}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disable ${colleague.email}?` });
    await audit('disable confirmation');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await colleagueRow.getByText('Disabled').waitFor();
    expect(await statusOf(server, '/api/me/', colleague.token)).toBe(401);

    // Retry the failed document from the documents list (failed first).
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    const brokenRow = page.getByRole('row', { name: /blank-scan\.txt/ });
    await brokenRow.getByText('No text was found in this file.').waitFor();
    await audit('documents');
    await brokenRow.getByRole('button', { name: 'Retry blank-scan.txt' }).click();
    await page.getByText('blank-scan.txt is queued to be read again.').waitFor();
    // It fails again (it has no text); the bulk retry queues every failed document after a confirmation.
    await waitForStatus(server, admin, broken, 'failed');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Retry all failed (1)' }).click();
    await page.getByRole('dialog', { name: 'Retry 1 failed document?' }).getByRole('button', { name: 'Retry' }).click();
    await page.getByText('1 document queued to be read again.').waitFor();

    // The audit trail: filter to the retry and verify the chain.
    await page.getByRole('menuitem', { name: 'Audit' }).click();
    await page.getByLabel('Action').fill('document.retry');
    const retryRow = page.getByRole('row', { name: /document\.retry/ }).first();
    await retryRow.waitFor();
    // Only the two retries are left once the filter applies.
    await page.waitForFunction(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('tbody tr').length === 2);
    await audit('audit log');
    await capture(page, 'console-audit');
    await page.getByRole('button', { name: 'Verify chain' }).click();
    const verdict = page.getByRole('dialog', { name: 'Audit chain' });
    await verdict.getByText(/^The chain holds: \d+ events verified/).waitFor();
    await audit('chain verdict');
    await verdict.getByRole('button', { name: 'Close' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('seq,at,id,actor_id,email,action,target_type,target_id,ip,details,prev_hash,hash');
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(['"document.retry"', '"document.retry"']);
    await retryRow.click();
    await page.getByText('Previous hash').waitFor();
    await audit('audit event');

    // Usage and settings.
    await page.getByRole('menuitem', { name: 'Usage' }).click();
    await page.getByRole('columnheader', { name: 'Pages read' }).waitFor();
    await audit('usage');
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByLabel('Firm name').fill('Harbor & Vale LLP');
    await audit('settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect((await server.call<{ firm: { name: string } }>('GET', '/api/me/', undefined, admin.token)).firm.name).toBe('Harbor & Vale LLP');

    // A phone-sized screen gets react-admin's simple lists.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/users');
    await page.getByText(colleague.email).first().waitFor();
    await audit('users on a phone');
    await capture(page, 'console-users-phone');

    expect(crashes).toEqual([]);
    const report = findings.filter(([, violations]) => violations.length > 0).map(([name, violations]) => describeViolations(name, violations));
    if (report.length > 0) throw new Error(`axe-core found serious or critical violations:\n${report.join('\n')}`);
  });

  it('serves the console at /admin/ with deep links, and keeps the user app at /', async () => {
    const { server, browser } = session;
    const context = await newContext(browser, server.baseUrl);
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Legal Documents, Reimagined' }).waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((path) => path.startsWith('/admin/'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
