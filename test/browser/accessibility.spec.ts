import { Page } from 'playwright-core';
import { factory } from '../utils/factory';
import { describeWithChromium, useBrowserSession } from './support/chromium';
import { AxeViolation, describeViolations, seriousViolations, storeToken } from './support/page-tools';
import { createAccount, WebServer } from './support/web-server';

describeWithChromium('Casewise in Chromium: accessibility (axe-core, no serious or critical violations)', () => {
  let server: WebServer;
  let page: Page;

  const session = useBrowserSession();

  beforeEach(() => {
    ({ server, page } = session);
  });

  /** Audits each screen in turn and fails once, listing every finding of every screen. */
  async function audit(screens: [name: string, open: () => Promise<void>][]): Promise<void> {
    const findings: [string, AxeViolation[]][] = [];
    for (const [name, open] of screens) {
      await open();
      findings.push([name, await seriousViolations(page)]);
    }
    const report = findings.filter(([, violations]) => violations.length > 0).map(([name, violations]) => describeViolations(name, violations));
    if (report.length > 0) throw new Error(`axe-core found serious or critical violations:\n${report.join('\n')}`);
  }

  it('passes on the landing, login and both sign-up steps', async () => {
    await audit([
      [
        'landing',
        async () => {
          await page.goto('/');
          await page.getByRole('heading', { name: 'Legal Documents, Reimagined' }).waitFor();
        },
      ],
      [
        'landing, scrolled (translucent bar)',
        async () => {
          await page.mouse.wheel(0, 900);
          await page.waitForFunction(() => (globalThis as unknown as { scrollY: number }).scrollY > 50);
          await page.waitForTimeout(300);
        },
      ],
      [
        'login',
        async () => {
          await page.goto('/login');
          await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
        },
      ],
      [
        'sign-up step 1 with a validation error',
        async () => {
          await page.goto('/signup');
          await page.locator('#email').fill(factory.email('a11y'));
          await page.locator('#password').fill('short');
          await page.locator('input[name="confirmPassword"]').fill('short');
          await page.getByRole('button', { name: 'Create Account' }).click();
          await page.getByText('Password must be at least 8 characters long.').waitFor();
        },
      ],
      [
        'sign-up step 2',
        async () => {
          const password = factory.password();
          await page.locator('#password').fill(password);
          await page.locator('input[name="confirmPassword"]').fill(password);
          await page.getByRole('button', { name: 'Create Account' }).click();
          await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
        },
      ],
    ]);
  });

  it('passes on the dashboard and the workspace, empty and with a project', async () => {
    const account = await createAccount(server, 'a11y');
    await page.goto('/');
    await storeToken(page, account.token);
    await audit([
      [
        'dashboard',
        async () => {
          await page.goto('/dashboard');
          await page.getByRole('heading', { name: 'Welcome to Casewise' }).waitFor();
        },
      ],
      [
        'workspace without projects',
        async () => {
          await page.goto('/projects');
          await page.getByRole('button', { name: 'Create Your First Project' }).waitFor();
        },
      ],
      [
        'create project dialog',
        async () => {
          await page.getByRole('button', { name: 'Create Your First Project' }).click();
          await page.getByRole('dialog', { name: 'Create New Project' }).waitFor();
        },
      ],
      [
        'workspace with a new project',
        async () => {
          const dialog = page.getByRole('dialog', { name: 'Create New Project' });
          await dialog.locator('#project-name').fill('Accessibility review');
          await dialog.getByRole('button', { name: 'Create project' }).click();
          await page.getByRole('heading', { name: 'Welcome to Accessibility review' }).waitFor();
          await dialog.waitFor({ state: 'detached' });
        },
      ],
      [
        'chat without messages',
        async () => {
          await page.getByRole('button', { name: 'Start Chatting' }).click();
          await page.getByRole('button', { name: 'Identify potential risks' }).waitFor();
        },
      ],
      [
        'document manager, empty',
        async () => {
          await page.getByRole('button', { name: 'Upload documents' }).click();
          await page.getByRole('dialog', { name: /Document Manager/ }).getByText('No documents added to this project yet').waitFor();
        },
      ],
    ]);
  });
});
