import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AppRoutes } from './app';
import { theme } from './theme';
import { WorkspaceFrame } from './workspace/workspace-frame';

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** <style> elements for the head, marked the way emotion's browser cache takes them over instead of adding its own. */
  styles: string;
}

const escapeStyle = (css: string): string => css.replace(/<\/style/gi, '<\\/style');

/**
 * A public page as the browser's first render makes it (the tree of main.tsx with a static router), after every
 * lazy page it shows has loaded. Run at build time only (scripts/prerender.mjs), for pages alike for everyone.
 */
export function renderPage(path: string): Promise<RenderedPage> {
  return renderTree(
    <StaticRouter location={path}>
      <AppRoutes />
    </StaticRouter>,
  );
}

/** The workspace's frame (workspace/workspace-frame.tsx), for the page of /projects and /project/{id}. */
export function renderWorkspaceFrame(): Promise<RenderedPage> {
  return renderTree(<WorkspaceFrame />);
}

/**
 * `content` inside the providers of main.tsx. Emotion's cache in compat mode keeps each style it inserts instead of
 * writing a <style> beside each element, so the page gets them as a few style sheets in its head: one style pass
 * before the first paint, not one per element.
 */
async function renderTree(content: ReactNode): Promise<RenderedPage> {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {content}
        </ThemeProvider>
      </CacheProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');

  // Component styles are registered under their class name and kept when the page uses that class (a render that
  // was thrown away, such as the loader shown while a page loaded, leaves some unused); global styles (the CSS
  // baseline, keyframes) are not registered, and emotion looks for each under `css-global <name>`.
  const global: string[] = [];
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const className = `${cache.key}-${name}`;
    if (cache.registered[className] === undefined) global.push(`<style data-emotion="${cache.key}-global ${name}">${escapeStyle(rules)}</style>`);
    else if (new RegExp(`\\b${className}\\b`).test(html)) {
      names.push(name);
      css += rules;
    }
  }
  return { html, styles: `${global.join('')}<style data-emotion="${cache.key} ${names.join(' ')}">${escapeStyle(css)}</style>` };
}
