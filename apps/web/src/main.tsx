import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { startPageRequests } from './api/early';
import { AppRoutes, preloadPageAt } from './app';
import { theme } from './theme';

startPageRequests();

/** How long the first render waits for its screen's chunk before it shows the loader instead. */
const FIRST_SCREEN_WAIT_MS = 200;

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
  // The page names its screen's chunk for the browser to fetch beside this entry (scripts/prerender.mjs): when it has
  // come, or comes within a moment, the first render shows the screen itself rather than the loader in its place.
  // What the page holds until then (a frame, a page rendered in another year) stays until React's first commit
  // replaces it, so the page is never blank in between. A frame already shows the screen (the sign-in form, the
  // workspace's bar): the first render waits for the screen's chunk, as the loader in its place would, rather than
  // swapping the frame for the loader and back.
  const render = (): void => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  };
  const screen = preloadPageAt(window.location.pathname);
  void (container.dataset.frame !== undefined ? screen : Promise.race([screen, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))])).then(render);
}
