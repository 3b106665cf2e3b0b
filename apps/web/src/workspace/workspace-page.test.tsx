import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, use } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, pendingForever, type Route } from '../test/fetch-mock';
import { startEarlyRequests, takeEarly } from '../api/early';
import { renderApp, renderWithRouter } from '../test/render';
import { workspaceApi as fixtureApi } from '../test/workspace-fixtures';
import WorkspacePage from './workspace-page';

const PROJECTS = [
  { id: 'p1', name: 'Supply dispute', description: '' },
  { _id: 'p2', name: 'Office lease' },
];

const workspaceApi = (extra: Record<string, Route> = {}) => fixtureApi(PROJECTS, extra);

const location = () => screen.getByTestId('location').textContent;

/** Starts the page's early requests for p1 (its conversation holding one answer) and waits until they have answered. */
async function earlyAnswersForP1(): Promise<ReturnType<typeof workspaceApi>> {
  const api = workspaceApi({
    'GET /api/projects/p1/chat_history/': () => json(200, { history: [{ _id: 'h1', message: 'Who pays?', response: 'The buyer pays.' }] }),
  });
  startEarlyRequests('/project/p1');
  await waitFor(() => expect(api.requests).toHaveLength(3));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return api;
}

describe('WorkspacePage', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'jwt');
  });

  it('lists projects by first letter and name, from either id field, and selects one by URL', async () => {
    const user = userEvent.setup();
    const api = workspaceApi();
    renderApp('/projects');
    const sidebar = await screen.findByRole('navigation', { name: 'Projects' });
    expect(await within(sidebar).findByText('Supply dispute')).toBeInTheDocument();
    expect(within(sidebar).getByText('S')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Project Selected' })).toBeInTheDocument();

    await user.click(within(sidebar).getByText('Office lease'));
    await waitFor(() => expect(location()).toBe('/project/p2'));
    expect(within(sidebar).getByText('Office lease').closest('[aria-current="page"]')).not.toBeNull();
    expect(api.requests[0].headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('renders a project opened by its address with what the early requests brought, with no empty render before', async () => {
    const api = await earlyAnswersForP1();
    // Each state of the page as it is committed: the first with the workspace's tabs must hold the answer already.
    const seen: { loading: boolean; tabs: boolean; answer: boolean; badge: boolean }[] = [];
    const observer = new MutationObserver(() => {
      seen.push({
        loading: screen.queryAllByRole('progressbar', { name: 'Loading projects' }).length > 0,
        tabs: screen.queryByRole('tablist', { name: 'Workspace sections' }) !== null,
        answer: screen.queryByText('The buyer pays.') !== null,
        badge: screen.queryByText('Documents Added') !== null,
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderApp('/project/p1');
      expect(await screen.findByText('The buyer pays.')).toBeInTheDocument();
    } finally {
      observer.disconnect();
    }
    expect(seen.some((state) => state.loading)).toBe(false);
    expect(seen.find((state) => state.tabs)).toEqual({ loading: false, tabs: true, answer: true, badge: true });
    expect(screen.getByRole('tab', { name: 'Analysis' })).toBeEnabled();
    // Nothing asked twice; and what was shown is handed out once: a later load asks again.
    expect(api.requests).toHaveLength(3);
    expect(await takeEarly<unknown>('projects', () => Promise.resolve('asked again'))).toBe('asked again');
  });

  it('shows what the early requests brought when React throws its first render away and renders again, asking nothing twice', async () => {
    const api = await earlyAnswersForP1();
    // A sibling that suspends once: React commits the fallback and renders the workspace again from the start,
    // its first render (the state it read) thrown away, as it does when a render is interrupted.
    const gate = new Promise<void>((resolve) => setTimeout(resolve, 20));
    const SuspendsOnce = (): null => {
      use(gate);
      return null;
    };
    let loadingShown = false;
    const observer = new MutationObserver(() => {
      if (screen.queryAllByRole('progressbar', { name: 'Loading projects' }).length > 0) loadingShown = true;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await act(async () => {
        renderWithRouter(
          <Suspense fallback={<p>Opening the matter</p>}>
            <WorkspacePage onLogout={() => undefined} />
            <SuspendsOnce />
          </Suspense>,
          '/project/p1',
        );
        await gate;
      });
      expect(await screen.findByText('The buyer pays.')).toBeInTheDocument();
      expect(await screen.findByText('Documents Added')).toBeInTheDocument();
    } finally {
      observer.disconnect();
    }
    expect(loadingShown).toBe(false);
    expect(api.requests).toHaveLength(3);
    // Claimed once the workspace showed it: a later load asks again.
    expect(await takeEarly<unknown>('projects', () => Promise.resolve('asked again'))).toBe('asked again');
  });

  it('shows "Documents Added" and enables Analysis only when the project has files', async () => {
    workspaceApi();
    renderApp('/project/p1');
    expect(await screen.findByText('Documents Added')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Analysis' })).toBeEnabled();
  });

  it('keeps Analysis disabled for a project without files', async () => {
    workspaceApi();
    renderApp('/project/p2');
    await screen.findByRole('heading', { name: /Welcome to Casewise AI Assistant/ });
    expect(screen.getByRole('tab', { name: 'Analysis' })).toBeDisabled();
    expect(screen.queryByText('Documents Added')).not.toBeInTheDocument();
  });

  it('redirects a project URL that is not in the list to /', async () => {
    workspaceApi();
    renderApp('/project/unknown');
    expect(await screen.findByRole('heading', { name: 'Legal Documents, Reimagined' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows the no-projects welcome and the sidebar empty text', async () => {
    mockFetch({ 'GET /api/projects/': () => json(200, []) });
    renderApp('/projects');
    expect(await screen.findByText('No projects yet. Create your first project to get started.')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first project')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /projects$/ })).toBeNull();
  });

  it.each([
    ['the fallback', () => json(500, {}), 'Failed to fetch projects.'],
    ['the invalid-data text', () => json(200, { items: [] }), 'Invalid projects data from server.'],
    ['the invalid-data text for items without a name', () => json(200, [{ id: 'x' }]), 'Invalid projects data from server.'],
  ])('shows %s when the list cannot be used, and treats it as no projects', async (_case, reply, text) => {
    mockFetch({ 'GET /api/projects/': reply });
    renderApp('/projects');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First Project' })).toBeInTheDocument();
  });

  it('shows a spinner while the projects load', async () => {
    mockFetch({ 'GET /api/projects/': () => pendingForever() });
    renderApp('/projects');
    expect((await screen.findAllByLabelText('Loading projects')).length).toBeGreaterThan(0);
  });

  it('creates the first project with a description capped at 200 characters and opens its welcome state', async () => {
    const user = userEvent.setup();
    let projects: unknown[] = [];
    const api = mockFetch({
      'GET /api/projects/': () => json(200, { projects }),
      'POST /api/projects/': (request) => {
        projects = [{ id: 'p9', ...(request.json as object) }];
        return json(201, projects[0]);
      },
      'GET /api/projects/p9/files/': () => json(200, { files: [] }),
      'GET /api/projects/p9/chat_history/': () => json(200, { history: [] }),
    });
    renderApp('/projects');
    await user.click(await screen.findByRole('button', { name: 'Create Your First Project' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Create New Project' })).toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Create project' });
    expect(create).toBeDisabled();
    const name = within(dialog).getByLabelText(/^Project name/);
    expect(name).toHaveAttribute('placeholder', 'E.g. Legal Document Analysis');
    await user.type(name, '   ');
    expect(create).toBeDisabled();
    await user.type(name, 'Merger review ');
    const description = within(dialog).getByLabelText(/^Description/);
    await user.click(description);
    await user.paste('x'.repeat(250));
    expect(description).toHaveValue('x'.repeat(200));
    expect(within(dialog).getByText('200/200')).toBeInTheDocument();
    await user.click(create);

    expect(await screen.findByRole('heading', { name: 'Welcome to Merger review' })).toBeInTheDocument();
    expect(location()).toBe('/project/p9');
    expect(api.calls('POST /api/projects/')[0].json).toEqual({ name: 'Merger review', description: 'x'.repeat(200) });
    expect(screen.getByRole('button', { name: 'Manage Documents' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Chatting' }));
    // Once its (empty) history has come: before that the chat cannot tell it has no messages.
    expect(await screen.findByRole('heading', { name: 'Welcome to Casewise AI Assistant' })).toBeInTheDocument();
  });

  it('puts a new project first in the sidebar, where the server\'s newest-first list puts it after a reload', async () => {
    const user = userEvent.setup();
    workspaceApi({
      'POST /api/projects/': () => json(201, { id: 'p3', name: 'Merger review', description: '', role: 'owner' }),
      'GET /api/projects/p3/files/': () => json(200, { files: [] }),
      'GET /api/projects/p3/chat_history/': () => json(200, { history: [] }),
    });
    renderApp('/projects');
    const sidebar = await screen.findByRole('navigation', { name: 'Projects' });
    await within(sidebar).findByText('Supply dispute');
    await user.click(within(sidebar).getByRole('button', { name: 'Create new project' }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText(/^Project name/), 'Merger review');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(location()).toBe('/project/p3'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const names = within(sidebar)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(names).toEqual(['Merger review', 'Supply dispute', 'Office lease']);
  });

  it('says "Project name is required" once a blank name has been entered', async () => {
    const user = userEvent.setup();
    workspaceApi();
    renderApp('/projects');
    await user.click(await screen.findByRole('button', { name: 'Create new project' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Create new project' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Description/)).toBeNull();
    const name = within(dialog).getByLabelText(/^Project name/);
    expect(within(dialog).queryByText('Project name is required')).toBeNull();
    await user.type(name, ' ');
    expect(name).toHaveAccessibleDescription('Project name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Create project' })).toBeDisabled();
  });

  it.each([
    ['the error field', () => apiError(409, 'A project with this name exists.', 'Duplicate name'), 'Duplicate name'],
    ['"Failed to create project"', () => apiError(500, 'Internal error'), 'Failed to create project'],
  ])('shows %s inline when creation fails', async (_case, reply, text) => {
    const user = userEvent.setup();
    workspaceApi({ 'POST /api/projects/': reply });
    renderApp('/projects');
    await user.click(await screen.findByRole('button', { name: 'Create new project' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Project name/), 'Another');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/"/g, '')}$`));
  });

  it('asks before deleting a project and resets the selection when it was selected', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    workspaceApi({ 'DELETE /api/projects/p1/': () => json(200, {}) });
    renderApp('/project/p1');
    await user.click(await screen.findByRole('button', { name: 'Options for Supply dispute' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete project' }));
    expect(confirm).toHaveBeenCalledWith('Delete this project and all its files?');
    await waitFor(() => expect(location()).toBe('/projects'));
    expect(screen.queryByText('Supply dispute')).not.toBeInTheDocument();
  });

  it('shows "Failed to delete project" in an alert when deletion fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    workspaceApi({ 'DELETE /api/projects/p2/': () => json(500, {}) });
    renderApp('/projects');
    await user.click(await screen.findByRole('button', { name: 'Options for Office lease' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete project');
  });

  it('moves to Analysis after the document manager closes on a project with documents', async () => {
    const user = userEvent.setup();
    workspaceApi();
    renderApp('/project/p1');
    await screen.findByText('Documents Added');
    await user.click(screen.getByRole('button', { name: 'Upload documents' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('1 file');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByRole('button', { name: 'Generate Case Summary' })).toBeInTheDocument();
  });

  it('shows the reports generated in this session when the Analysis tab is opened again', async () => {
    const user = userEvent.setup();
    const api = workspaceApi({
      'POST /api/generate_liability_analysis/': () =>
        json(200, { status: 'success', analysis: '## Risk register\n\n| Risk | Severity |\n| --- | --- |\n| Uncapped indemnity | High |' }),
    });
    renderApp('/project/p1');
    await screen.findByText('Documents Added');
    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    await user.click(screen.getByRole('button', { name: 'Generate Liability Analysis' }));
    expect(await screen.findByRole('cell', { name: 'Uncapped indemnity' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Chat' }));
    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    expect(screen.getByRole('cell', { name: 'Uncapped indemnity' })).toBeInTheDocument();

    const sidebar = screen.getByRole('navigation', { name: 'Projects' });
    await user.click(within(sidebar).getByText('Office lease'));
    await waitFor(() => expect(location()).toBe('/project/p2'));
    expect(screen.queryByRole('cell', { name: 'Uncapped indemnity' })).toBeNull();
    await user.click(within(sidebar).getByText('Supply dispute'));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Analysis' })).toBeEnabled());
    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    const liability = screen.getByRole('region', { name: 'Liability Analysis result' });
    expect(await within(liability).findByRole('cell', { name: 'Uncapped indemnity' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download PDF of the liability analysis/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Download PDF of the case summary/ })).toBeDisabled();
    expect(api.calls('POST /api/generate_liability_analysis/')).toHaveLength(1);
  });

  it('hides and shows the sidebar with the toggle', async () => {
    const user = userEvent.setup();
    workspaceApi();
    renderApp('/projects');
    await user.click(await screen.findByRole('button', { name: 'Hide projects' }));
    expect(screen.getByRole('button', { name: 'Show projects' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the logout state for 3 seconds, then ends the session on the server, clears the token and goes to /login', async () => {
    const api = workspaceApi({ 'POST /api/logout/': () => json(200, { message: 'You have been logged out.' }) });
    renderApp('/projects');
    const logout = await screen.findByRole('button', { name: 'Logout' });
    vi.useFakeTimers();
    await act(async () => logout.click());
    expect(screen.getByText('Logging out...')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(window.localStorage.getItem('token')).toBe('jwt');
    expect(api.calls('POST /api/logout/')).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(100));
    expect(window.localStorage.getItem('token')).toBeNull();
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST /api/logout/')).toHaveLength(1));
    expect(api.calls('POST /api/logout/')[0].headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('logs out locally even when the server cannot be reached', async () => {
    workspaceApi({ 'POST /api/logout/': () => new TypeError('Failed to fetch') });
    renderApp('/projects');
    const logout = await screen.findByRole('button', { name: 'Logout' });
    vi.useFakeTimers();
    await act(async () => logout.click());
    await act(async () => vi.advanceTimersByTime(3000));
    expect(window.localStorage.getItem('token')).toBeNull();
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});
