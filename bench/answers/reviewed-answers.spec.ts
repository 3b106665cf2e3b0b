import { locateQuote } from '../lib/cuad';
import { ReviewedAnswers, type ReviewedFile } from './reviewed-answers';

const TEXT = [
  'SUPPLY AGREEMENT',
  '',
  '4. Prices. The prices of the Products will not increase for a period of one year',
  'from the Effective Date.',
  '',
  '9. No license is granted to the Distributor or any of its affiliates by this Agreement.',
].join('\n');

const CATEGORIES = new Set(['Price Restrictions', 'Affiliate License-Licensee']);
const FILE = 'supply.txt';

function reviewed(file: Partial<ReviewedFile>): ReviewedAnswers {
  return new ReviewedAnswers({ note: '', answers: [], errors: [], ...file }, CATEGORIES);
}

describe('reviewed answers of bench:answers', () => {
  it('finds a quote in its contract whatever the whitespace between its words', () => {
    const span = locateQuote(TEXT, 'will not increase for a period of one year from the');
    expect(span).toBeDefined();
    const [start, end] = span as [number, number];
    expect(TEXT.slice(start, end)).toBe('will not increase for a period of one year\nfrom the');
    expect(locateQuote(TEXT, 'will not decrease for a period')).toBeUndefined();
  });

  it('gives the spans read as stating a clause, for their contract and category only', () => {
    const judgments = reviewed({ answers: [{ file: FILE, category: 'Price Restrictions', quote: 'The prices of the Products will not increase', why: 'price fixed for a year' }] });
    const [[start]] = judgments.spansOf(FILE, 'Price Restrictions', TEXT);
    expect(start).toBe(TEXT.indexOf('The prices'));
    expect(judgments.spansOf(FILE, 'Affiliate License-Licensee', TEXT)).toEqual([]);
    expect(judgments.spansOf('other.txt', 'Price Restrictions', TEXT)).toEqual([]);
    expect(judgments.size).toEqual({ answers: 1, errors: 0 });
  });

  it('tells a citation read as not stating the clause', () => {
    const judgments = reviewed({ errors: [{ file: FILE, category: 'Affiliate License-Licensee', quote: 'No license is granted to the Distributor', why: 'licence denied' }] });
    const at = TEXT.indexOf('9. No license');
    expect(judgments.isError(FILE, 'Affiliate License-Licensee', TEXT, { start: at, end: TEXT.length })).toBe(true);
    expect(judgments.isError(FILE, 'Affiliate License-Licensee', TEXT, { start: 0, end: at })).toBe(false);
  });

  it('fails on a judgment that cannot be checked: a quote the contract lacks, an unknown category, no reason', () => {
    const stale = reviewed({ answers: [{ file: FILE, category: 'Price Restrictions', quote: 'The prices may rise every month', why: 'x' }] });
    expect(() => stale.spansOf(FILE, 'Price Restrictions', TEXT)).toThrow('"The prices may rise every month" is not in the contract');
    expect(() => reviewed({ answers: [{ file: FILE, category: 'Prices', quote: 'The prices of the Products', why: 'x' }] })).toThrow('unknown category "Prices"');
    expect(() => reviewed({ errors: [{ file: FILE, category: 'Price Restrictions', quote: 'The prices of the Products', why: ' ' }] })).toThrow('no reason given');
    expect(() => reviewed({ errors: [{ file: FILE, category: 'Price Restrictions', quote: 'The prices', why: 'x' }] })).toThrow('too short');
  });
});
