import { readFileSync } from 'node:fs';
import { cuadPath } from '@test/utils/fixtures';
import { normalizeWhitespace, PageMap, RELOCATION_WINDOW } from '@casewise/legal';
import { CitationChecker } from './citation-checker';
import { Citation } from './llm.types';

interface CuadQuery {
  file: string;
  spans: [number, number][];
}

const TEXT = [
  'MASTER SERVICES AGREEMENT',
  '',
  '1. Term. This Agreement commences on the Effective Date and continues for   three (3) years.',
  '2. Governing law. This Agreement is governed by the laws of the State of New York.',
  '3. Fees. Customer shall pay the fees within thirty (30) days of invoice.',
].join('\n');

function citationOf(text: string, quote: string, overrides: Partial<Citation> = {}): Citation {
  const start = text.indexOf(quote);
  if (start < 0) throw new Error(`test setup: "${quote}" is not in the text`);
  return { documentId: 'doc-1', file: 'msa.txt', page: 1, start, end: start + quote.length, quote, ...overrides };
}

describe(CitationChecker.name, () => {
  const sut = new CitationChecker();
  const textOf = (id: string): string | undefined => (id === 'doc-1' ? TEXT : undefined);
  // Page 2 begins where the fees clause's "Customer shall pay" does.
  const pageBreak = TEXT.indexOf('Customer shall pay');
  const twoPages = new PageMap([
    { page: 1, start: 0, end: pageBreak },
    { page: 2, start: pageBreak, end: TEXT.length },
  ]);

  it('accepts a quote that equals the text at its offsets', () => {
    const citation = citationOf(TEXT, 'governed by the laws of the State of New York');
    const result = sut.check([citation], textOf);
    expect(result.invalid).toEqual([]);
    expect(result.valid).toEqual([{ ...citation, relocated: false }]);
  });

  it('accepts a quote whose whitespace differs from the text', () => {
    const exact = citationOf(TEXT, 'continues for   three (3) years.');
    const result = sut.check([{ ...exact, quote: '  continues for three (3)\nyears. ' }], textOf);
    expect(result.valid).toHaveLength(1);
    expect(result.valid[0]).toMatchObject({ start: exact.start, end: exact.end, quote: 'continues for   three (3) years.', relocated: false });
  });

  it('relocates a quote given at wrong offsets and flags it', () => {
    const exact = citationOf(TEXT, 'within thirty (30) days of invoice');
    const result = sut.check([{ ...exact, start: exact.start - 40, end: exact.end - 40 }], textOf);
    expect(result.invalid).toEqual([]);
    expect(result.valid[0]).toMatchObject({ start: exact.start, end: exact.end, relocated: true });
  });

  it('relocates a quote that differs in whitespace only and returns the span of the original text', () => {
    const exact = citationOf(TEXT, 'continues for   three (3) years');
    const result = sut.check([{ ...exact, start: 0, end: 10, quote: 'continues for three (3) years' }], textOf);
    expect(result.valid[0]).toMatchObject({ start: exact.start, end: exact.end, relocated: true });
    expect(TEXT.slice(result.valid[0]?.start, result.valid[0]?.end)).toBe('continues for   three (3) years');
    expect(result.valid[0]?.quote).toBe('continues for   three (3) years');
  });

  it('rejects a quote that is not in the document', () => {
    const exact = citationOf(TEXT, 'governed by the laws of the State of New York');
    const forged = { ...exact, quote: 'governed by the laws of the State of Delaware' };
    const result = sut.check([forged], textOf);
    expect(result.valid).toEqual([]);
    expect(result.invalid).toEqual([{ citation: forged, reason: 'The quoted text does not occur in the document.' }]);
  });

  it('rejects a citation of an unknown document and an empty quote', () => {
    const exact = citationOf(TEXT, 'Fees');
    const result = sut.check([{ ...exact, documentId: 'other' }, { ...exact, quote: ' \n ' }], textOf);
    expect(result.valid).toEqual([]);
    expect(result.invalid.map((entry) => entry.reason)).toEqual([
      'The cited document is not available.',
      'The citation has no quoted text.',
    ]);
  });

  it('rejects offsets outside the text unless the quote can be found', () => {
    const exact = citationOf(TEXT, 'Customer shall pay');
    const result = sut.check([{ ...exact, start: 10_000, end: 10_010 }, { ...exact, start: 5, end: 2, quote: 'Vendor shall pay' }], textOf);
    expect(result.valid).toHaveLength(1);
    expect(result.valid[0]).toMatchObject({ start: exact.start, relocated: true });
    expect(result.invalid).toHaveLength(1);
  });

  it('prefers the occurrence nearest the claimed offsets when a quote occurs twice', () => {
    const text = `${'x'.repeat(5000)} the Agreement ${'y'.repeat(100)} the Agreement ${'z'.repeat(5000)}`;
    const second = text.lastIndexOf('the Agreement');
    const result = sut.check([{ documentId: 'd', file: 'f', page: 1, start: second + 3, end: second + 16, quote: 'the Agreement' }], () => text);
    expect(result.valid[0]).toMatchObject({ start: second, relocated: true });
  });

  it('finds a quote anywhere in the document when it is far from the claimed offsets', () => {
    const text = `${'Preamble. '.repeat(1000)}The Supplier indemnifies the Buyer.`;
    const at = text.indexOf('The Supplier');
    const result = sut.check([{ documentId: 'd', file: 'f', page: 1, start: 0, end: 20, quote: 'The Supplier indemnifies the Buyer.' }], () => text);
    expect(result.valid[0]).toMatchObject({ start: at, end: text.length, relocated: true });
  });

  it('names the page of a relocated quote when a page map is given', () => {
    const exact = citationOf(TEXT, 'Customer shall pay');
    const result = sut.check([{ ...exact, start: 0, end: 5, page: 1 }], textOf, { pagesOf: () => twoPages });
    expect(result.valid[0]?.page).toBe(2);
  });

  it('names the page of a quote kept in place from the page map, not from the passage it came through', () => {
    const exact = citationOf(TEXT, 'Customer shall pay');
    const result = sut.check([{ ...exact, page: 1 }], textOf, { pagesOf: () => twoPages });
    expect(result.valid[0]).toMatchObject({ page: 2, relocated: false });
  });

  it('keeps the page a citation came with when no page map holds its quote', () => {
    const exact = citationOf(TEXT, 'Customer shall pay');
    const firstPageOnly = new PageMap([{ page: 1, start: 0, end: 101 }]);
    expect(sut.check([{ ...exact, page: 5 }], textOf, { pagesOf: () => firstPageOnly }).valid[0]?.page).toBe(5);
    expect(sut.check([{ ...exact, page: 5 }], textOf, { pagesOf: () => undefined }).valid[0]?.page).toBe(5);
  });

  it('keeps a quote at offset 0 as given', () => {
    const citation = citationOf(TEXT, 'MASTER SERVICES AGREEMENT');
    expect(citation.start).toBe(0);
    expect(sut.check([citation], textOf).valid).toEqual([{ ...citation, relocated: false }]);
  });

  it('never passes on offsets that are not whole numbers inside the text, even when slicing them gives the quote', () => {
    const tail = citationOf(TEXT, 'within thirty (30) days of invoice.');
    expect(tail.end).toBe(TEXT.length);
    const given: Citation[] = [
      { ...tail, start: tail.start + 0.4, end: tail.end + 0.4 },
      { ...tail, start: tail.start - TEXT.length, end: TEXT.length },
      { ...tail, end: TEXT.length + 10 },
      { ...tail, start: tail.start + 0.4 },
      { ...tail, end: tail.end + 0.4 },
    ];
    expect(sut.check([tail], textOf).valid).toEqual([{ ...tail, relocated: false }]);
    // What String.prototype.slice would make of them: the quote each time.
    for (const c of given) expect(TEXT.slice(c.start, c.end)).toBe(tail.quote);
    const result = sut.check(given, textOf);
    expect(result.invalid).toEqual([]);
    expect(result.valid.map(({ start, end, relocated }) => ({ start, end, relocated }))).toEqual(given.map(() => ({ start: tail.start, end: tail.end, relocated: true })));
  });

  it('relocates to the occurrence nearest the claimed offsets, the earlier one on a tie', () => {
    const quote = 'the Agreement';
    const text = `${'x'.repeat(5000)} ${quote} ${'y'.repeat(100)} ${quote} ${'y'.repeat(100)} ${quote} ${'z'.repeat(5000)}`;
    const first = text.indexOf(quote);
    const second = text.indexOf(quote, first + 1);
    const third = text.lastIndexOf(quote);
    const at = (start: number) => sut.check([{ documentId: 'd', file: 'f', page: 1, start, end: start + quote.length, quote }], () => text).valid[0];
    expect(at(first - 7)).toMatchObject({ start: first, relocated: true });
    expect(at(second + 3)).toMatchObject({ start: second, relocated: true });
    expect(at(third + 3)).toMatchObject({ start: third, relocated: true });
    expect(at((first + second) / 2)).toMatchObject({ start: first, relocated: true });
  });

  it('prefers an occurrence within the window around the claimed span to a nearer start outside it', () => {
    const quote = 'the Licensee indemnifies the Licensor';
    const claimed = { start: 6000, end: 6000 + 3000 };
    const outside = claimed.start - RELOCATION_WINDOW - 100;
    const inside = claimed.end + 500;
    const filler = (n: number) => 'x'.repeat(n);
    const text = `${filler(outside)}${quote}${filler(inside - outside - quote.length)}${quote}${filler(3000)}`;
    expect([text.indexOf(quote), text.lastIndexOf(quote)]).toEqual([outside, inside]);
    const result = sut.check([{ documentId: 'd', file: 'f', page: 1, ...claimed, quote }], () => text);
    expect(result.valid[0]).toMatchObject({ start: inside, end: inside + quote.length, relocated: true });
  });

  it('never matches past the end of the text', () => {
    // Reading past the end of a string yields undefined, which would spell itself into the searched text.
    const result = sut.check([{ documentId: 'doc-1', file: 'f', page: 1, start: TEXT.length - 8, end: TEXT.length, quote: 'invoice.undefined' }], textOf);
    expect(result.valid).toEqual([]);
  });

  it('takes the nearest occurrence within the window on either side of the claimed start', () => {
    const quote = 'the Licensee indemnifies the Licensor';
    const claimed = { start: 6000, end: 9000 };
    const near = claimed.start + 100;
    const far = claimed.end + 1000;
    const text = `${'x'.repeat(near)}${quote}${'x'.repeat(far - near - quote.length)}${quote}${'x'.repeat(3000)}`;
    const result = sut.check([{ documentId: 'd', file: 'f', page: 1, ...claimed, quote }], () => text);
    expect(result.valid[0]).toMatchObject({ start: near, relocated: true });
  });

  const queriesPath = cuadPath('dev', 'queries.json');
  it('accepts lawyer-marked CUAD spans, relocates them when shifted, and rejects altered quotes', () => {
    const queries = (JSON.parse(readFileSync(queriesPath, 'utf8')) as CuadQuery[]).filter((q) => q.spans.length > 0).slice(0, 60);
    const texts = new Map<string, string>();
    for (const query of queries) {
      if (!texts.has(query.file)) texts.set(query.file, readFileSync(cuadPath('txt', query.file), 'utf8'));
    }
    const citations: Citation[] = queries.map((query) => {
      const [start, end] = query.spans[0] as [number, number];
      const text = texts.get(query.file) as string;
      return { documentId: query.file, file: query.file, page: 1, start, end, quote: text.slice(start, end) };
    });
    const exact = sut.check(citations, (id) => texts.get(id));
    expect(exact.invalid).toEqual([]);
    expect(exact.valid.every((c) => !c.relocated)).toBe(true);

    const shifted = sut.check(citations.map((c) => ({ ...c, start: c.start + 37, end: c.end + 37 })), (id) => texts.get(id));
    expect(shifted.invalid).toEqual([]);
    for (const [i, found] of shifted.valid.entries()) {
      const text = texts.get(found.documentId) as string;
      expect(normalizeWhitespace(text.slice(found.start, found.end))).toBe(normalizeWhitespace((citations[i] as Citation).quote));
    }

    const altered = sut.check(citations.map((c) => ({ ...c, quote: `${c.quote} notwithstanding anything to the contrary herein zzq` })), (id) => texts.get(id));
    expect(altered.valid).toEqual([]);
    expect(altered.invalid).toHaveLength(citations.length);
  });
});
