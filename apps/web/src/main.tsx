import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { startPageRequests } from './api/early';
import { AppRoutes } from './app';
import { theme } from './theme';

startPageRequests();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  </StrictMode>
);

// A public page rendered at build time (scripts/prerender.mjs) shows before any script has run; React then takes
// it over as it is. Only for the page it was rendered for, and in the year it was rendered (its footer names it).
// Both as a transition: React renders in slices of a few milliseconds, so a slow phone can still scroll and tap
// in between instead of waiting out one long task.
const { prerendered, prerenderedYear } = container.dataset;
if (prerendered === window.location.pathname && prerenderedYear === String(new Date().getFullYear())) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
