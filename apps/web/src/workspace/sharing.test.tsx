import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, json, type RecordedRequest } from '../test/fetch-mock';
import { renderApp } from '../test/render';
import { workspaceApi } from '../test/workspace-fixtures';

const OWNER = { user_id: 'u1', email: 'partner@firm.example', role: 'owner', added_at: '2026-03-02T09:00:00.000Z' };
const EDITOR = { user_id: 'u2', email: 'associate@firm.example', role: 'editor', added_at: '2026-03-02T09:05:00.000Z' };

describe('sharing a project', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'jwt');
  });

  it('lets the owner add a person by address, change a role and remove them, showing the server’s refusals', async () => {
    const user = userEvent.setup();
    let members = [OWNER];
    const api = workspaceApi([{ id: 'p1', name: 'Supply dispute', role: 'owner' }], {
      'GET /api/projects/p1/members/': () => json(200, { members }),
      'POST /api/projects/p1/members/': (request: RecordedRequest) => {
        const body = request.json as { email: string; role: string };
        if (body.email === 'outsider@other.example') return apiError(400, 'No one in your firm has an account with this address.');
        members = [OWNER, { ...EDITOR, email: body.email, role: body.role }];
        return json(201, { members });
      },
      'PATCH /api/projects/p1/members/u2/': (request: RecordedRequest) => {
        members = [OWNER, { ...EDITOR, role: (request.json as { role: string }).role }];
        return json(200, { members });
      },
      'DELETE /api/projects/p1/members/u2/': () => {
        members = [OWNER];
        return json(200, { members });
      },
    });
    renderApp('/project/p1');
    await user.click(await screen.findByRole('button', { name: 'Share project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Supply dispute”' });
    const people = await within(dialog).findByRole('list', { name: 'People with access' });
    expect(within(people).getByText('partner@firm.example')).toBeInTheDocument();
    expect(within(people).getByText('Owner')).toBeInTheDocument();

    const address = within(dialog).getByLabelText(/Email of a person in your firm/);
    await user.type(address, 'outsider@other.example');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('No one in your firm has an account with this address.')).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'associate@firm.example');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(people).findByText('associate@firm.example')).toBeInTheDocument();
    expect(api.calls('POST /api/projects/p1/members/').at(-1)?.json).toEqual({ email: 'associate@firm.example', role: 'editor' });
    expect(address).toHaveValue('');

    await user.click(within(dialog).getByRole('combobox', { name: 'Role of associate@firm.example' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await waitFor(() => expect(api.calls('PATCH /api/projects/p1/members/u2/')).toHaveLength(1));
    expect(api.calls('PATCH /api/projects/p1/members/u2/')[0].json).toEqual({ role: 'viewer' });

    await user.click(within(dialog).getByRole('button', { name: 'Remove associate@firm.example' }));
    await waitFor(() => expect(within(people).queryByText('associate@firm.example')).not.toBeInTheDocument());
  });

  it('shows a viewer the members read-only, a Viewer badge, and disables upload and report generation with the reason', async () => {
    const user = userEvent.setup();
    workspaceApi([{ id: 'p1', name: 'Supply dispute', role: 'viewer' }], {
      'GET /api/projects/p1/members/': () => json(200, { members: [OWNER, { ...EDITOR, user_id: 'u3', email: 'me@firm.example', role: 'viewer' }] }),
    });
    renderApp('/project/p1');
    expect(await screen.findByText('Viewer')).toBeInTheDocument();
    expect(screen.getByText('Shared with you · Viewer')).toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload documents' });
    expect(upload).toBeDisabled();
    await user.hover(upload.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Viewers cannot upload documents to this project.');

    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    const generate = await screen.findByRole('button', { name: 'Generate Case Summary' });
    expect(generate).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate Liability Analysis' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Share project' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('me@firm.example')).toBeInTheDocument();
    expect(within(dialog).getByText("Only the project's owner or a firm administrator can change who has access.")).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('keeps the owner’s controls as they were', async () => {
    workspaceApi([{ id: 'p1', name: 'Supply dispute', role: 'owner' }]);
    renderApp('/project/p1');
    await screen.findByRole('button', { name: 'Share project' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload documents' })).toBeEnabled());
    expect(screen.queryByText(/Shared with you/)).not.toBeInTheDocument();
    expect(screen.queryByText('Viewer')).not.toBeInTheDocument();
  });
});
