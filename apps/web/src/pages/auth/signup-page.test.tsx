import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, pendingForever } from '../../test/fetch-mock';
import { preloadPage, renderApp } from '../../test/render';

async function fillStepOne(user: UserEvent, email: string, password: string, confirm: string) {
  if (email) await user.type(await screen.findByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  if (confirm) await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

async function reachStepTwo(user: UserEvent) {
  await fillStepOne(user, 'new@example.com', 'longenough', 'longenough');
  await screen.findByRole('heading', { name: 'Verify Your Email' });
}

describe('SignupPage step 1 validation', () => {
  it('checks that the passwords match before anything else', async () => {
    const user = userEvent.setup();
    const api = mockFetch({});
    renderApp('/signup');
    await fillStepOne(user, 'not-an-email', 'short', 'other');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(api.requests).toHaveLength(0);
  });

  it('checks the password length second', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await fillStepOne(user, 'not-an-email', 'short', 'short');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long.');
  });

  it('checks the e-mail last', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await fillStepOne(user, 'not-an-email', 'longenough', 'longenough');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });

  it('rejects an empty e-mail', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await fillStepOne(user, '', 'longenough', 'longenough');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });
});

describe('SignupPage calls', () => {
  it('shows "Creating Account..." while the sign-up call is pending', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/signup/': () => pendingForever() });
    renderApp('/signup');
    await fillStepOne(user, 'new@example.com', 'longenough', 'longenough');
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('moves to step 2 with the default success message and the address', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'POST /api/signup/': () => json(201, {}) });
    renderApp('/signup');
    await reachStepTwo(user);
    expect(api.calls('POST /api/signup/')[0].json).toEqual({ email: 'new@example.com', password: 'longenough' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Account created successfully! A verification code has been sent to your email.',
    );
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Step 2 of 2' })).toBeInTheDocument();
  });

  it.each([
    ['the detail', () => apiError(409, 'An account with this e-mail already exists.', 'Conflict'), 'An account with this e-mail already exists.'],
    ['the error field', () => apiError(400, undefined, 'Bad Request'), 'Bad Request'],
    ['the default', () => json(500, {}), 'Signup failed. Please try again.'],
    [
      'the no-response text',
      () => new TypeError('Failed to fetch'),
      'Cannot connect to the signup endpoint. Please check your backend configuration.',
    ],
  ])('shows %s when sign-up fails', async (_case, reply, text) => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/signup/': reply });
    renderApp('/signup');
    await fillStepOne(user, 'new@example.com', 'longenough', 'longenough');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
  });
});

describe('SignupPage step 2', () => {
  it('keeps only digits in the code and caps it at 6', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/signup/': () => json(201, { message: 'Code sent.' }) });
    renderApp('/signup');
    await reachStepTwo(user);
    const code = screen.getByLabelText(/^Verification Code/);
    expect(code).toHaveAttribute('placeholder', '000000');
    await user.type(code, '12a3-45 678');
    expect(code).toHaveValue('123456');
  });

  it.each([
    ['123 456', '123456'],
    ['Code: 674727', '674727'],
    ['Your code is 1234567', '123456'],
  ])('keeps the digits of a pasted "%s": %s', async (pasted, kept) => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/signup/': () => json(201, { message: 'Code sent.' }) });
    renderApp('/signup');
    await reachStepTwo(user);
    const code = screen.getByLabelText(/^Verification Code/);
    await user.click(code);
    await user.paste(pasted);
    expect(code).toHaveValue(kept);
  });

  it('asks for a valid code when it has fewer than 4 digits', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'POST /api/signup/': () => json(201, {}) });
    renderApp('/signup');
    await reachStepTwo(user);
    await user.type(screen.getByLabelText(/^Verification Code/), '123');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Signup' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid verification code.');
    expect(api.calls('POST /api/verify-otp/')).toHaveLength(0);
  });

  it.each([
    ['the default', () => json(400, {}), 'Verification failed. Please check your code and try again.'],
    ['the no-response text', () => new TypeError('Failed to fetch'), 'Cannot connect to the server. Please make sure your backend is running.'],
    ['the detail', () => apiError(400, 'The code has expired.'), 'The code has expired.'],
  ])('shows %s when verification fails', async (_case, reply, text) => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/signup/': () => json(201, {}), 'POST /api/verify-otp/': reply });
    renderApp('/signup');
    await reachStepTwo(user);
    await user.type(screen.getByLabelText(/^Verification Code/), '1234');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Signup' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows "Verifying...", then the success text, and goes to /login after 2 seconds', async () => {
    await preloadPage('/login', 'Welcome Back');
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => undefined;
    const api = mockFetch({
      'POST /api/signup/': () => json(201, {}),
      'POST /api/verify-otp/': () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    renderApp('/signup');
    await reachStepTwo(user);
    await user.type(screen.getByLabelText(/^Verification Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Signup' }));
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(api.calls('POST /api/verify-otp/')[0].json).toEqual({ email: 'new@example.com', otp: '123456' });

    vi.useFakeTimers();
    await act(async () => finish(json(200, {})));
    expect(screen.getByText('Account verified successfully! Redirecting to login...')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1900));
    expect(screen.getByTestId('location').textContent).toBe('/signup');
    await act(async () => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('repeats the sign-up call on "Resend Code" and returns to step 1 on "Back to Sign Up"', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'POST /api/signup/': () => json(201, {}) });
    renderApp('/signup');
    await reachStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(api.calls('POST /api/signup/')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Back to Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute('href', '/login');
  });
});
