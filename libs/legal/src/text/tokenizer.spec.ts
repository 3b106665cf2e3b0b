import { bigrams, normalizeWord, tokenize, tokenizeWithOffsets } from './tokenizer';

describe('tokenize', () => {
  it('lowercases, drops stopwords and stems', () => {
    expect(tokenize('The Licensee shall indemnify the Licensor')).toEqual(['license', 'indemnifi', 'licensor']);
  });

  it('keeps negations, which carry the meaning of a clause', () => {
    expect(tokenize('without cause; shall not compete')).toEqual(['without', 'caus', 'not', 'compet']);
  });

  it('strips possessives and accents and splits on punctuation', () => {
    expect(tokenize('the Party’s non-compete with Société Générale')).toEqual(['parti', 'non', 'compet', 'societ', 'general']);
  });

  it('handles letters outside ASCII', () => {
    expect(tokenize('Vertrag über Lizenzen')).toEqual(['vertrag', 'uber', 'lizenzen']);
  });

  it('can keep every word unstemmed', () => {
    expect(tokenize('The Terms', { stem: false, stopwords: false })).toEqual(['the', 'terms']);
  });

  it('reports the offsets of each word', () => {
    const text = 'Term and Termination';
    const tokens = tokenizeWithOffsets(text);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Term', 'Termination']);
  });
});

describe('normalizeWord', () => {
  it('removes a possessive ending', () => {
    expect(normalizeWord("Licensee's")).toBe('licensee');
  });
});

describe('bigrams', () => {
  it('pairs adjacent terms', () => {
    expect(bigrams(['chang', 'control', 'parti'])).toEqual(['chang control', 'control parti']);
  });
});
