import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CitationChecker, CollapsedText, locateQuote, normalizeWhitespace } from './citation-checker';
import { Citation } from './llm.types';

const CUAD_DIR = join(__dirname, '..', '..', '..', '..', '..', '..', 'shared', 'data', 'cuad');

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
    expect(result.valid[0]).toMatchObject({ start: exact.start, end: exact.end, relocated: false });
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

  it('names the page of a relocated quote when a page lookup is given', () => {
    const exact = citationOf(TEXT, 'Customer shall pay');
    const result = sut.check([{ ...exact, start: 0, end: 5, page: 1 }], textOf, { pageOf: (_id, offset) => (offset > 100 ? 2 : 1) });
    expect(result.valid[0]?.page).toBe(2);
  });

  const queriesPath = join(CUAD_DIR, 'dev', 'queries.json');
  const cuad = existsSync(queriesPath) ? it : it.skip;
  cuad('accepts lawyer-marked CUAD spans, relocates them when shifted, and rejects altered quotes', () => {
    const queries = (JSON.parse(readFileSync(queriesPath, 'utf8')) as CuadQuery[]).filter((q) => q.spans.length > 0).slice(0, 60);
    const texts = new Map<string, string>();
    for (const query of queries) {
      if (!texts.has(query.file)) texts.set(query.file, readFileSync(join(CUAD_DIR, 'txt', query.file), 'utf8'));
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

describe('locateQuote', () => {
  it('returns null for a quote that is only whitespace', () => {
    expect(locateQuote(TEXT, '   ')).toBeNull();
  });

  it('maps a collapsed match back to original offsets across newlines and runs of spaces', () => {
    const text = 'alpha\n\n  beta   gamma';
    const found = new CollapsedText(text).find('alpha beta gamma');
    expect(found).toEqual([{ start: 0, end: text.length }]);
  });
});
