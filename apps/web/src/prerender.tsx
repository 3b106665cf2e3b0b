import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { withEarlyAnswers } from './api/early';
import type { ChatHistoryEntry, Project } from './api/types';
import { AppRoutes } from './app';
import { theme } from './theme';
import { WorkspaceFrame } from './workspace/workspace-frame';
import WorkspacePage from './workspace/workspace-page';

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
export async function renderPage(path: string): Promise<RenderedPage> {
  const { html, styles } = await renderTree(<RoutesAt path={path} />);
  return { html, styles: styleElements([styles]) };
}

/** The app's routes at `path`, as main.tsx renders them, with a static router. */
function RoutesAt({ path }: { path: string }) {
  return (
    <StaticRouter location={path}>
      <AppRoutes />
    </StaticRouter>
  );
}

/**
 * A page with a form, as the browser's first render makes it, to show before the app has run: inert (nothing in it
 * can be focused, clicked or sent, so an early Enter cannot send the form the browser's own way) and its fields read
 * only, so that nothing can be typed into a field the app's first render then replaces whole (main.tsx). Nothing
 * typed is lost: nothing can be typed until the form works. Run at build time only (scripts/prerender.mjs).
 */
export async function renderFrame(path: string): Promise<RenderedPage> {
  const { html, styles } = await renderTree(
    <div inert aria-busy="true" style={{ display: 'contents' }}>
      <RoutesAt path={path} />
    </div>,
  );
  return { html: html.replace(/<(input|textarea)\b/g, '<$1 readonly=""'), styles: styleElements([styles]) };
}

/**
 * The workspace's frame (workspace/workspace-frame.tsx), for the page of /projects and /project/{id}, with the styles
 * of the workspace's first screen as well: a matter with its conversation, as laid out on a phone and on a wider
 * screen. The app's first render then finds its styles in the page and only names them, instead of writing each
 * one out and inserting it into the page in its commit (most of that commit's time on a phone). A style the sample
 * does not show is inserted by the app as before; only the frame's markup goes into the page.
 */
export async function renderWorkspaceFrame(): Promise<RenderedPage> {
  const frame = await renderTree(<WorkspaceFrame />);
  // Every style of the samples, those of elements that render nothing (a closed tooltip's popper) included: the app
  // writes those too.
  const samples = await withEarlyAnswers(SAMPLE_ANSWERS, async () => [
    await renderTree(<WorkspaceSample />, { unusedClasses: true }),
    await renderTree(<WorkspaceSample compact />, { unusedClasses: true }),
  ]);
  return { html: frame.html, styles: styleElements([frame.styles, ...samples.map((sample) => sample.styles)]) };
}

const SAMPLE_PROJECT = 'sample';
const SAMPLE_TIME = '2026-01-05T09:30:00.000Z';
/** What the early requests of a matter's page bring: its project, its files and a conversation with sources. */
const SAMPLE_ANSWERS: Record<string, unknown> = {
  projects: [
    { id: SAMPLE_PROJECT, name: 'Supply agreement review', role: 'owner' },
    { id: 'other', name: 'Lease renewal', role: 'viewer' },
  ] satisfies Project[],
  [`files:${SAMPLE_PROJECT}`]: ['supply-agreement.pdf'],
  [`chat:${SAMPLE_PROJECT}`]: [
    {
      _id: 'sample-entry',
      message: 'What are the termination rights?',
      response: 'Either party may terminate on thirty days\' written notice [1].',
      context: ['supply-agreement.pdf'],
      citations: [{ file: 'supply-agreement.pdf', page: 4, start: 0, end: 80, quote: 'Either party may terminate this Agreement upon thirty (30) days\' written notice.' }],
      created_at: SAMPLE_TIME,
    },
  ] satisfies ChatHistoryEntry[],
};

/** The workspace opened on the sample matter; `compact` lays it out as on a phone (the sidebar a drawer). */
function WorkspaceSample({ compact = false }: { compact?: boolean }) {
  return (
    <ThemeProvider theme={(outer: Theme) => ({ ...outer, components: { ...outer.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: compact }) } } } })}>
      <StaticRouter location={`/project/${SAMPLE_PROJECT}`}>
        <WorkspacePage onLogout={() => undefined} />
      </StaticRouter>
    </ThemeProvider>
  );
}

const cacheKey = 'css';

/** Styles emotion wrote in a render, by name. */
interface RenderStyles {
  /** Global styles (the CSS baseline, keyframes), which emotion looks for under `css-global <name>`. */
  global: Map<string, string>;
  /** Component styles, by the name in their class (`css-<name>`). */
  classes: Map<string, string>;
}

/**
 * `content` inside the providers of main.tsx. Emotion's cache in compat mode keeps each style it inserts instead of
 * writing a <style> beside each element, so the page gets them as a few style sheets in its head: one style pass
 * before the first paint, not one per element.
 */
async function renderTree(content: ReactNode, { unusedClasses = false } = {}): Promise<{ html: string; styles: RenderStyles }> {
  const cache = createCache({ key: cacheKey });
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
  // was thrown away, such as the loader shown while a page loaded, leaves some unused), or all of them with
  // `unusedClasses`; global styles are not registered.
  const styles: RenderStyles = { global: new Map(), classes: new Map() };
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const className = `${cache.key}-${name}`;
    if (cache.registered[className] === undefined) styles.global.set(name, rules);
    else if (unusedClasses || new RegExp(`\\b${className}\\b`).test(html)) styles.classes.set(name, rules);
  }
  return { html, styles };
}

/** The <style> elements of one or more renders, each style once, marked the way emotion's browser cache takes them over. */
function styleElements(renders: RenderStyles[]): string {
  const global = new Map(renders.flatMap((styles) => [...styles.global]));
  const classes = new Map(renders.flatMap((styles) => [...styles.classes]));
  const globalElements = [...global].map(([name, rules]) => `<style data-emotion="${cacheKey}-global ${name}">${escapeStyle(rules)}</style>`);
  return `${globalElements.join('')}<style data-emotion="${cacheKey} ${[...classes.keys()].join(' ')}">${escapeStyle([...classes.values()].join(''))}</style>`;
}
