// Renders the public pages that look the same to every visitor into the build (dist/pages/<name>.html), from the
// server bundle of src/prerender.tsx (`vite build --ssr` into dist/.prerender, removed here). The server sends
// such a page for its path instead of the empty index.html, so its content shows before any script has run.
// Pages with forms are not rendered: what someone types before React takes the page over would be lost.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PAGES = [{ path: '/', name: 'index' }];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const serverBundle = join(dist, '.prerender');
const { renderPage } = await import(pathToFileURL(join(serverBundle, 'prerender.js')).href);
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!shell.includes(root)) throw new Error(`dist/index.html has no ${root}`);
const year = new Date().getFullYear();

mkdirSync(join(dist, 'pages'), { recursive: true });
for (const { path, name } of PAGES) {
  const { html, styles } = await renderPage(path);
  // The Content-Security-Policy allows no inline script: a streamed boundary's inline script would be refused.
  if (/<script/i.test(html)) throw new Error(`The render of ${path} holds an inline script`);
  const page = shell
    .replace('</head>', `${styles}\n  </head>`)
    .replace(root, `<div id="root" data-prerendered="${path}" data-prerendered-year="${year}">${html}</div>`)
    // The page shows without them: its scripts wait behind what the first paint needs (the document, its styles).
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
  writeFileSync(join(dist, 'pages', `${name}.html`), page);
  console.log(`prerendered ${path} -> dist/pages/${name}.html (${(Buffer.byteLength(page) / 1024).toFixed(1)} kB)`);
}
rmSync(serverBundle, { recursive: true, force: true });
