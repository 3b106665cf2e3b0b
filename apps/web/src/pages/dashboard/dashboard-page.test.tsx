import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

describe('DashboardPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'jwt');
  });

  it('shows the banner chip, four steps and four feature cards', async () => {
    renderApp('/dashboard');
    expect(await screen.findByText('AI-Powered')).toBeInTheDocument();
    for (const step of ['Create a Project', 'Upload Documents', 'Get Analysis', 'Ask Questions']) {
      expect(screen.getByText(step)).toBeInTheDocument();
    }
    for (const card of ['Document Analysis', 'Liability Assessment', 'Smart Chat', 'Detailed Insights']) {
      expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
    }
  });

  it('advances with "Next Step" and offers Create Project after the last step', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByText('AI-Powered');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(screen.getByRole('button', { name: 'View Demo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(screen.getByRole('button', { name: 'Start Chat' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(screen.getByText(/^You are ready to go./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next Step' })).not.toBeInTheDocument();
  });

  it('goes to /projects from a step action', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/projects/': () => json(200, []) });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Create Project' }));
    expect(await screen.findByRole('button', { name: 'Create Your First Project' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/projects');
  });
});
