import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, deferred, json, mockFetch, pendingForever } from '../../test/fetch-mock';
import { preloadPage, renderApp } from '../../test/render';

async function requestCode(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^Email/), 'counsel@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
}

async function fillNewPassword(user: UserEvent, password: string, confirm: string) {
  await user.type(await screen.findByLabelText(/^Reset Code/), '123456');
  await user.type(screen.getByLabelText(/^New Password/), password);
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ForgotPasswordPage', () => {
  it('shows "Sending..." while the code is requested', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/request-password-reset/': () => pendingForever() });
    renderApp('/forgot-password');
    await requestCode(user);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it.each([
    ['the detail', apiError(404, 'No account with this e-mail'), 'No account with this e-mail'],
    ['the error field', apiError(400, undefined, 'Bad Request'), 'Bad Request'],
    ['the default', json(500, {}), 'Failed to send reset email'],
  ])('shows %s when the code request fails', async (_case, response, text) => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/request-password-reset/': () => response });
    renderApp('/forgot-password');
    await requestCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('moves to step 2 with the default message and remembers the e-mail for the alternate form', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/request-password-reset/': () => json(200, {}) });
    renderApp('/forgot-password');
    await requestCode(user);
    expect(await screen.findByRole('heading', { name: 'Create New Password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'OTP sent to your email. Please check your inbox (and spam folder) for the reset code.',
    );
    expect(window.sessionStorage.getItem('resetEmail')).toBe('counsel@example.com');
  });

  it.each([
    ['123 456', '123456'],
    ['Code: 674727', '674727'],
  ])('keeps the digits of a pasted reset code "%s"', async (pasted, kept) => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/request-password-reset/': () => json(200, {}) });
    renderApp('/forgot-password');
    await requestCode(user);
    const code = await screen.findByLabelText(/^Reset Code/);
    await user.click(code);
    await user.paste(pasted);
    expect(code).toHaveValue(kept);
  });

  it('says "Passwords do not match" without calling the server', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'POST /api/request-password-reset/': () => json(200, {}) });
    renderApp('/forgot-password');
    await requestCode(user);
    await fillNewPassword(user, 'first-choice', 'second-choice');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Passwords do not match$/);
    expect(api.calls('POST /api/reset-password/')).toHaveLength(0);
  });

  it('accepts a short new password and sends it as new_password', async () => {
    await preloadPage('/login', 'Welcome Back');
    const user = userEvent.setup();
    const reset = deferred();
    const api = mockFetch({
      'POST /api/request-password-reset/': () => json(200, {}),
      'POST /api/reset-password/': () => reset.promise,
    });
    renderApp('/forgot-password');
    await requestCode(user);
    await fillNewPassword(user, 'abc', 'abc');
    expect(screen.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(api.calls('POST /api/reset-password/')[0].json).toEqual({
      email: 'counsel@example.com',
      otp: '123456',
      new_password: 'abc',
    });

    vi.useFakeTimers();
    await act(async () => reset.resolve(json(200, {})));
    expect(screen.getByText('Password reset successful!')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.getByTestId('location').textContent).toBe('/forgot-password');
    await act(async () => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows "Failed to reset password" when the reset fails without a message', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/request-password-reset/': () => json(200, {}),
      'POST /api/reset-password/': () => json(500, {}),
    });
    renderApp('/forgot-password');
    await requestCode(user);
    await fillNewPassword(user, 'abc', 'abc');
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
  });

  it('leads to / from the brand title', async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.click(await screen.findByRole('link', { name: 'Casewise home' }));
    expect(await screen.findByRole('heading', { name: 'Legal Documents, Reimagined' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
