import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from './test/fetch-mock';
import { renderApp } from './test/render';

const location = () => screen.getByTestId('location').textContent;

describe('route guards', () => {
  it.each(['/dashboard', '/projects', '/project/p1'])('sends an anonymous visitor from %s to /login', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it.each(['/login', '/signup', '/forgot-password', '/reset-password'])(
    'sends a signed-in user from %s to /dashboard',
    async (path) => {
      window.localStorage.setItem('token', 'jwt');
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Welcome to Casewise' })).toBeInTheDocument();
      expect(location()).toBe('/dashboard');
    },
  );

  it.each(['/forgot-password', '/reset-password', '/signup'])('keeps %s public for anonymous visitors', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('button', { name: /reset|send|create account/i })).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it.each(['/demo', '/no/such/page'])('sends %s to the landing page', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Legal Documents, Reimagined' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('clears the token and returns to /login when an authenticated call gets a 401', async () => {
    window.localStorage.setItem('token', 'expired');
    mockFetch({ 'GET /api/projects/': () => json(401, { statusCode: 401, detail: 'Unauthorized', error: 'Unauthorized' }) });
    renderApp('/projects');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(location()).toBe('/login');
  });
});
