import { Page } from 'playwright-core';
import { latestCode } from '../utils/outbox';
import { describeWithChromium, useBrowserSession } from './support/chromium';
import { storedToken, storeToken } from './support/page-tools';
import { Account, createAccount, WebServer } from './support/web-server';

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

describeWithChromium('Casewise in Chromium: route guards and session expiry', () => {
  let server: WebServer;
  let page: Page;

  const session = useBrowserSession();

  beforeEach(() => {
    ({ server, page } = session);
  });

  /** Opens the landing page and stores the account's token, as a login would. */
  async function signIn(account: Account): Promise<void> {
    await page.goto('/');
    await storeToken(page, account.token);
  }

  it.each(['/dashboard', '/projects', '/project/00000000-0000-4000-8000-000000000000'])('sends a logged-out visitor of %s to /login', async (path) => {
    await page.goto(path);
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  });

  it('keeps the public pages public when logged out', async () => {
    for (const path of ['/', '/login', '/signup', '/forgot-password', '/reset-password']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(pathOf(page)).toBe(path);
    }
  });

  it('sends an unknown path to the landing page, logged out and logged in', async () => {
    await page.goto('/no/such/page');
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Legal Documents, Reimagined' }).waitFor();

    await storeToken(page, (await createAccount(server, 'unknown-path')).token);
    await page.goto('/demo');
    await waitForPath(page, '/');
  });

  it('sends a logged-in user away from the auth pages to /dashboard', async () => {
    await signIn(await createAccount(server, 'guard'));
    for (const path of ['/login', '/signup', '/forgot-password', '/reset-password']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard');
    }
    await page.getByRole('heading', { name: 'Welcome to Casewise' }).waitFor();
  });

  it('clears a token whose signature was tampered with and returns to /login on the first 401', async () => {
    const account = await createAccount(server, 'tampered');
    await signIn(account);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Casewise' }).waitFor();

    const [header, payload, signature] = account.token.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await storeToken(page, forged);
    const unauthorized = page.waitForResponse((response) => response.url().endsWith('/api/projects/') && response.status() === 401);
    await page.getByRole('button', { name: 'Start Using Casewise' }).click();
    await unauthorized;
    await waitForPath(page, '/login');
    expect(await storedToken(page)).toBeNull();
  });

  it('ends the session mid-way when a password reset elsewhere revokes the token', async () => {
    const account = await createAccount(server, 'revoked');
    await signIn(account);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Create Your First Project' }).waitFor();

    await server.call('POST', '/api/request-password-reset/', { email: account.email });
    const otp = await latestCode(server.config, account.email);
    await server.call('POST', '/api/reset-password/', { email: account.email, otp, new_password: `${account.password}-new` });

    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.locator('#project-name').fill('After the reset');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await waitForPath(page, '/login');
    expect(await storedToken(page)).toBeNull();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  });
});
