import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, json, type RecordedRequest } from '../test/fetch-mock';
import { renderApp } from '../test/render';
import { workspaceApi } from '../test/workspace-fixtures';

const KEY = { id: 'k1', name: 'Nightly batch', scope: 'read-write', status: 'active', expires_at: null, last_used_at: null, last_used_ip: null, created_at: '2026-03-02T09:00:00.000Z' };

describe('API keys', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'jwt');
  });

  it('creates a key shown once, lists keys without their secret, refuses a blank name, and revokes after a confirmation', async () => {
    const user = userEvent.setup();
    let keys: Record<string, unknown>[] = [];
    const api = workspaceApi([{ id: 'p1', name: 'Supply dispute', role: 'owner' }], {
      'GET /api/api-keys/': () => json(200, keys),
      'POST /api/api-keys/': (request: RecordedRequest) => {
        const body = request.json as { name: string; scope: string };
        if (body.name === 'Taken') return apiError(400, 'The key needs a name.');
        keys = [{ ...KEY, name: body.name, scope: body.scope }];
        return json(201, { ...keys[0], key: 'cwk_0123456789abcdef0123456789abcdef_secret' });
      },
      'DELETE /api/api-keys/k1/': () => {
        keys = [{ ...keys[0], status: 'revoked' }];
        return json(200, keys[0]);
      },
    });
    renderApp('/project/p1');
    await user.click(await screen.findByRole('button', { name: 'API keys' }));
    const dialog = await screen.findByRole('dialog', { name: 'API keys' });
    expect(await within(dialog).findByText('You have no API keys.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Key name/ }), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('The key needs a name.')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /Key name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Key name/ }), 'Nightly batch');
    await user.click(within(dialog).getByRole('combobox', { name: 'Access' }));
    await user.click(await screen.findByRole('option', { name: 'Read only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByLabelText('New API key')).toHaveTextContent('cwk_0123456789abcdef0123456789abcdef_secret');
    expect(api.calls('POST /api/api-keys/').at(-1)?.json).toEqual({ name: 'Nightly batch', scope: 'read' });
    const list = await within(dialog).findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('Nightly batch')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('cwk_');

    await user.click(within(list).getByRole('button', { name: 'Revoke Nightly batch' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “Nightly batch”?' });
    expect(api.calls('DELETE /api/api-keys/k1/')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.calls('DELETE /api/api-keys/k1/')).toHaveLength(1));
    expect(await within(list).findByText(/read only · revoked/)).toBeInTheDocument();
  });
});
