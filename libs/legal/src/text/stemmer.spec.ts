import { stem } from './stemmer';

describe('stem', () => {
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['hopping', 'hop'],
    ['falling', 'fall'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['digitizer', 'digit'],
    ['operator', 'oper'],
    ['hopefulness', 'hope'],
    ['formalize', 'formal'],
    ['electrical', 'electr'],
    ['goodness', 'good'],
    ['allowance', 'allow'],
    ['adjustment', 'adjust'],
    ['adoption', 'adopt'],
    ['effective', 'effect'],
    ['controlling', 'control'],
  ])('reduces %s to %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('gives inflections of one legal verb the same stem', () => {
    const forms = ['terminate', 'terminated', 'terminates', 'termination', 'terminating'];
    expect(new Set(forms.map(stem)).size).toBe(1);
  });

  it('gives a noun and its plural the same stem', () => {
    expect(stem('licenses')).toBe(stem('license'));
    expect(stem('assignments')).toBe(stem('assignment'));
    expect(stem('warranties')).toBe(stem('warranty'));
  });

  it('leaves short words and words with non-ASCII letters alone', () => {
    expect(stem('is')).toBe('is');
    expect(stem('société')).toBe('société');
  });
});
