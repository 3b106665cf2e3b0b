import { CollapsedText, locateQuote, quotedAt, RELOCATION_WINDOW, verifyQuote } from './quote-location';

const TEXT = 'MASTER SERVICES AGREEMENT\n\n1. Term. This Agreement continues for   three (3) years.\n2. Fees. Customer shall pay within thirty (30) days.';

describe('quotedAt', () => {
  const at = TEXT.indexOf('This Agreement');
  const quote = 'This Agreement continues for three (3) years.';
  const end = TEXT.indexOf('years.') + 6;

  it('reads the quote at its offsets, whitespace aside', () => {
    expect(quotedAt(TEXT, quote, { start: at, end })).toBe(true);
    expect(quotedAt(TEXT, `  ${quote}\n`, { start: at, end })).toBe(true);
    expect(quotedAt(TEXT, quote, { start: at + 1, end })).toBe(false);
    expect(quotedAt(TEXT, 'This Agreement ends', { start: at, end })).toBe(false);
  });

  it('refuses offsets that are not whole numbers inside the text', () => {
    const tail = 'within thirty (30) days.';
    const start = TEXT.indexOf(tail);
    expect(quotedAt(TEXT, tail, { start, end: TEXT.length })).toBe(true);
    for (const span of [{ start: start + 0.4, end: TEXT.length }, { start, end: TEXT.length + 1 }, { start: start - TEXT.length, end: TEXT.length }]) {
      expect(TEXT.slice(span.start, span.end)).toBe(tail);
      expect(quotedAt(TEXT, tail, span)).toBe(false);
    }
  });
});

describe('verifyQuote', () => {
  const quote = 'Customer shall pay';
  const at = TEXT.indexOf(quote);

  it('keeps a quote found at its offsets, and does not search the whole text for it', () => {
    const whole = jest.fn(() => new CollapsedText(TEXT));
    expect(verifyQuote(TEXT, quote, { start: at, end: at + quote.length }, whole)).toEqual({ start: at, end: at + quote.length, relocated: false });
    expect(whole).not.toHaveBeenCalled();
  });

  it('moves a quote given at wrong offsets to where it is, and finds none that is not there', () => {
    expect(verifyQuote(TEXT, 'Customer  shall\npay', { start: 0, end: 5 })).toEqual({ start: at, end: at + quote.length, relocated: true });
    expect(verifyQuote(TEXT, 'Supplier shall pay', { start: at, end: at + quote.length })).toBeNull();
  });

  it('searches the whole text through the view it is given when the quote is beyond the window', () => {
    const text = `${'x'.repeat(RELOCATION_WINDOW * 3)} ${quote}`;
    const whole = jest.fn(() => new CollapsedText(text));
    expect(verifyQuote(text, quote, { start: 0, end: 5 }, whole)).toEqual({ start: text.length - quote.length, end: text.length, relocated: true });
    expect(whole).toHaveBeenCalledTimes(1);
  });
});

describe('locateQuote', () => {
  it('returns null for a quote that is only whitespace', () => {
    expect(locateQuote(TEXT, '   ')).toBeNull();
  });

  it('finds a quote without a claimed span, or far outside it, the first occurrence winning without one', () => {
    const text = `${'Preamble. '.repeat(600)}The Supplier indemnifies the Buyer. ${'Recital. '.repeat(600)}The Supplier indemnifies the Buyer.`;
    const first = text.indexOf('The Supplier');
    const last = text.lastIndexOf('The Supplier');
    expect(locateQuote(text, 'The  Supplier\nindemnifies the Buyer.')).toEqual({ start: first, end: first + 35 });
    expect(locateQuote(text, 'The Supplier indemnifies the Buyer.', { start: text.length, end: text.length })).toEqual({ start: last, end: text.length });
    expect(locateQuote(text, 'The Supplier indemnifies the Buyer.', { start: 0, end: 5 })).toEqual({ start: first, end: first + 35 });
    expect(locateQuote(text, 'The Supplier indemnifies the Seller.', { start: 0, end: 5 })).toBeNull();
  });

  it('finds nothing for an empty quote, and nothing beyond the end of a partial view', () => {
    expect(new CollapsedText('alpha beta').find(' \n ')).toEqual([]);
    expect(new CollapsedText('alphabet', 0, 5).find('alphab')).toEqual([]);
    expect(new CollapsedText('alphabet', 0, 5).find('alpha')).toEqual([{ start: 0, end: 5 }]);
    expect(new CollapsedText('  alphabet', 2, 8).find('phab')).toEqual([{ start: 4, end: 8 }]);
  });

  it('maps a collapsed match back to original offsets across newlines and runs of spaces', () => {
    const text = 'alpha\n\n  beta   gamma';
    const found = new CollapsedText(text).find('alpha beta gamma');
    expect(found).toEqual([{ start: 0, end: text.length }]);
  });
});
