import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cuadPdfPath, cuadPdfs } from '@test/utils/fixtures';
import { patchPdfJsSource, TEXT_STATE_CLONE, TEXT_STATE_FIELDS, unpdfPdfJsPath } from './pdfjs-module';

/** Real contracts whose pages save and restore the graphics state: the code path the patch changes. */
const PDFS = cuadPdfs();

/** Every text item of every page, with its position, as PDF.js reports it (run in a plain Node process). */
const EXTRACT = `
const [pdfjsPath, ...files] = process.argv.slice(1);
const pdfjs = await import(pdfjsPath);
const { readFile } = await import('node:fs/promises');
const out = [];
for (const file of files) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) out.push([n, item.str, item.transform, item.width, item.height, item.fontName, item.hasEOL]);
  }
  await doc.destroy();
}
process.stdout.write(JSON.stringify(out));
`;

const run = promisify(execFile);

async function extract(pdfjsPath: string): Promise<unknown[]> {
  const files = PDFS.map(cuadPdfPath);
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', EXTRACT, pdfjsPath, ...files], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as unknown[];
}

describe('the patched PDF.js', () => {
  it('finds the text-state copy exactly once in the installed bundle, and copies its fields one by one', async () => {
    const patch = patchPdfJsSource(await readFile(unpdfPdfJsPath(), 'utf8'));
    expect(patch.copy).toBe('fields');
    expect(patch.source).toContain(TEXT_STATE_CLONE.fields);
    expect(patch.source).not.toContain(TEXT_STATE_CLONE.slow);
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
    expect(patchPdfJsSource('class A{clone(){return this}}')).toEqual({ source: 'class A{clone(){return this}}', copy: 'unchanged' });
    const twice = `${TEXT_STATE_CLONE.slow}${TEXT_STATE_CLONE.slow}`;
    expect(patchPdfJsSource(twice)).toEqual({ source: twice, copy: 'unchanged' });
  });

  it('extracts exactly the same text items, positions and fonts as the stock bundle', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'casewise-pdfjs-spec-'));
    try {
      const patched = join(directory, 'node_modules', 'pdfjs.mjs');
      await mkdir(join(directory, 'node_modules'));
      await writeFile(patched, patchPdfJsSource(await readFile(unpdfPdfJsPath(), 'utf8')).source);
      const [stock, ours] = await Promise.all([extract(unpdfPdfJsPath()), extract(patched)]);
      expect(stock.length).toBeGreaterThan(1000);
      expect(ours).toEqual(stock);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
