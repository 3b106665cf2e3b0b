import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

function scrollTo(y: number) {
  Object.defineProperty(window, 'pageYOffset', { configurable: true, value: y });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    fireEvent.scroll(window);
  });
}

describe('LandingPage', () => {
  it('turns the top bar translucent only past 50 px', async () => {
    renderApp('/');
    const bar = (await screen.findByRole('navigation', { name: 'Main' })).closest('header') as HTMLElement;
    expect(bar).toHaveAttribute('data-translucent', 'false');
    // The scroll listener is attached by an effect that may run after the bar is found: scroll until it answers.
    await waitFor(() => {
      scrollTo(51);
      expect(bar).toHaveAttribute('data-translucent', 'true');
    });
    scrollTo(50);
    expect(bar).toHaveAttribute('data-translucent', 'false');
    scrollTo(51);
    expect(bar).toHaveAttribute('data-translucent', 'true');
    scrollTo(0);
  });

  it('shows six features, three testimonials and the copyright year', async () => {
    renderApp('/');
    const features = await screen.findByRole('region', { name: 'Everything your legal team needs' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const testimonials = screen.getByRole('region', { name: 'Trusted by legal professionals' });
    expect(within(testimonials).getAllByRole('blockquote')).toHaveLength(3);
    expect(screen.getByText(`© ${new Date().getFullYear()} Casewise. All rights reserved.`)).toBeInTheDocument();
  });

  it('links the calls to action to /signup, /login and /demo', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Legal Documents, Reimagined' });
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '/demo');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('opens the drawer menu from the menu button', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('list', { name: 'Menu' });
    expect(within(menu).getByText('Pricing')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });
});
