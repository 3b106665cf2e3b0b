import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cuadPath, cuadPdfPath, cuadPdfs } from '@test/utils/fixtures';
import { patchPdfJsSource, READER_STOCK, readerSkippingEmptyPairs, TEXT_STATE_CLONE, TEXT_STATE_FIELDS, unpdfPdfJsPath } from './pdfjs-module';

/** A real contract whose two pages are padded with about six thousand empty save/restore pairs (`q Q`). */
const PADDED = cuadPath('pdf-padded', 'PlayboyEnterprisesInc_20090220_10-QA_EX-10.2_4091580_EX-10.2_Content License Agreement_ Marketing Agreement_ Sales-Purchase Agreement2.pdf');
/** Real contracts whose pages save and restore the graphics state: the code paths the patch changes. */
const PDFS = [...cuadPdfs().map(cuadPdfPath), PADDED];

/**
 * Every text item of every page, with its position, as PDF.js reports it, and every page's drawing operations
 * (their codes, and the operands of each transform), run in a plain Node process.
 */
const EXTRACT = `
const [pdfjsPath, ...files] = process.argv.slice(1);
const pdfjs = await import(pdfjsPath);
const { readFile } = await import('node:fs/promises');
const items = [];
const drawing = [];
for (const file of files) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) items.push([n, item.str, item.transform, item.width, item.height, item.fontName, item.hasEOL]);
    const list = await page.getOperatorList();
    drawing.push(list.fnArray.map((op, i) => (op === pdfjs.OPS.transform ? [op, list.argsArray[i]] : op)));
  }
  await doc.destroy();
}
process.stdout.write(JSON.stringify({ items, drawing, save: pdfjs.OPS.save, restore: pdfjs.OPS.restore }));
`;

const run = promisify(execFile);

interface Extracted {
  items: unknown[];
  /** Each page's operations: a code, or a transform's code with its operands. */
  drawing: (number | [number, number[]])[][];
  save: number;
  restore: number;
}

async function extract(pdfjsPath: string): Promise<Extracted> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', EXTRACT, pdfjsPath, ...PDFS], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as Extracted;
}

/** A page's operations without each save followed at once by a restore, read left to right as the reader does. */
function withoutEmptyPairs(ops: Extracted['drawing'][number], { save, restore }: Extracted): Extracted['drawing'][number] {
  const kept: Extracted['drawing'][number] = [];
  for (let i = 0; i < ops.length; i++) {
    if (ops[i] === save && ops[i + 1] === restore) i++;
    else kept.push(ops[i]);
  }
  return kept;
}

function readersIn(source: string): number {
  return [...source.matchAll(READER_STOCK)].length;
}

describe('the patched PDF.js', () => {
  it('finds the text-state copy and the operation reader exactly once in the installed bundle, and patches both', async () => {
    const stock = await readFile(unpdfPdfJsPath(), 'utf8');
    expect(readersIn(stock)).toBe(1);
    const patch = patchPdfJsSource(stock);
    expect(patch.copy).toBe('fields');
    expect(patch.source).toContain(TEXT_STATE_CLONE.fields);
    expect(patch.source).not.toContain(TEXT_STATE_CLONE.slow);
    expect(patch.emptyPairsSkipped).toBe(true);
    expect(readersIn(patch.source)).toBe(0);
  });

  it('skips empty pairs with the command class the bundle names, whether or not the text-state copy is found', () => {
    const reader = 'read(e){let n=e.args;for(;;){const s=this.parser.getObj();if(s instanceof K$){const i=s.cmd,a=Zz.opMap[i];return!0}}}';
    const patch = patchPdfJsSource(`class P{${reader}}`);
    expect(patch).toEqual({ source: `class P{${readerSkippingEmptyPairs('K$')}if(s instanceof K$){const i=s.cmd,a=Zz.opMap[i];return!0}}}}`, copy: 'unchanged', emptyPairsSkipped: true });
    expect(patch.source).toContain('s instanceof K$&&s.cmd==="q"');
    expect(patchPdfJsSource(`class P{${reader}}class R{${reader}}`).emptyPairsSkipped).toBe(false);
  });

  it('copies every own property when the class declares other fields than expected', () => {
    const declared = TEXT_STATE_FIELDS.map((field) => `${field}=0;`).join('');
    const bundle = (fields: string): string => `class Q{static{p(this,"TextState")}${fields}carriageReturn(){}${TEXT_STATE_CLONE.slow}return e}}`;
    expect(patchPdfJsSource(bundle(declared)).copy).toBe('fields');
    const extra = patchPdfJsSource(bundle(`${declared}textKnockout=!0;`));
    expect(extra.copy).toBe('generic');
    expect(extra.source).toContain(TEXT_STATE_CLONE.generic);
    expect(patchPdfJsSource(bundle(declared.replace('leading=0;', ''))).copy).toBe('generic');
  });

  it('leaves a bundle it does not recognise unchanged', () => {
    expect(patchPdfJsSource('class A{clone(){return this}}')).toEqual({ source: 'class A{clone(){return this}}', copy: 'unchanged', emptyPairsSkipped: false });
    const twice = `${TEXT_STATE_CLONE.slow}${TEXT_STATE_CLONE.slow}`;
    expect(patchPdfJsSource(twice)).toEqual({ source: twice, copy: 'unchanged', emptyPairsSkipped: false });
  });

  it('extracts exactly the same text items, positions and fonts as the stock bundle, and draws the same', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'casewise-pdfjs-spec-'));
    try {
      const patched = join(directory, 'node_modules', 'pdfjs.mjs');
      await mkdir(join(directory, 'node_modules'));
      await writeFile(patched, patchPdfJsSource(await readFile(unpdfPdfJsPath(), 'utf8')).source);
      const [stock, ours] = await Promise.all([extract(unpdfPdfJsPath()), extract(patched)]);
      expect(stock.items.length).toBeGreaterThan(1000);
      expect(ours.items).toEqual(stock.items);
      // What is drawn is the same, but for the empty pairs, which the padded contract has thousands of.
      expect(ours.drawing).toEqual(stock.drawing.map((ops) => withoutEmptyPairs(ops, stock)));
      const padded = stock.drawing.slice(-2);
      expect(padded.flat().length - ours.drawing.slice(-2).flat().length).toBeGreaterThan(2 * 5000);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
