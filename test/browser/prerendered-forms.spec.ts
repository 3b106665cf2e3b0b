import type { Page } from 'playwright-core';
import { factory } from '../utils/factory';
import { describeWithChromium, useBrowserSession } from './support/chromium';
import { computedStyle, focusedElement, storedToken } from './support/page-tools';
import { createAccount } from './support/web-server';

/**
 * The sign-in and sign-up pages come rendered at build time (apps/web/scripts/prerender.mjs): their forms show, and
 * can be typed in, before the app's code has come. The app's entry is held back here until the fields are filled, as
 * on a slow phone, then let through.
 */
describeWithChromium('forms typed in before the app has run', () => {
  const session = useBrowserSession();

  /** Holds back the app's entry script until the returned function is called. */
  async function holdAppEntry(page: Page): Promise<() => void> {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** Until React has taken over the page: the submit button has React's props once it has. */
  async function waitForReact(page: Page, button: string): Promise<void> {
    const handle = await page.getByRole('button', { name: button }).elementHandle();
    await page.waitForFunction((element) => element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps')), handle, { timeout: 15_000 });
  }

  /** How MUI shows the field's label: moved out of the text (a field focused or filled), marked as focused. */
  const label = (page: Page, id: string): Promise<{ shrunk: string | null; focused: boolean }> =>
    page.locator(`label[for="${id}"]`).evaluate((element) => ({ shrunk: element.getAttribute('data-shrink'), focused: element.classList.contains('Mui-focused') }));

  it('signs in with what was typed before React took the page over, the field being typed in still focused', async () => {
    const { page, server } = session;
    const account = await createAccount(server, 'typed-early');
    const release = await holdAppEntry(page);
    // Not waiting for the page's load (nor for DOMContentLoaded): both wait for the entry held back.
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#password').waitFor();
    // The page's own HTML, no script run: the form is there and the e-mail field has the focus (autofocus).
    await expect(focusedElement(page)).resolves.toEqual({ tag: 'INPUT', id: 'email' });
    await page.keyboard.type(account.email);
    await page.locator('#password').click();
    await page.keyboard.type(account.password);
    // Enter before the app runs sends nothing: the browser's own submission would put the password in the address.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Sign In' }).isDisabled()).resolves.toBe(true);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    release();
    await waitForReact(page, 'Sign In');
    await expect(page.locator('#email').inputValue()).resolves.toBe(account.email);
    await expect(focusedElement(page)).resolves.toEqual({ tag: 'INPUT', id: 'password' });
    await expect(label(page, 'email')).resolves.toEqual({ shrunk: 'true', focused: false });
    await expect(label(page, 'password')).resolves.toEqual({ shrunk: 'true', focused: true });
    await page.keyboard.press('Enter');
    // Signed in, the app goes to /dashboard and reloads the page (as the spec says): the token is read after that.
    await page.waitForEvent('load', { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect(storedToken(page)).resolves.not.toBeNull();
  });

  it('shows the form only once the page has been read to its end, so a slow phone never paints the card half made', async () => {
    const { page, server } = session;
    const html = await (await fetch(`${server.baseUrl}/login`, { headers: { Accept: 'text/html' } })).text();
    // A page still being read has not reached the mark after its root: served without it, the root stays hidden.
    const unread = html.replace(/<div class="cw-page-read" hidden><\/div>/, '');
    expect(unread).not.toBe(html);
    await page.route('**/login', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: unread }));
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#password').waitFor({ state: 'attached' });
    await expect(computedStyle(page.locator('#root'), 'visibility')).resolves.toBe('hidden');
    await page.unroute('**/login');
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#password').waitFor({ state: 'visible' });
    await expect(computedStyle(page.locator('#root'), 'visibility')).resolves.toBe('visible');
  });

  it('creates an account with the e-mail and passwords typed before React took the page over', async () => {
    const { page } = session;
    const email = factory.email('typed-early-signup');
    const password = factory.password();
    const release = await holdAppEntry(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('#confirmPassword').fill(password);
    release();
    await waitForReact(page, 'Create Account');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor({ state: 'visible', timeout: 15_000 });
    await expect(page.locator('strong').textContent()).resolves.toBe(email);
  });
});
