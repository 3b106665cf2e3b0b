import { splitSentences } from './sentences';

const sentencesOf = (text: string): string[] => splitSentences(text).map((s) => text.slice(s.start, s.end));

describe('splitSentences', () => {
  it('splits on sentence ends followed by a capital', () => {
    expect(sentencesOf('The term is one year. It renews automatically! Does it end? Yes.')).toEqual([
      'The term is one year.',
      'It renews automatically!',
      'Does it end?',
      'Yes.',
    ]);
  });

  it('does not split after legal abbreviations', () => {
    const text =
      'Acme Inc. and Widget Co. agree, as provided in Sec. 5 and No. 7, that U.S. law applies, e.g. New York law, i.e. State law. The end.';
    expect(sentencesOf(text)).toEqual([
      'Acme Inc. and Widget Co. agree, as provided in Sec. 5 and No. 7, that U.S. law applies, e.g. New York law, i.e. State law.',
      'The end.',
    ]);
  });

  it('does not split after a clause number or an initial', () => {
    expect(sentencesOf('1. Term. The agreement is signed by J. Smith.')).toEqual(['1. Term.', 'The agreement is signed by J. Smith.']);
  });

  it('does not split when the next word is lowercase', () => {
    expect(sentencesOf('Pay within 30 days. after delivery, interest accrues.')).toEqual(['Pay within 30 days. after delivery, interest accrues.']);
  });

  it('splits before the next item of a lettered list', () => {
    expect(sentencesOf('The breaching party fails to cure within the period. d. The Artist may terminate at any time. ii. Fees are due.')).toEqual([
      'The breaching party fails to cure within the period.',
      'd. The Artist may terminate at any time.',
      'ii. Fees are due.',
    ]);
  });

  it('keeps a closing quote or bracket with its sentence', () => {
    expect(sentencesOf('It is called the "Agreement." The parties sign it.')).toEqual(['It is called the "Agreement."', 'The parties sign it.']);
  });

  it('always splits at a blank line', () => {
    expect(sentencesOf('NOTICES\n\nall notices go by mail')).toEqual(['NOTICES', 'all notices go by mail']);
  });

  it('returns trimmed spans within the requested range', () => {
    const text = 'xx  First one. Second one.  yy';
    const spans = splitSentences(text, 2, 27);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['First one.', 'Second one.']);
  });
});
