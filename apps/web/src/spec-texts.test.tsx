import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, deferred, json, mockFetch, pendingForever, type Reply, type Route } from './test/fetch-mock';
import { preloadPage, renderApp } from './test/render';
import { stubDownloads, workspaceApi as fixtureApi } from './test/workspace-fixtures';

/**
 * Every quoted UI text of the product spec's sections 2 (screens), 5 (validation) and 8 (errors), templates
 * as the spec writes them. Each one is the expected value of an assertion on a rendered screen below.
 */
const QUOTED = [
  '*',
  '1 file',
  'AI Assistant',
  'AI-Powered',
  'Account created successfully! A verification code has been sent to your email.',
  'Account verified successfully! Redirecting to login...',
  'Add Documents',
  'Already have an account? Sign in',
  'An error occurred while processing your request.',
  'Analysis',
  'Analyzing documents...',
  'Back to Login',
  'Back to Sign Up',
  'Cannot connect to the server. Please make sure your backend is running.',
  'Cannot connect to the signup endpoint. Please check your backend configuration.',
  'Case Summary',
  'Chat with AI',
  'Chat',
  'Code block detected',
  'Create Account',
  'Create New Password',
  'Create New Project',
  'Create Your Account',
  'Create Your First Project',
  'Create new project',
  'Creating Account...',
  'Delete document "{file name}"?',
  'Delete project',
  'Delete this project and all its files?',
  'Download PDF',
  'E.g. Legal Document Analysis',
  'Failed to create project',
  'Failed to delete document',
  'Failed to delete project',
  'Failed to download PDF.',
  'Failed to fetch documents',
  'Failed to fetch projects.',
  'Failed to generate case summary.',
  'Failed to generate liability analysis. Please try again.',
  'Failed to generate liability analysis.',
  'Failed to reset password',
  'Failed to reset password.',
  'Failed to send reset email',
  'Failed to upload some files:',
  'Forgot Password?',
  'Generate Case Summary',
  'Generate Liability Analysis',
  'Get Started',
  'Get started by creating your first project',
  'Identify potential risks',
  'Invalid projects data from server.',
  'Liability Analysis',
  'Loading documents...',
  'Login failed.',
  'Logout',
  'Manage Documents',
  'N Source(s)',
  'N files',
  'Next Step',
  'No Project Selected',
  'No documents added to this project yet',
  'No projects yet. Create your first project to get started.',
  'No token returned from backend.',
  'OTP sent to your email. Please check your inbox (and spam folder) for the reset code.',
  'Password must be at least 8 characters long.',
  'Password reset successful!',
  'Passwords do not match',
  'Passwords do not match.',
  'Please enter a valid email address.',
  'Please enter a valid verification code.',
  'Processing your documents...',
  'Project name is required',
  'Project name',
  'Projects',
  'Referenced Documents',
  'Resend Code',
  'Reset Password',
  'Reset Your Password',
  'Resetting...',
  'Select a project to start...',
  'Send Reset Code',
  'Sending...',
  'Sign In',
  'Sign Up',
  'Signing in...',
  'Signup failed. Please try again.',
  'Start Chat',
  'Summarize the main points',
  'These documents were used to generate the response',
  'Type your question or request...',
  'Unknown error occurred',
  'Upload Documents',
  'Upload and manage documents for your project. We support PDF, DOCX, and TXT files.',
  'Upload',
  'Uploading...',
  'Verification failed. Please check your code and try again.',
  'Verify & Complete Signup',
  'Verify Your Email',
  'Verifying...',
  'View Demo',
  'View code',
  'Welcome Back',
  'Welcome to {project name}',
  'What are my obligations?',
  'What are the key terms in this contract?',
  'You need to add documents first',
  '{file name}: {message}',
] as const;

/** Texts the same sections name without quotes (links, labels, cards, the counter), and section 7's file names. */
const NAMED = [
  'Features',
  'Pricing',
  'About',
  'Contact',
  'Login',
  'Get Started Today',
  'Watch Demo',
  'Product',
  'Company',
  'Resources',
  'Legal',
  'Email',
  'Password',
  'Confirm Password',
  'Verification Code',
  '000000',
  'Reset Code',
  'New Password',
  'OTP',
  'Create a Project',
  'Get Analysis',
  'Ask Questions',
  'Create Project',
  'Document Analysis',
  'Liability Assessment',
  'Smart Chat',
  'Detailed Insights',
  'Cancel',
  'Create project',
  'count/200',
  'case_summary_{id}.pdf',
  'liability_analysis_{id}.pdf',
] as const;

type SpecText = (typeof QUOTED)[number] | (typeof NAMED)[number];

/** Quoted texts that no screen can show, and why. */
const NOT_RENDERABLE: ReadonlyMap<SpecText, string> = new Map<SpecText, string>([
  [
    'Unknown error occurred',
    'every failed upload reaches the dialog as an error with a message (no response reads "Network error"), so ' +
      'the last fallback cannot show; document-manager-dialog.test.tsx checks it on uploadFailureMessage',
  ],
]);

const asserted = new Set<SpecText>();

/** A spec text as the expected value of an assertion; recorded so the last test can see that none was left out. */
function spec(text: SpecText): string {
  asserted.add(text);
  return text;
}

/** A spec template with its placeholders filled in, e.g. filled('N files', { N: '2' }) is '2 files'. */
function filled(template: SpecText, values: Record<string, string>): string {
  asserted.add(template);
  return Object.entries(values).reduce((text, [placeholder, value]) => text.split(placeholder).join(value), template as string);
}

/** The control whose label reads exactly this text (MUI puts the required asterisk in an element of its own). */
function field(text: SpecText): HTMLElement {
  const label = screen.getByText(spec(text), { selector: 'label' });
  const control = document.getElementById(label.getAttribute('for') ?? '');
  if (!control) throw new Error(`The label "${text}" names no control.`);
  return control;
}

/** Matches a text content equal to this text, and nothing longer. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Asserts that one alert on the screen reads exactly this text. */
async function expectAlert(text: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(text));
}

/** Answers each call with the next reply; the last one repeats. */
function inTurn(...replies: Array<() => Reply>): Route {
  let call = 0;
  return () => replies[Math.min(call++, replies.length - 1)]();
}

/** A 200 whose body is not JSON: the call fails for a reason other than the server's answer or the network. */
const unreadable = () => new Response('<html>', { status: 200, headers: { 'Content-Type': 'application/json' } });
const noResponse = () => new TypeError('Failed to fetch');

async function typeInto(user: UserEvent, control: HTMLElement, value: string) {
  await user.clear(control);
  if (value) {
    await user.click(control);
    await user.paste(value);
  }
}

const location = () => screen.getByTestId('location').textContent;

describe('Landing page (/)', () => {
  it('shows the bar links, the calls to action and the footer columns', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Legal Documents, Reimagined' });
    const bar = screen.getByRole('navigation', { name: 'Main' });
    for (const link of ['Features', 'Pricing', 'About', 'Contact'] as const) {
      expect(within(bar).getByRole('button', { name: spec(link) })).toBeInTheDocument();
    }
    expect(within(bar).getByRole('link', { name: spec('Login') })).toHaveAttribute('href', '/login');
    expect(within(bar).getByRole('link', { name: spec('Sign Up') })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: spec('Get Started') })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: spec('Get Started Today') })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: spec('Watch Demo') })).toHaveAttribute('href', '/demo');
    const footer = screen.getByRole('contentinfo');
    for (const column of ['Product', 'Company', 'Resources', 'Legal'] as const) {
      expect(within(footer).getByRole('heading', { name: spec(column) })).toBeInTheDocument();
    }
  });
});

describe('Login screen', () => {
  it('shows its title, its fields and its links', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: spec('Welcome Back') })).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Email')).toBeRequired();
    expect(field('Password')).toHaveAttribute('type', 'password');
    expect(field('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: spec('Sign In') })).toBeEnabled();
    expect(screen.getByRole('link', { name: spec('Sign Up') })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: spec('Forgot Password?') })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows "Signing in..." while busy, then each failure, and keeps the token under "token"', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot reload the page after sign-in
    const first = deferred();
    mockFetch({
      'POST /api/login/': inTurn(
        () => first.promise,
        () => json(500, {}),
        () => json(200, { token: 'jwt-1' }),
      ),
    });
    renderApp('/login');
    await typeInto(user, await screen.findByLabelText(/^Email/), 'counsel@example.com');
    await typeInto(user, field('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: spec('Signing in...') })).toBeDisabled();

    await act(async () => first.resolve(json(200, { message: 'ok' })));
    await expectAlert(spec('No token returned from backend.'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectAlert(spec('Login failed.'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('jwt-1'));
  });
});

describe('Sign-up (/signup)', () => {
  it('checks step 1 in the spec order and shows the busy text and each failure', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const api = mockFetch({
      'POST /api/signup/': inTurn(
        () => pending.promise,
        noResponse,
        unreadable,
      ),
    });
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: spec('Create Your Account') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: spec('Already have an account? Sign in') })).toHaveAttribute('href', '/login');
    const submit = () => user.click(screen.getByRole('button', { name: spec('Create Account') }));

    await typeInto(user, field('Email'), 'not-an-email');
    await typeInto(user, field('Password'), 'short');
    await typeInto(user, field('Confirm Password'), 'other');
    await submit();
    await expectAlert(spec('Passwords do not match.'));
    await typeInto(user, field('Confirm Password'), 'short');
    await submit();
    await expectAlert(spec('Password must be at least 8 characters long.'));
    await typeInto(user, field('Password'), 'longenough');
    await typeInto(user, field('Confirm Password'), 'longenough');
    await submit();
    await expectAlert(spec('Please enter a valid email address.'));
    expect(api.requests).toHaveLength(0);

    await typeInto(user, field('Email'), 'new@example.com');
    await submit();
    expect(screen.getByRole('button', { name: spec('Creating Account...') })).toBeDisabled();
    await act(async () => pending.resolve(json(500, {})));
    await expectAlert(spec('Signup failed. Please try again.'));
    await submit();
    await expectAlert(spec('Cannot connect to the signup endpoint. Please check your backend configuration.'));
    await submit();
    await expectAlert(spec('An error occurred while processing your request.'));
  });

  it('verifies the code in step 2, shows each failure, and goes to /login 2 seconds after success', async () => {
    await preloadPage('/login', 'Welcome Back');
    const user = userEvent.setup();
    const verified = deferred();
    mockFetch({
      'POST /api/signup/': () => json(201, {}),
      'POST /api/verify-otp/': inTurn(
        () => json(400, {}),
        noResponse,
        unreadable,
        () => verified.promise,
      ),
    });
    renderApp('/signup');
    await typeInto(user, await screen.findByLabelText(/^Email/), 'new@example.com');
    await typeInto(user, field('Password'), 'longenough');
    await typeInto(user, field('Confirm Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: spec('Verify Your Email') })).toBeInTheDocument();
    await expectAlert(spec('Account created successfully! A verification code has been sent to your email.'));
    expect(screen.getByRole('button', { name: spec('Resend Code') })).toBeEnabled();
    expect(screen.getByRole('button', { name: spec('Back to Sign Up') })).toBeEnabled();
    const code = field('Verification Code');
    expect(code).toHaveAttribute('placeholder', spec('000000'));
    await user.type(code, '12a3-45 678');
    expect(code).toHaveValue('123456');

    const verify = () => user.click(screen.getByRole('button', { name: spec('Verify & Complete Signup') }));
    await typeInto(user, code, '123');
    await verify();
    await expectAlert(spec('Please enter a valid verification code.'));
    await typeInto(user, code, '1234');
    await verify();
    await expectAlert(spec('Verification failed. Please check your code and try again.'));
    await verify();
    await expectAlert(spec('Cannot connect to the server. Please make sure your backend is running.'));
    await verify();
    await expectAlert(spec('An error occurred while processing your request.'));
    await verify();
    expect(screen.getByRole('button', { name: spec('Verifying...') })).toBeDisabled();

    vi.useFakeTimers();
    await act(async () => verified.resolve(json(200, {})));
    expect(screen.getByRole('alert')).toHaveTextContent(exactly(spec('Account verified successfully! Redirecting to login...')));
    await act(async () => vi.advanceTimersByTime(1999));
    expect(location()).toBe('/signup');
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('Forgot password (/forgot-password)', () => {
  it('walks both steps with their busy texts, failures and the 3-second redirect', async () => {
    await preloadPage('/login', 'Welcome Back');
    const user = userEvent.setup();
    const sending = deferred();
    const resetting = deferred();
    mockFetch({
      'POST /api/request-password-reset/': inTurn(
        () => sending.promise,
        () => json(200, {}),
      ),
      'POST /api/reset-password/': inTurn(
        () => json(500, {}),
        () => resetting.promise,
      ),
    });
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: spec('Reset Your Password') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: spec('Back to Login') })).toHaveAttribute('href', '/login');
    await typeInto(user, field('Email'), 'counsel@example.com');
    await user.click(screen.getByRole('button', { name: spec('Send Reset Code') }));
    expect(screen.getByRole('button', { name: spec('Sending...') })).toBeDisabled();
    await act(async () => sending.resolve(json(500, {})));
    await expectAlert(spec('Failed to send reset email'));
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));

    expect(await screen.findByRole('heading', { name: spec('Create New Password') })).toBeInTheDocument();
    await expectAlert(spec('OTP sent to your email. Please check your inbox (and spam folder) for the reset code.'));
    await typeInto(user, field('Reset Code'), '1234567890');
    await typeInto(user, field('New Password'), 'abc');
    await typeInto(user, field('Confirm Password'), 'abd');
    const submit = () => user.click(screen.getByRole('button', { name: spec('Reset Password') }));
    await submit();
    await expectAlert(spec('Passwords do not match'));
    await typeInto(user, field('Confirm Password'), 'abc');
    await submit();
    await expectAlert(spec('Failed to reset password'));
    await submit();
    expect(screen.getByRole('button', { name: spec('Resetting...') })).toBeDisabled();

    vi.useFakeTimers();
    await act(async () => resetting.resolve(json(200, {})));
    expect(screen.getByRole('alert')).toHaveTextContent(exactly(spec('Password reset successful!')));
    await act(async () => vi.advanceTimersByTime(2999));
    expect(location()).toBe('/forgot-password');
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('Alternate reset form (/reset-password)', () => {
  it('shows its fields and its two failure texts', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem('resetEmail', 'counsel@example.com');
    mockFetch({ 'POST /api/reset-password/': () => apiError(400, undefined, 'Bad Request') });
    renderApp('/reset-password');
    await typeInto(user, await screen.findByLabelText(/^OTP/), '654321');
    expect(field('OTP')).toBeRequired();
    await typeInto(user, field('New Password'), 'new-secret');
    await typeInto(user, field('Confirm Password'), 'other-secret');
    expect(screen.getByRole('note')).toHaveTextContent(/spam or junk folder/);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectAlert(spec('Passwords do not match.'));
    await typeInto(user, field('Confirm Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectAlert(spec('Failed to reset password.'));
  });
});

describe('Dashboard (/dashboard)', () => {
  it('shows the chip, the four-step guide with its actions and the four feature cards', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('token', 'jwt');
    renderApp('/dashboard');
    expect(await screen.findByText(spec('AI-Powered'))).toBeInTheDocument();
    const guide = screen.getByRole('region', { name: spec('Get Started') });
    for (const step of ['Create a Project', 'Upload Documents', 'Get Analysis', 'Ask Questions'] as const) {
      expect(within(guide).getByText(spec(step))).toBeInTheDocument();
    }
    expect(within(guide).getByRole('button', { name: spec('Create Project') })).toBeInTheDocument();
    const next = () => user.click(within(guide).getByRole('button', { name: spec('Next Step') }));
    await next();
    await next();
    expect(within(guide).getByRole('button', { name: spec('View Demo') })).toBeInTheDocument();
    await next();
    expect(within(guide).getByRole('button', { name: spec('Start Chat') })).toBeInTheDocument();
    await next();
    const ready = within(guide).getByText(/^You are ready to go\./).closest('[role="status"]') as HTMLElement;
    expect(within(ready).getByRole('button', { name: 'Create Project' })).toBeInTheDocument();
    const features = screen.getByRole('region', { name: 'Features' });
    for (const card of ['Document Analysis', 'Liability Assessment', 'Smart Chat', 'Detailed Insights'] as const) {
      expect(within(features).getByRole('heading', { name: spec(card) })).toBeInTheDocument();
    }
  });
});

const PROJECTS = [
  { id: 'p1', name: 'Supply dispute' },
  { id: 'p2', name: 'Office lease' },
];

const workspaceApi = (routes: Record<string, Route> = {}) => fixtureApi(PROJECTS, routes);

function signedIn() {
  window.localStorage.setItem('token', 'jwt');
}

describe('Projects workspace without projects', () => {
  it('welcomes the user, counts the description to 200 and opens the new project', async () => {
    const user = userEvent.setup();
    signedIn();
    mockFetch({
      'GET /api/projects/': () => json(200, []),
      'POST /api/projects/': (request) => json(201, { id: 'p9', ...(request.json as object) }),
      'GET /api/projects/p9/files/': () => json(200, { files: [] }),
      'GET /api/projects/p9/chat_history/': () => json(200, { history: [] }),
    });
    renderApp('/projects');
    const sidebar = await screen.findByRole('navigation', { name: 'Projects' });
    expect(await within(sidebar).findByText(spec('No projects yet. Create your first project to get started.'))).toBeInTheDocument();
    expect(within(sidebar).getByRole('heading', { name: spec('Projects') })).toBeInTheDocument();
    expect(screen.getByText(spec('AI Assistant'))).toBeInTheDocument();
    expect(screen.getByText(spec('Upload'))).toBeInTheDocument();
    expect(screen.getByText(spec('Logout'))).toBeInTheDocument();
    expect(screen.getByText(spec('Get started by creating your first project'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: spec('Create Your First Project') }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: spec('Create New Project') })).toBeInTheDocument();
    const name = field('Project name');
    expect(name).toHaveAttribute('placeholder', spec('E.g. Legal Document Analysis'));
    expect(within(dialog).getByRole('button', { name: spec('Cancel') })).toBeEnabled();
    const create = within(dialog).getByRole('button', { name: spec('Create project') });
    expect(create).toBeDisabled();
    await user.type(name, ' ');
    expect(within(dialog).getByText(spec('Project name is required'))).toBeInTheDocument();
    expect(create).toBeDisabled();

    expect(within(dialog).getByText(filled('count/200', { count: '0' }))).toBeInTheDocument();
    const description = within(dialog).getByLabelText(/^Description/);
    await user.type(description, 'abc');
    expect(within(dialog).getByText(filled('count/200', { count: '3' }))).toBeInTheDocument();
    await user.paste('x'.repeat(250));
    expect(description).toHaveValue(`abc${'x'.repeat(197)}`);
    expect(within(dialog).getByText(filled('count/200', { count: '200' }))).toBeInTheDocument();

    await typeInto(user, name, 'Merger review');
    await user.click(create);
    expect(
      await screen.findByRole('heading', { name: filled('Welcome to {project name}', { '{project name}': 'Merger review' }) }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: spec('Upload Documents') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: spec('Manage Documents') })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: spec('Chat with AI') })).toBeInTheDocument();
  });

  it.each([
    ['Failed to fetch projects.', () => json(500, {})],
    ['Invalid projects data from server.', () => json(200, { items: [] })],
  ] as const)('shows "%s" in the sidebar when the list cannot be used', async (text, reply) => {
    signedIn();
    mockFetch({ 'GET /api/projects/': reply });
    renderApp('/projects');
    const sidebar = await screen.findByRole('navigation', { name: 'Projects' });
    expect(await within(sidebar).findByRole('alert')).toHaveTextContent(exactly(spec(text)));
  });
});

describe('Projects workspace with projects', () => {
  it('shows the tabs, the sidebar dialog and menu, and their failure texts', async () => {
    const user = userEvent.setup();
    signedIn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    workspaceApi({
      'POST /api/projects/': () => apiError(500, 'Internal error'),
      'DELETE /api/projects/p2/': () => json(500, {}),
    });
    renderApp('/projects');
    expect(await screen.findByRole('heading', { name: spec('No Project Selected') })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', spec('Select a project to start...'));
    expect(screen.getByRole('tab', { name: spec('Chat') })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: spec('Analysis') })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: spec('Create new project') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Create new project' })).toBeInTheDocument();
    await user.type(field('Project name'), 'Another');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(exactly(spec('Failed to create project')));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Options for Office lease' }));
    await user.click(screen.getByRole('menuitem', { name: spec('Delete project') }));
    expect(confirm).toHaveBeenCalledWith(spec('Delete this project and all its files?'));
    await expectAlert(spec('Failed to delete project'));

    await user.click(screen.getByText('Supply dispute'));
    expect(await screen.findByText('Documents Added')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Analysis' })).toBeEnabled();
  });

  it('offers the four suggestions and warns that documents are needed first, for 5000 ms', async () => {
    const user = userEvent.setup();
    signedIn();
    const api = workspaceApi();
    renderApp('/project/p2');
    for (const question of [
      'What are the key terms in this contract?',
      'Summarize the main points',
      'What are my obligations?',
      'Identify potential risks',
    ] as const) {
      expect(await screen.findByRole('button', { name: spec(question) })).toBeInTheDocument();
    }
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveAttribute('placeholder', spec('Type your question or request...'));
    await typeInto(user, input, 'What is the notice period?');

    vi.useFakeTimers();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent(exactly(spec('You need to add documents first')));
    const toast = screen.getByRole('alert');
    // The toast fades out (opacity 0) from the moment it hides, then leaves the page.
    await act(async () => vi.advanceTimersByTime(4999));
    expect(toast).toHaveStyle({ opacity: '1' });
    await act(async () => vi.advanceTimersByTime(1));
    expect(toast).toHaveStyle({ opacity: '0' });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('You need to add documents first')).not.toBeInTheDocument();
    expect(api.calls('POST /api/projects/p2/qa/')).toHaveLength(0);
  });

  it('shows the sources, the collapsed code and the pending answer', async () => {
    const user = userEvent.setup();
    signedIn();
    workspaceApi({
      'GET /api/projects/p1/chat_history/': () =>
        json(200, {
          history: [
            {
              _id: 'h1',
              message: 'When is delivery due?',
              response: 'Within 30 days.\n```\nclause 4.1\n```',
              context: ['msa.pdf', 'schedule-a.txt'],
              citations: [{ file: 'msa.pdf', page: 4, start: 0, end: 20, quote: 'within thirty (30) days' }],
            },
          ],
        }),
      'POST /api/projects/p1/qa/': () => pendingForever(),
    });
    renderApp('/project/p1');
    await user.click(await screen.findByRole('button', { name: filled('N Source(s)', { N: '2' }) }));
    const popover = screen.getByRole('dialog', { name: spec('Referenced Documents') });
    expect(within(popover).getByRole('heading', { name: 'Referenced Documents' })).toBeInTheDocument();
    expect(within(popover).getByText(spec('These documents were used to generate the response'))).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByText(spec('Code block detected'))).toBeInTheDocument();
    expect(screen.queryByText('clause 4.1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: spec('View code') }));
    expect(screen.getByText('clause 4.1')).toBeInTheDocument();

    await typeInto(user, screen.getByRole('textbox', { name: 'Message' }), 'And the price?');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(spec('Analyzing documents...'))).toBeInTheDocument();
  });
});

const upload = (name: string) => new File(['contract text'], name, { type: 'text/plain' });

describe('Document Manager dialog', () => {
  it('shows the loading and empty states, the upload progress and each failed file', async () => {
    // The input accepts '*', which user-event's accept filter would otherwise read as matching nothing.
    const user = userEvent.setup({ applyAccept: false });
    signedIn();
    const listing = deferred();
    const secondUpload = deferred();
    workspaceApi({
      'GET /api/projects/p2/files/': inTurn(
        () => json(200, { files: [] }),
        () => listing.promise,
        () => json(200, { files: ['lease.txt'] }),
      ),
      'POST /api/upload/': inTurn(
        () => apiError(415, 'This file type is not supported.', 'Unsupported file type'),
        () => secondUpload.promise,
      ),
    });
    renderApp('/project/p2');
    await screen.findByRole('heading', { name: 'Welcome to Casewise AI Assistant' });
    await user.click(screen.getByRole('button', { name: 'Upload documents' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(spec('Upload and manage documents for your project. We support PDF, DOCX, and TXT files.'))).toBeInTheDocument();
    expect(within(dialog).getByText(spec('Loading documents...'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Choose documents to upload')).toHaveAttribute('accept', spec('*'));

    await act(async () => listing.resolve(json(200, { files: [] })));
    expect(within(dialog).getByText(spec('No documents added to this project yet'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: spec('Add Documents') })).toBeEnabled();

    await user.upload(within(dialog).getByLabelText('Choose documents to upload'), [upload('scan.exe'), upload('lease.txt')]);
    expect(await within(dialog).findByRole('button', { name: spec('Uploading...') })).toBeDisabled();
    expect(within(dialog).getByText(spec('Processing your documents...'))).toBeInTheDocument();
    await act(async () => secondUpload.resolve(json(201, {})));

    expect(await within(dialog).findByText(spec('Failed to upload some files:'))).toBeInTheDocument();
    const failures = within(dialog).getByRole('alert');
    expect(within(failures).getByText(exactly(spec('Failed to upload some files:')))).toBeInTheDocument();
    expect(within(failures).getByRole('listitem')).toHaveTextContent(
      exactly(filled('{file name}: {message}', { '{file name}': 'scan.exe', '{message}': 'Unsupported file type' })),
    );
    expect(within(dialog).getByRole('button', { name: spec('Upload Documents') })).toBeEnabled();
    expect(within(dialog).getByText(spec('1 file'))).toBeInTheDocument();
  });

  it('counts the files, asks before a deletion and shows the list and deletion failures', async () => {
    const user = userEvent.setup();
    signedIn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    workspaceApi({
      'GET /api/projects/p1/files/': inTurn(
        () => json(200, { files: ['msa.pdf', 'nda.txt'] }),
        () => json(200, { files: ['msa.pdf', 'nda.txt'] }),
        () => json(500, {}),
      ),
      'DELETE /api/projects/p1/files/msa.pdf/': () => json(500, {}),
    });
    renderApp('/project/p1');
    await screen.findByText('Documents Added');
    await user.click(screen.getByRole('button', { name: 'Upload documents' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(filled('N files', { N: '2' }))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete msa.pdf' }));
    expect(confirm).toHaveBeenCalledWith(filled('Delete document "{file name}"?', { '{file name}': 'msa.pdf' }));
    await expectAlert(spec('Failed to delete document'));

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Upload documents' }));
    await expectAlert(spec('Failed to fetch documents'));
  });
});

describe('Analysis panel', () => {
  it('shows both columns, each generation failure, the download failure and the spec file names', async () => {
    const user = userEvent.setup();
    signedIn();
    const saved = stubDownloads();
    workspaceApi({
      'POST /api/generate_case_summary/': inTurn(
        () => apiError(500, 'Model unavailable', 'Model unavailable'),
        () => json(200, { summary: 'Summary text.' }),
      ),
      'POST /api/generate_liability_analysis/': inTurn(
        () => json(500, {}),
        () => json(200, { status: 'error' }),
        () => json(200, { status: 'success', analysis: 'Low risk.' }),
      ),
      'GET /api/download/case-summary-pdf/': inTurn(
        () => apiError(404, 'No report'),
        () => new Response('%PDF-1.7', { status: 200 }),
      ),
      'GET /api/download/liability-analysis-pdf/': () => new Response('%PDF-1.7', { status: 200 }),
    });
    renderApp('/project/p1');
    await screen.findByText('Documents Added');
    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    const summary = screen.getByRole('region', { name: spec('Case Summary') });
    const liability = screen.getByRole('region', { name: spec('Liability Analysis') });
    for (const column of [summary, liability]) {
      expect(within(column).getByText(spec('Download PDF')).closest('button')).toBeDisabled();
    }

    const generateSummary = () => user.click(within(summary).getByRole('button', { name: spec('Generate Case Summary') }));
    const generateLiability = () => user.click(within(liability).getByRole('button', { name: spec('Generate Liability Analysis') }));
    await generateSummary();
    expect(await within(summary).findByRole('alert')).toHaveTextContent(exactly(spec('Failed to generate case summary.')));
    await generateLiability();
    expect(await within(liability).findByRole('alert')).toHaveTextContent(
      exactly(spec('Failed to generate liability analysis. Please try again.')),
    );
    await generateLiability();
    expect(await within(liability).findByRole('alert')).toHaveTextContent(exactly(spec('Failed to generate liability analysis.')));

    await generateSummary();
    await within(summary).findByText('Summary text.');
    await user.click(within(summary).getByText('Download PDF'));
    expect(await within(summary).findByRole('alert')).toHaveTextContent(exactly(spec('Failed to download PDF.')));
    expect(within(liability).queryByText('Failed to download PDF.')).not.toBeInTheDocument();

    await user.click(within(summary).getByText('Download PDF'));
    await generateLiability();
    await within(liability).findByText('Low risk.');
    await user.click(within(liability).getByText('Download PDF'));
    await waitFor(() =>
      expect(saved).toEqual([
        filled('case_summary_{id}.pdf', { '{id}': 'p1' }),
        filled('liability_analysis_{id}.pdf', { '{id}': 'p1' }),
      ]),
    );
  });
});

describe('spec coverage', () => {
  it('has asserted every quoted and named text of the spec on a rendered screen', () => {
    const missing = [...QUOTED, ...NAMED].filter((text) => !asserted.has(text) && !NOT_RENDERABLE.has(text));
    expect(missing).toEqual([]);
    expect([...NOT_RENDERABLE.keys()].filter((text) => asserted.has(text))).toEqual([]);
  });
});
