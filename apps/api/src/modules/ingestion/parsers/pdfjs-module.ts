import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { definePDFJSModule } from 'unpdf';

/**
 * PDF.js copies its text state at every `q` and after every flushed run of text, with
 * `Object.create(this)` followed by a copy of every own property. The prototype link adds nothing
 * (every property is copied) but makes V8 turn each copied state into a prototype object, which took
 * about 30 % of our extraction time on the CUAD contracts. The replacement builds the same object on the
 * class's own prototype. Measured on the 84 CUAD PDFs: identical text and page map, about 1.45× the pages
 * per second (docs/decisions.md).
 */
export const TEXT_STATE_CLONE = {
  slow: 'clone(){const e=Object.assign(Object.create(this),this);',
  fast: 'clone(){const e=Object.assign(Object.create(Object.getPrototypeOf(this)),this);',
} as const;

export interface PdfJsSourcePatch {
  source: string;
  /** False when this build of PDF.js does not hold the expected expression exactly once. */
  applied: boolean;
}

/** The bundle with the text-state copy replaced, or unchanged when the expression is not found exactly once. */
export function patchPdfJsSource(source: string): PdfJsSourcePatch {
  const first = source.indexOf(TEXT_STATE_CLONE.slow);
  if (first < 0 || source.indexOf(TEXT_STATE_CLONE.slow, first + 1) >= 0) return { source, applied: false };
  return { source: source.replace(TEXT_STATE_CLONE.slow, TEXT_STATE_CLONE.fast), applied: true };
}

/** Where unpdf keeps its PDF.js bundle (the package exports it to `import` only, so it is found beside the entry). */
export function unpdfPdfJsPath(): string {
  return join(dirname(require.resolve('unpdf')), 'pdfjs.mjs');
}

let loading: Promise<boolean> | null = null;

/**
 * Makes unpdf use the patched PDF.js in this process; resolves to whether the patch applied. The patched
 * module is written to a private temporary directory, imported and removed: nothing is written to
 * node_modules and nobody else's file is ever imported. Falls back to the stock bundle on any failure.
 */
export function usePatchedPdfJs(): Promise<boolean> {
  loading ??= (async () => {
    const patch = patchPdfJsSource(await readFile(unpdfPdfJsPath(), 'utf8'));
    if (!patch.applied) return false;
    const directory = await mkdtemp(join(tmpdir(), 'casewise-pdfjs-'));
    try {
      // Under a node_modules folder, so that swc's require hook (tests, benches) loads it as it is, like
      // any dependency, instead of compiling 1.6 MB of JavaScript again.
      const file = join(directory, 'node_modules', 'pdfjs.mjs');
      await mkdir(dirname(file), { mode: 0o700 });
      await writeFile(file, patch.source, { mode: 0o600 });
      // An absolute path: a native import once built, a require of an ES module under swc.
      const loaded: unknown = await import(file);
      await definePDFJSModule(() => Promise.resolve(loaded));
      return true;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  })().catch(() => false);
  return loading;
}
