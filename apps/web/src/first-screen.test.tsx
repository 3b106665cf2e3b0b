import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadPageAt } from './app';
import { renderApp } from './test/render';

// Each test file has modules of its own: no screen below was shown before these tests.
describe('the app’s first render', () => {
  it('shows a screen whose chunk came before it at once, with no loader in its place', async () => {
    await preloadPageAt('/login');
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  });

  it('shows the loader for a screen whose chunk has not come, then the screen', async () => {
    renderApp('/signup');
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
  });

  it('loads nothing for an address without a screen of its own, and goes on', async () => {
    await expect(preloadPageAt('/no/such/screen')).resolves.toBeUndefined();
  });
});
