import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

async function submit(user: UserEvent, password: string, confirm: string) {
  await user.type(await screen.findByLabelText(/^OTP/), '654321');
  await user.type(screen.getByLabelText(/^New Password/), password);
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordPage (alternate form)', () => {
  it('says "Passwords do not match." when the confirmation differs', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem('resetEmail', 'counsel@example.com');
    renderApp('/reset-password');
    await submit(user, 'one-password', 'another-one');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Passwords do not match\.$/);
  });

  it('posts the remembered e-mail with the field "password"', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem('resetEmail', 'counsel@example.com');
    const api = mockFetch({ 'POST /api/reset-password/': () => json(200, { message: 'Password updated.' }) });
    renderApp('/reset-password');
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(await screen.findByText(/spam or junk folder/)).toBeInTheDocument();
    await submit(user, 'new-secret', 'new-secret');
    expect(await screen.findByText('Password updated.')).toBeInTheDocument();
    expect(api.calls('POST /api/reset-password/')[0].json).toEqual({
      email: 'counsel@example.com',
      otp: '654321',
      password: 'new-secret',
    });
  });

  it('keeps the digits of a pasted code', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem('resetEmail', 'counsel@example.com');
    renderApp('/reset-password');
    const code = await screen.findByLabelText(/^OTP/);
    await user.click(code);
    await user.paste('Code: 674 727');
    expect(code).toHaveValue('674727');
  });

  it('shows the detail, and otherwise "Failed to reset password." even when an error field exists', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem('resetEmail', 'counsel@example.com');
    mockFetch({ 'POST /api/reset-password/': () => apiError(400, undefined, 'Bad Request') });
    renderApp('/reset-password');
    await submit(user, 'new-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to reset password\.$/);
  });

  it('asks for the e-mail when none was remembered', async () => {
    renderApp('/reset-password');
    expect(await screen.findByLabelText(/^Email/)).toBeInTheDocument();
  });
});
