import { tokenize } from '../text/tokenizer';
import { legalRoot, MorphologyIndex } from './legal-morphology';

const stemOf = (word: string): string => tokenize(word)[0];
const rootOf = (word: string): string => legalRoot(stemOf(word));

describe(legalRoot.name, () => {
  it.each([
    ['assignment', 'assignee', 'assignor'],
    ['license', 'licensee', 'licensor'],
    ['indemnify', 'indemnification', 'indemnitor', 'indemnitee'],
    ['disclose', 'disclosure', 'discloser'],
    ['transfer', 'transferee'],
    ['competitor', 'competition', 'compete'],
    ['warranty', 'warrant'],
  ])('gives %s and its derivations one root', (...words: string[]) => {
    expect(new Set(words.map(rootOf)).size).toBe(1);
  });

  it('never cuts a stem below five characters, so short words stay apart', () => {
    expect(rootOf('notify')).not.toBe(rootOf('note'));
    expect(rootOf('limit')).toBe(stemOf('limit'));
    expect(rootOf('audit')).toBe(stemOf('audit'));
  });
});

describe(MorphologyIndex.name, () => {
  it('finds the variants of a term among the indexed terms, never the term itself', () => {
    const index = new MorphologyIndex(tokenize('assignee assignor licensee governing law'));
    expect(index.variants(stemOf('assignment')).sort()).toEqual([stemOf('assignee'), stemOf('assignor')].sort());
    expect(index.variants(stemOf('licensee'))).toEqual([]);
    expect(index.variants(stemOf('license'))).toEqual([stemOf('licensee')]);
    expect(index.variants(stemOf('confidentiality'))).toEqual([]);
  });
});
