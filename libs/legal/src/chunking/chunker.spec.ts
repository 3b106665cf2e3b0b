import { readFileSync } from 'node:fs';
import { cuadPath } from '@test/utils/fixtures';
import type { PageSpan } from '../citations/page-map';
import { chunkDocument, type Chunk } from './chunker';

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

describe('chunkDocument cuts and offsets', () => {
  const texts = (doc: string, chunks: Chunk[]): string[] => {
    expectSliceInvariant(doc, chunks);
    return chunks.map((c) => c.text);
  };

  it('cuts an over-long sentence after a comma in the second half of the limit when it has no clause punctuation', () => {
    const long = Array.from({ length: 20 }, (_, i) => `item number ${i} is included`).join(', ') + '.';
    const pieces = texts(long, chunkDocument(long, [], { targetChars: 100, maxChars: 200, minChars: 50 }));
    expect(pieces.length).toBe(3);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece).toMatch(/^item number \d+ is included(?:, item number \d+ is included)*,$/);
      expect(piece.length).toBeGreaterThan(100);
      expect(piece.length).toBeLessThanOrEqual(200);
    }
  });

  it('ignores clause punctuation in the first half of the limit and cuts at a later comma', () => {
    const long = 'Alpha; ' + Array.from({ length: 30 }, (_, i) => `thing ${i}`).join(', ') + '.';
    const pieces = texts(long, chunkDocument(long, [], { targetChars: 100, maxChars: 120, minChars: 50 }));
    expect(pieces[0]).toMatch(/^Alpha; thing 0, .*thing 11,$/);
    expect(pieces.slice(1).every((piece) => piece.startsWith('thing '))).toBe(true);
  });

  it('cuts a sentence without punctuation between words, never inside one', () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ') + '.';
    const pieces = texts(long, chunkDocument(long, [], { targetChars: 100, maxChars: 120, minChars: 50 }));
    expect(pieces.length).toBe(4);
    for (const piece of pieces) {
      expect(piece).toMatch(/^word\d+(?: word\d+)*\.?$/);
      expect(piece.length).toBeLessThanOrEqual(120);
    }
    expect(pieces.join(' ')).toBe(long);
  });

  it('cuts a word longer than the limit at the limit, and keeps a sentence of exactly the limit whole', () => {
    const word = 'x'.repeat(250);
    expect(chunkDocument(word, [], { targetChars: 100, maxChars: 100, minChars: 50 }).map((c) => [c.start, c.end])).toEqual([
      [0, 100],
      [100, 200],
      [200, 250],
    ]);
    const spaced = `a ${'x'.repeat(98)} ${'y'.repeat(50)}.`;
    expect(chunkDocument(spaced, [], { targetChars: 100, maxChars: 100, minChars: 50 }).map((c) => [c.start, c.end])).toEqual([
      [0, 100],
      [101, 152],
    ]);
    const exact = `The Supplier shall deliver the goods ${'a'.repeat(62)}.`;
    expect(exact.length).toBe(100);
    expect(chunkDocument(exact, [], { targetChars: 100, maxChars: 100, minChars: 50 }).map((c) => [c.start, c.end])).toEqual([[0, 100]]);
  });

  it('never makes a chunk longer than the target when the maximum given is smaller', () => {
    const para = Array.from({ length: 12 }, (_, i) => `Sentence number ${i} of this clause is here.`).join(' ');
    const pieces = texts(para, chunkDocument(para, [], { targetChars: 400, maxChars: 200, minChars: 50 }));
    expect(pieces.map((piece) => piece.length)).toEqual([377, 127]);
  });

  const paragraphs = [
    'The Supplier shall deliver the goods to the Buyer at the agreed place.',
    'Payment is due within sixty days of the date of each invoice received.',
    'Either party may end this agreement by giving ninety days written notice.',
    'Neither party is liable for delays caused by events beyond its control.',
    'This agreement is governed by the laws of the State of New York.',
    'Notices must be in writing and sent to the address stated above here.',
  ];
  const doc = paragraphs.join('\n\n');
  const joined = (...indexes: number[]) => indexes.map((i) => paragraphs[i]).join('\n\n');

  it('closes a chunk at a paragraph once it reaches the minimum, and lets a short one absorb the next up to the target', () => {
    expect(texts(doc, chunkDocument(doc, [], { targetChars: 200, maxChars: 400, minChars: 100 }))).toEqual([joined(0, 1), joined(2, 3), joined(4, 5)]);
    expect(texts(doc, chunkDocument(doc, [], { targetChars: 400, maxChars: 400, minChars: 300 }))).toEqual([joined(0, 1, 2, 3, 4), joined(5)]);
    expect(texts(doc, chunkDocument(doc, [], { targetChars: 150, maxChars: 400, minChars: 60 }))).toEqual(paragraphs);
    expect(texts(doc, chunkDocument(doc, [], { targetChars: 300, maxChars: 300, minChars: 1000 }))).toEqual([joined(0, 1, 2, 3), joined(4, 5)]);
  });

  const sectioned =
    'ARTICLE 1 DEFINITIONS\n\nIn this Agreement the following terms have the meanings given to them below.\n\n' +
    'ARTICLE 2 SERVICES\n\nThe Supplier shall provide the services described in the first schedule hereto.\n\nIt ends here, as agreed.';

  it('opens each chunk with its heading, or lets headings stand alone when asked', () => {
    const attached = chunkDocument(sectioned, []);
    expect(texts(sectioned, attached)).toEqual([sectioned.slice(0, 99), sectioned.slice(101)]);
    expect(attached.map((c) => c.headingPath)).toEqual([['ARTICLE 1 DEFINITIONS'], ['ARTICLE 2 SERVICES']]);
    expect(texts(sectioned, chunkDocument(sectioned, [], { attachHeadings: false }))).toEqual([
      'ARTICLE 1 DEFINITIONS',
      'In this Agreement the following terms have the meanings given to them below.',
      'ARTICLE 2 SERVICES',
      'The Supplier shall provide the services described in the first schedule hereto.\n\nIt ends here, as agreed.',
    ]);
  });

  it('starts a new chunk where a new section begins even below the minimum size', () => {
    const two = '1. Definitions\n\nThe terms below have the meanings given to them in this clause.\n\n2. Services\n\nThe Supplier shall provide the services in the first schedule.';
    const chunks = chunkDocument(two, [], { minChars: 500, targetChars: 1000 });
    expect(chunks.map((c) => [c.start, c.end, c.headingPath])).toEqual([
      [0, 79, ['1 Definitions']],
      [81, 156, ['2 Services']],
    ]);
  });

  it('starts a new chunk at a clause under another heading path, and names a merged chunk by its longest clause', () => {
    const clauses = '9.1 Indemnity. The Supplier shall indemnify the Buyer for all losses.\n\n9.2 Insurance. The Supplier shall maintain insurance with a good insurer.';
    expect(chunkDocument(clauses, [], { minChars: 500, targetChars: 1000 }).map((c) => [c.start, c.end, c.headingPath])).toEqual([
      [0, 69, ['9.1 Indemnity']],
      [71, 144, ['9.2 Insurance']],
    ]);
    const shortFirst = '9.1 Term. It lasts a year.\n\n9.2 Insurance. The Supplier shall maintain insurance with a reputable insurer at all times.';
    expect(chunkDocument(shortFirst, [], { minChars: 500, targetChars: 1000 }).map((c) => [c.start, c.end, c.headingPath])).toEqual([[0, shortFirst.length, ['9.2 Insurance']]]);
  });

  it('keeps a short closing sentence and a run-in title, and leaves out bare numbering at the end', () => {
    const closing = 'The Supplier shall provide the services described in the first schedule hereto.\n\nIt ends here, as agreed.\n\n7.';
    expect(texts(closing, chunkDocument(closing, []))).toEqual([closing.slice(0, closing.indexOf('\n\n7.'))]);
    const runIn = '9.1 Indemnity. The Supplier shall indemnify the Buyer against all losses arising from any breach of this clause. The Buyer shall notify the Supplier promptly of any claim.';
    const chunks = chunkDocument(runIn, [], { targetChars: 100, maxChars: 120, minChars: 50 });
    expect(texts(runIn, chunks)[0]).toMatch(/^9\.1 Indemnity\. The Supplier .* this clause\.$/);
    expect(chunks.map((c) => c.headingPath)).toEqual([['9.1 Indemnity'], ['9.1 Indemnity']]);
  });

  it('names pages given in any order, and the last character decides the page a chunk ends on', () => {
    const first = 'First page text. '.repeat(10).trim();
    const second = 'Second page text. '.repeat(10).trim();
    const twoPages = `${first}\n\n${second}`;
    const pages: PageSpan[] = [
      { page: 2, start: first.length, end: twoPages.length },
      { page: 1, start: 0, end: first.length },
    ];
    const chunks = chunkDocument(twoPages, pages, { targetChars: 170, maxChars: 170, minChars: 50 });
    expect(chunks.map((c) => [c.start, c.end, c.pageStart, c.pageEnd])).toEqual([
      [0, first.length, 1, 1],
      [first.length + 2, 332, 2, 2],
      [333, twoPages.length, 2, 2],
    ]);
  });
});

describe('chunkDocument on real CUAD contracts', () => {
  it.each(REAL_CONTRACTS)('keeps the slice invariant and sensible sizes in %s', (file) => {
    const text = readFileSync(cuadPath('txt', file), 'utf8');
    const chunks = chunkDocument(text, onePage(text));
    expectSliceInvariant(text, chunks);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1000);
    const covered = chunks.reduce((sum, c) => sum + c.text.replace(/\s+/g, '').length, 0);
    expect(covered / text.replace(/\s+/g, '').length).toBeGreaterThan(0.9);
  });
});
