import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { definePDFJSModule } from 'unpdf';

/**
 * PDF.js copies its text state at every `q` and after every flushed run of text, with
 * `Object.create(this)` followed by a copy of every own property. The prototype link adds nothing
 * (every property is copied) but makes V8 turn each copied state into a prototype object, which took
 * about 30 % of our extraction time on the CUAD contracts. The replacement builds the same object on the
 * class's own prototype: field by field when the class declares exactly the fields below (a fixed shape,
 * another 13 % faster), else with a generic copy of every own property. Measured on the 84 CUAD PDFs:
 * identical text items, about 1.6× the pages per second of the stock bundle (docs/decisions.md).
 */
export const TEXT_STATE_FIELDS = [
  'ctm',
  'fontName',
  'fontSize',
  'loadedName',
  'font',
  'fontMatrix',
  'textMatrix',
  'textLineMatrix',
  'charSpacing',
  'wordSpacing',
  'leading',
  'textHScale',
  'textRise',
] as const;

export const TEXT_STATE_CLONE = {
  slow: 'clone(){const e=Object.assign(Object.create(this),this);',
  generic: 'clone(){const e=Object.assign(Object.create(Object.getPrototypeOf(this)),this);',
  fields: `clone(){const e=Object.create(Object.getPrototypeOf(this));${TEXT_STATE_FIELDS.map((field) => `e.${field}=this.${field};`).join('')}`,
} as const;

/**
 * Some PDF producers pad every page with empty save/restore pairs (`q Q`, a million of them in one 154-page CUAD
 * contract, 60 MB of content): PDF.js handles each as an operation, copying the whole text state at the `q` and
 * dropping the copy at the `Q`, in the text pass and again in the drawing pass of a sparse page. A `q` read with no
 * operands and followed at once by a `Q` changes nothing, so the patched reader skips the pair: the text state, the
 * text items and everything drawn are the same, with two operations fewer. The reader is found by its exact stock
 * form (the name of PDF.js's command class is read from it); `READER_STOCK` matches it, `readerSkippingEmptyPairs`
 * writes the replacement.
 */
export const READER_STOCK = /read\(e\)\{let n=e\.args;for\(;;\)\{const s=this\.parser\.getObj\(\);(?=if\(s instanceof ([\w$]+)\)\{const i=s\.cmd,a=[\w$]+\.opMap\[i\])/g;

export function readerSkippingEmptyPairs(command: string): string {
  return (
    'read(e){let n=e.args;for(;;){const s=this.parser.getObj();' +
    `if(s instanceof ${command}&&s.cmd==="q"&&(n===null||n.length===0)){const t=this.parser.buf1;` +
    `if(t instanceof ${command}&&t.cmd==="Q"){this.parser.getObj();this._isPathOp=!1;this._numInvalidPathOPS=0;continue}}`
  );
}

export interface PdfJsSourcePatch {
  source: string;
  /** How the text state is copied: unchanged (the expression was not found exactly once), generic, or field by field. */
  copy: 'unchanged' | 'generic' | 'fields';
  /** Whether empty save/restore pairs are skipped (the reader was found exactly once). */
  emptyPairsSkipped: boolean;
}

/** The fields the TextState class declares, in order, or null when its declaration is not recognised. */
function declaredTextStateFields(source: string, cloneAt: number): string[] | null {
  const classAt = source.lastIndexOf('class ', cloneAt);
  const body = /^class [\w$]+\{static\{[\w$]+\(this,"TextState"\)\}((?:[\w$]+=[^;{}]+;)+)/.exec(source.slice(classAt, cloneAt));
  if (!body) return null;
  return body[1].split(';').filter(Boolean).map((declaration) => declaration.slice(0, declaration.indexOf('=')));
}

/** The bundle with the text-state copy replaced, or unchanged when the expression is not found exactly once. */
function patchTextStateCopy(source: string): Pick<PdfJsSourcePatch, 'source' | 'copy'> {
  const at = source.indexOf(TEXT_STATE_CLONE.slow);
  if (at < 0 || source.indexOf(TEXT_STATE_CLONE.slow, at + 1) >= 0) return { source, copy: 'unchanged' };
  const declared = declaredTextStateFields(source, at);
  const exact = declared !== null && declared.join() === TEXT_STATE_FIELDS.join();
  const replacement = exact ? TEXT_STATE_CLONE.fields : TEXT_STATE_CLONE.generic;
  return { source: source.replace(TEXT_STATE_CLONE.slow, replacement), copy: exact ? 'fields' : 'generic' };
}

/** The bundle with the operation reader skipping empty save/restore pairs, or unchanged unless found exactly once. */
function patchEmptyPairs(source: string): { source: string; emptyPairsSkipped: boolean } {
  const found = [...source.matchAll(READER_STOCK)];
  if (found.length !== 1) return { source, emptyPairsSkipped: false };
  const [match] = found;
  const at = match.index;
  return { source: source.slice(0, at) + readerSkippingEmptyPairs(match[1]) + source.slice(at + match[0].length), emptyPairsSkipped: true };
}

/** The bundle with both changes made where their stock code is recognised; each applies on its own. */
export function patchPdfJsSource(source: string): PdfJsSourcePatch {
  const copied = patchTextStateCopy(source);
  const { source: patched, emptyPairsSkipped } = patchEmptyPairs(copied.source);
  return { source: patched, copy: copied.copy, emptyPairsSkipped };
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
    if (patch.copy === 'unchanged' && !patch.emptyPairsSkipped) return false;
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
