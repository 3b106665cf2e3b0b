import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { pageMapProblem } from './paged-text';
import { ParserPool } from './parser-pool';
import type { ParsedDocument } from './parser.types';
import { cuadPdfPath } from '@test/utils/fixtures';
import { buildPdf, type PageSpec } from '@test/utils/pdf';

const CUAD_PDF = cuadPdfPath('AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.pdf');
const FIXTURES = join(__dirname, '__fixtures__');
const SCANNED_TEXT = 'The Supplier shall indemnify the Purchaser against all losses arising from defective goods.';

async function scannedClause(): Promise<{ width: number; height: number; gray: Buffer }> {
  const image = await loadImage(await readFile(join(FIXTURES, 'scanned-clause.png')));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const gray = Buffer.alloc(image.width * image.height);
  for (let index = 0; index < gray.length; index += 1) gray[index] = rgba[index * 4];
  return { width: image.width, height: image.height, gray };
}

async function scannedPage(): Promise<PageSpec> {
  return { image: await scannedClause() };
}

/** The blue of the highlighter's yellow (red and green are full): dark in blue, light in luminance. */
const HIGHLIGHTER_BLUE = 120;

/** The clause scanned in colour on white paper, its lines run over with a pale yellow highlighter (little blue in it). */
async function highlightedScanPage(): Promise<PageSpec> {
  const clause = await scannedClause();
  const height = clause.height * 3;
  const rgb = Buffer.alloc(clause.width * height * 3, 255);
  for (let y = 0; y < clause.height; y += 1) {
    for (let x = 0; x < clause.width; x += 1) {
      const ink = clause.gray[y * clause.width + x];
      const at = ((y + clause.height) * clause.width + x) * 3;
      rgb[at] = ink;
      rgb[at + 1] = ink;
      rgb[at + 2] = Math.round((ink * HIGHLIGHTER_BLUE) / 255);
    }
  }
  return { image: { width: clause.width, height, rgb } };
}

function pageTexts(parsed: ParsedDocument): string[] {
  return parsed.pages.map((page) => parsed.text.slice(page.start, page.end));
}

/** The parsing processes this test process started (their parent is this process, their script parse-worker). */
function parsingProcesses(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('parse-worker');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether a process has the canvas's native library (Skia) mapped. */
function canvasLoaded(pid: number): boolean {
  return /napi-rs[/+]canvas|skia/i.test(readFileSync(`/proc/${pid}/maps`, 'utf8'));
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

describe('PdfParser (in a ParserPool process)', () => {
  const pool = new ParserPool({ size: 1 });

  afterAll(async () => {
    await pool.close();
  });

  it('extracts a real contract with each passage on its page', async () => {
    const parsed = await pool.parse('pdf', await readFile(CUAD_PDF));
    expect(parsed.report).toMatchObject({ pages: 13, pagesOcr: 0, pagesWithoutText: 0, tables: 0 });
    expect(pageMapProblem(parsed)).toBeUndefined();
    const passage = 'Arbitration by the Arbitration Committee of the International Chamber of Commerce located in Switzerland.';
    const at = parsed.text.indexOf(passage);
    expect(at).toBeGreaterThan(0);
    expect(parsed.pages.find((page) => page.start <= at && at < page.end)?.page).toBe(7);
    // Reading order: a clause number stays with its heading and text.
    expect(parsed.text).toContain('8. ARBITRATION\n8.1 Any and all disputes');
    expect(pageTexts(parsed)[0]).toMatch(/^ODM - SUPPLY AGREEMENT\nBETWEEN:/);
  }, 60_000);

  it('maps every page to exactly its own text', async () => {
    const lines = [['Clause 1. Definitions', 'Terms (as defined) apply.'], ['Clause 2. Term'], ['Clause 3. Notices', 'In writing only.']];
    const parsed = await pool.parse('pdf', buildPdf(lines.map((text) => ({ text }))));
    expect(pageTexts(parsed)).toEqual([
      'Clause 1. Definitions\nTerms (as defined) apply.\n\n',
      'Clause 2. Term\n\n',
      'Clause 3. Notices\nIn writing only.',
    ]);
    expect(parsed.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(pageMapProblem(parsed)).toBeUndefined();
  }, 60_000);

  it('reads a page without a text layer by OCR and marks it', async () => {
    const parsed = await pool.parse('pdf', buildPdf([{ text: ['Schedule A follows.'] }, await scannedPage()]));
    const [first, second] = pageTexts(parsed);
    expect(first).toBe('Schedule A follows.\n\n');
    expect(flat(second)).toBe(SCANNED_TEXT);
    expect(parsed.pages.map((page) => page.ocr)).toEqual([false, true]);
    expect(parsed.report).toMatchObject({ pages: 2, pagesOcr: 1, pagesWithoutText: 0 });
  }, 120_000);

  it('reads a highlighted line of a colour scan', async () => {
    // Binarised channel by channel, the highlighter's band is dark in blue and the line is lost; in grey it is paper.
    const parsed = await pool.parse('pdf', buildPdf([await highlightedScanPage()]));
    expect(flat(parsed.text)).toBe(SCANNED_TEXT);
    expect(parsed.report).toMatchObject({ pages: 1, pagesOcr: 1 });
  }, 120_000);

  it('loads the canvas in a parsing process only once a page is drawn for OCR', async () => {
    const before = parsingProcesses();
    const own = new ParserPool({ size: 1 });
    try {
      await own.parse('pdf', await readFile(CUAD_PDF));
      const [child] = parsingProcesses().filter((pid) => !before.includes(pid));
      expect(child).toBeDefined();
      // Thirteen pages of text, OCR on: nothing was drawn, so the canvas (about 35 MB a process) stayed out.
      expect(canvasLoaded(child)).toBe(false);
      const parsed = await own.parse('pdf', buildPdf([await scannedPage()]));
      expect(flat(parsed.text)).toBe(SCANNED_TEXT);
      expect(canvasLoaded(child)).toBe(true);
    } finally {
      await own.close();
    }
  }, 120_000);

  it('leaves a scanned page empty when OCR is off, and a blank page without OCR', async () => {
    const parsed = await pool.parse('pdf', buildPdf([await scannedPage(), { text: [] }]), { ocr: false });
    expect(parsed.text).toBe('\n\n');
    expect(parsed.report).toMatchObject({ pages: 2, pagesOcr: 0, pagesWithoutText: 2 });
    const blank = await pool.parse('pdf', buildPdf([{ text: [] }]));
    expect(blank.pages).toEqual([{ page: 1, start: 0, end: 0, ocr: false }]);
  }, 60_000);

  it('refuses a password-protected PDF with the exact message', async () => {
    await expect(pool.parse('pdf', await readFile(join(FIXTURES, 'password-protected.pdf')))).rejects.toMatchObject({
      name: 'ParseError',
      code: 'encrypted',
      message: 'This PDF is password-protected: remove the password and upload it again.',
    });
  }, 60_000);

  it('refuses a truncated PDF as damaged', async () => {
    const whole = await readFile(CUAD_PDF);
    await expect(pool.parse('pdf', whole.subarray(0, Math.floor(whole.length * 0.6)))).rejects.toMatchObject({
      code: 'damaged',
      message: 'The file is damaged and could not be read.',
    });
  }, 60_000);

  it('refuses binary junk behind a PDF header as damaged', async () => {
    const junk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 50_000 }, (_, index) => (index * 7919) % 251))]);
    await expect(pool.parse('pdf', junk)).rejects.toMatchObject({ code: 'damaged', message: 'The file is damaged and could not be read.' });
  }, 60_000);
});
