import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { AppRoutes } from '../app';
import { theme } from '../theme';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders the whole app at a path, with the current path readable from the "location" test id. */
export function renderApp(path: string) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

export function renderWithRouter(ui: ReactElement, path = '/') {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/**
 * Renders the app once at `path` and waits for `heading`, so that page's lazy chunk is resolved. A navigation
 * to a page whose chunk is still loading keeps the previous screen and path on show, which would hide a
 * redirect that comes too early.
 */
export async function preloadPage(path: string, heading: string): Promise<void> {
  const { unmount } = renderApp(path);
  await screen.findByRole('heading', { name: heading });
  unmount();
}
