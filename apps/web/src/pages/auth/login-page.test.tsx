import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, pendingForever } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

async function submitLogin() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/), 'counsel@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('shows "Signing in..." and disables the button while the call is pending', async () => {
    mockFetch({ 'POST /api/login/': () => pendingForever() });
    renderApp('/login');
    await submitLogin();
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('sends the credentials and stores the returned token under "token"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockFetch({ 'POST /api/login/': () => json(200, { token: 'jwt-1' }) });
    renderApp('/login');
    await submitLogin();
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('jwt-1'));
    expect(api.calls('POST /api/login/')[0].json).toEqual({ email: 'counsel@example.com', password: 'correct horse' });
    expect(api.calls('POST /api/login/')[0].credentials).toBe('include');
  });

  it('says "No token returned from backend." when the response has no token', async () => {
    mockFetch({ 'POST /api/login/': () => json(200, { message: 'ok' }) });
    renderApp('/login');
    await submitLogin();
    expect(await screen.findByText('No token returned from backend.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['the detail', apiError(401, 'Invalid email or password', 'Unauthorized'), 'Invalid email or password'],
    ['the error field without a detail', apiError(400, undefined, 'Bad Request'), 'Bad Request'],
    ['"Login failed." without either', json(500, {}), 'Login failed.'],
  ])('shows %s on failure', async (_case, response, text) => {
    mockFetch({ 'POST /api/login/': () => response });
    renderApp('/login');
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows "Login failed." when the server cannot be reached', async () => {
    mockFetch({ 'POST /api/login/': () => new TypeError('Failed to fetch') });
    renderApp('/login');
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed.');
  });

  it('toggles the password between hidden and shown', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
