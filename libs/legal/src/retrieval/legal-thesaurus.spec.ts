import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenize } from '../text/tokenizer';
import { LEGAL_THESAURUS } from './legal-thesaurus';
import { buildQuestionQuery } from './query';

const weightOf = (question: string, word: string): number | undefined => {
  const terms = tokenize(word);
  const weights = buildQuestionQuery(question).terms;
  const found = terms.map((term) => weights.find((t) => t.term === term)?.weight);
  return found.every((w) => w !== undefined) ? Math.min(...(found as number[])) : undefined;
};

describe('the legal thesaurus', () => {
  it('joins wordings of one notion across kinds of document', () => {
    expect(weightOf('Must the recipient destroy the documents?', 'erase')).toBeGreaterThan(0);
    expect(weightOf('Can information conveyed orally be confidential?', 'verbally')).toBeGreaterThan(0);
    expect(weightOf('Which courts have jurisdiction?', 'venue')).toBeGreaterThan(0);
    expect(weightOf('Does the policy protect personal data?', 'privacy')).toBeGreaterThan(0);
  });

  it('adds other wordings below the question own words', () => {
    expect(weightOf('Must the recipient destroy the documents?', 'destroy')).toBe(1);
    expect(weightOf('Must the recipient destroy the documents?', 'erase')).toBeLessThan(1);
  });

  it('does not expand a question on words it does not use', () => {
    expect(weightOf('Which courts have jurisdiction?', 'erase')).toBeUndefined();
  });

  it('has entries of two members or more, each analysable, none repeated within an entry', () => {
    for (const entry of LEGAL_THESAURUS) {
      expect(entry.length).toBeGreaterThanOrEqual(2);
      for (const member of entry) expect(tokenize(member).length).toBeGreaterThan(0);
      expect(new Set(entry).size).toBe(entry.length);
    }
  });

  it('is not keyed on a benchmark: no entry repeats a category question of the CUAD fixtures', () => {
    const categories = JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/cuad/categories.json'), 'utf8')) as { question: string }[];
    const questions = new Set(categories.map((category) => tokenize(category.question).join(' ')));
    for (const entry of LEGAL_THESAURUS) for (const member of entry) expect(questions.has(tokenize(member).join(' '))).toBe(false);
  });
});
