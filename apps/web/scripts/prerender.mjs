// Renders the public pages that look the same to every visitor into the build (dist/pages/<name>.html), from the
// server bundle of src/prerender.tsx (`vite build --ssr` into dist/.prerender, removed here). The server sends
// such a page for its path instead of the empty index.html, so its content shows before any script has run.
// Pages with forms are not taken over (what someone typed before React took the page over would be lost): their
// pages are index.html naming the chunks of that page for the browser to fetch at once, with a frame in the root,
// replaced by the app's first render. The sign-in and sign-up pages' frame is their form, inert with its fields
// read only until then (src/prerender.tsx, renderFrame); the workspace's is what it shows while its projects load
// (src/workspace/workspace-frame.tsx).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PAGES = [{ path: '/', name: 'index' }];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const serverBundle = join(dist, '.prerender');
const { renderFrame, renderPage, renderWorkspaceFrame } = await import(pathToFileURL(join(serverBundle, 'prerender.js')).href);
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!shell.includes(root)) throw new Error(`dist/index.html has no ${root}`);
const year = new Date().getFullYear();

/** `page` with `tags` at the end of its head, one a line. Replacement functions: a `$` in them is text. */
const inHead = (page, tags) => page.replace(/\n( *)<\/head>/, (_, indent) => `\n${tags.map((tag) => `${indent}  ${tag}\n`).join('')}${indent}</head>`);

/**
 * `page` with `styles` at the end of its head and `rootHtml` (the opening tag and content of #root) in place of its root.
 * The browser paints it only once the whole root has been read, up to an empty element after it (rel=expect; Chromium
 * starts painting once the element named has begun, so it is the one after the root): painted as it arrived, a form
 * centred on the page would grow and move with every part that came.
 */
const withRoot = (page, styles, rootHtml) =>
  inHead(page, [styles, '<link rel="expect" href="#root-end" blocking="render">']).replace(root, () => `${rootHtml}<template id="root-end"></template>`);

/**
 * `page` with the app's scripts (all but the files in `kept`) fetched at low priority: they wait behind what the first
 * paint needs (the document, its styles).
 */
const scriptsAfterPaint = (page, kept = []) =>
  page
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replace(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (link, file) =>
      kept.includes(file) ? link : `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`,
    );

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
};
const loadedWithEntry = closure('index.html');
/** The chunks of the screen whose module is `source` that the app's entry does not load. */
const screenChunks = (source) => {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build: its route is no longer lazy`);
  return [...closure(source)].filter((key) => !loadedWithEntry.has(key));
};
/**
 * `page` naming `chunks` in its head, for the browser to fetch with the app's entry instead of after it has run. Their
 * style sheets are fetched only (applied when a chunk asks for them: it waits for them otherwise), or with
 * `applyStyles` applied from the start: a page whose own content needs them, where the chunk, finding them there,
 * does not add them again (which would restyle the page).
 */
const withScreenLinks = (page, chunks, { applyStyles = false } = {}) =>
  inHead(page, [
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
    ...chunks
      .flatMap((key) => manifest[key].css ?? [])
      .map((file) => (applyStyles ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="preload" as="style" crossorigin href="/${file}">`)),
  ]);

mkdirSync(join(dist, 'pages'), { recursive: true });
for (const { path, name } of PAGES) {
  const { html, styles } = await renderPage(path);
  // The Content-Security-Policy allows no inline script: a streamed boundary's inline script would be refused.
  if (/<script/i.test(html)) throw new Error(`The render of ${path} holds an inline script`);
  // The page shows without its scripts.
  const page = scriptsAfterPaint(withRoot(shell, styles, `<div id="root" data-prerendered="${path}" data-prerendered-year="${year}">${html}</div>`));
  writeFileSync(join(dist, 'pages', `${name}.html`), page);
  console.log(`prerendered ${path} -> dist/pages/${name}.html (${(Buffer.byteLength(page) / 1024).toFixed(1)} kB)`);
}

// Pages that are not rendered name their screen's chunks in advance: the browser fetches them with the app's entry
// instead of after it has run.
const PRELOADED = [
  // The sign-in and sign-up pages come with their form as a frame: shown at once, usable once the app has run.
  { path: '/login', name: 'login', source: 'src/pages/auth/login-page.tsx', frame: () => renderFrame('/login') },
  { path: '/signup', name: 'signup', source: 'src/pages/auth/signup-page.tsx', frame: () => renderFrame('/signup') },
  // The workspace, sent for /projects and /project/{id}: its data is asked for by the small early entry (and by the
  // app's entry, whichever runs first: src/api/early.ts), its code would otherwise be asked for only once the entry
  // has run.
  { path: '/projects', name: 'projects', source: 'src/workspace/workspace-page.tsx', earlyRequests: true, frame: renderWorkspaceFrame },
];
// The small entry that starts the workspace's requests (src/early-entry.ts): it runs as soon as it and the API client
// have arrived, before the app's entry, whose code is many times larger.
const early = manifest['src/early-entry.ts'];
if (!early?.isEntry) throw new Error('src/early-entry.ts is not an entry of the build (vite.config.ts)');
for (const { path, name, source, earlyRequests, frame } of PRELOADED) {
  const chunks = screenChunks(source);
  // A frame's classes need the chunks' style sheets (they are small).
  let page = withScreenLinks(shell, chunks, { applyStyles: frame !== undefined });
  const earlyFiles = earlyRequests ? [...closure('src/early-entry.ts')].filter((key) => key !== 'src/early-entry.ts').map((key) => manifest[key].file) : [];
  if (earlyRequests) {
    // The small entry and what it imports come first in the page, ahead of the app's entry and its chunks: asked for
    // first, they arrive first and run while the rest downloads, so the requests they start are not queued behind
    // the app's code (nor started by it).
    for (const file of earlyFiles) page = page.replace(new RegExp(`\\n *<link rel="modulepreload" crossorigin href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`), '');
    const first = [`<script type="module" async crossorigin src="/${early.file}"></script>`, ...earlyFiles.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)];
    page = page.replace(/\n( *)<script type="module" crossorigin/, (match, indent) => `\n${first.map((tag) => `${indent}${tag}\n`).join('')}${match.slice(1)}`);
  }
  if (frame) {
    const { html, styles } = await frame();
    if (/<script/i.test(html)) throw new Error(`The frame of ${path} holds an inline script`);
    // As on the pages rendered above, the app's code waits behind the frame's paint; the small entry that starts the
    // page's requests does not.
    page = scriptsAfterPaint(withRoot(page, styles, `<div id="root" data-frame="${path}">${html}</div>`), earlyFiles);
  }
  writeFileSync(join(dist, 'pages', `${name}.html`), page);
  console.log(`preloads for ${path} -> dist/pages/${name}.html (${chunks.length} chunks)`);
}

rmSync(serverBundle, { recursive: true, force: true });
