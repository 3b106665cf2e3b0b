import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chunkDocument, type Chunk, type PageSpan } from './chunker';

const CUAD_TXT = resolve(__dirname, '../../../../../shared/data/cuad/txt');
const REAL_CONTRACTS = [
  'CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt',
  'ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt',
  'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt',
  'ADMA BioManufacturing, LLC -  Amendment #3 to Manufacturing Agreement .txt',
];

function expectSliceInvariant(text: string, chunks: Chunk[]): void {
  chunks.forEach((chunk, i) => {
    expect(chunk.ordinal).toBe(i);
    expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    expect(chunk.text).toBe(chunk.text.trim());
    expect(chunk.end).toBeGreaterThan(chunk.start);
    if (i > 0) expect(chunk.start).toBeGreaterThanOrEqual(chunks[i - 1].end);
  });
}

const onePage = (text: string): PageSpan[] => [{ page: 1, start: 0, end: text.length }];

describe('chunkDocument', () => {
  const clause = (n: number): string =>
    `${n}. Clause ${n}. The Supplier shall deliver the goods described in Schedule ${n} within thirty days of the order. ` +
    `Payment is due within sixty days of the invoice, e.g. by wire transfer to Acme Inc. at its U.S. account.`;
  const text = ['SUPPLY AGREEMENT', '', ...[1, 2, 3, 4, 5].map(clause)].join('\n\n');

  it('keeps every chunk an exact, trimmed slice of the text', () => {
    expectSliceInvariant(text, chunkDocument(text, onePage(text), { targetChars: 150, minChars: 40 }));
  });

  it('starts a chunk at each numbered clause when clauses are long enough', () => {
    const chunks = chunkDocument(text, onePage(text), { targetChars: 400, minChars: 100 });
    expect(chunks.map((c) => c.text.slice(0, 12))).toEqual(['SUPPLY AGREE', '2. Clause 2.', '3. Clause 3.', '4. Clause 4.', '5. Clause 5.']);
    expect(chunks[0].text).toContain('1. Clause 1.');
  });

  it('cuts a long clause between sentences, never inside one', () => {
    const chunks = chunkDocument(text, onePage(text), { targetChars: 120, maxChars: 400, minChars: 40 });
    for (const chunk of chunks.filter((c) => !c.text.startsWith('SUPPLY'))) {
      expect(chunk.text).toMatch(/\.$/);
      expect(chunk.text).toMatch(/^(?:\d+\. Clause|Payment)/);
    }
  });

  it('cuts a sentence longer than the maximum at clause punctuation', () => {
    const long = Array.from({ length: 30 }, (_, i) => `item ${i} is included`).join('; ') + '.';
    const chunks = chunkDocument(long, [], { targetChars: 200, maxChars: 300, minChars: 50 });
    expectSliceInvariant(long, chunks);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(300);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text).toMatch(/;$/);
  });

  it('records the heading path of each chunk', () => {
    const doc = 'ARTICLE 9 INDEMNIFICATION\n\n9.2 Limitation of Liability. In no event shall either party be liable for lost profits.';
    const chunks = chunkDocument(doc, onePage(doc));
    expect(chunks).toHaveLength(1);
    expect(chunks[0].headingPath).toEqual(['ARTICLE 9 INDEMNIFICATION', '9.2 Limitation of Liability']);
  });

  it('gives each chunk the pages it starts and ends on', () => {
    const first = 'First page text. '.repeat(10).trim();
    const second = 'Second page text. '.repeat(10).trim();
    const doc = `${first}\n\n${second}`;
    const pages: PageSpan[] = [
      { page: 1, start: 0, end: first.length + 2 },
      { page: 2, start: first.length + 2, end: doc.length },
    ];
    const [only] = chunkDocument(doc, pages, { targetChars: 1000, maxChars: 1000, minChars: 1000 });
    expect(only).toMatchObject({ pageStart: 1, pageEnd: 2 });
    const split = chunkDocument(doc, pages, { targetChars: 200, minChars: 50 });
    expect(split[0].pageStart).toBe(1);
    expect(split[split.length - 1]).toMatchObject({ pageStart: 2, pageEnd: 2 });
  });

  it('returns no chunks for blank text', () => {
    expect(chunkDocument('  \n\n ', [])).toEqual([]);
  });
});

const describeWithData = existsSync(CUAD_TXT) ? describe : describe.skip;

describeWithData('chunkDocument on real CUAD contracts', () => {
  it.each(REAL_CONTRACTS)('keeps the slice invariant and sensible sizes in %s', (file) => {
    const text = readFileSync(join(CUAD_TXT, file), 'utf8');
    const chunks = chunkDocument(text, onePage(text));
    expectSliceInvariant(text, chunks);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1000);
    const covered = chunks.reduce((sum, c) => sum + c.text.replace(/\s+/g, '').length, 0);
    expect(covered / text.replace(/\s+/g, '').length).toBeGreaterThan(0.9);
  });
});
