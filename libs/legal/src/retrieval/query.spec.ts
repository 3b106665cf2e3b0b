import { tokenize } from '../text/tokenizer';
import { buildQuestionQuery, parseLegalQuery, questionTerms } from './query';

describe('parseLegalQuery', () => {
  it('separates the contract named by a "Consider" prefix from the question', () => {
    const parsed = parseLegalQuery(
      'Consider the MARKETING AFFILIATE AGREEMENT between Birch Inc. ("Company"); Mount Holdings Inc. ("MA"); Which law governs?',
    );
    expect(parsed).toEqual({
      context: 'MARKETING AFFILIATE AGREEMENT between Birch Inc. ("Company"); Mount Holdings Inc. ("MA")',
      question: 'Which law governs?',
    });
  });

  it('leaves a plain question whole', () => {
    expect(parseLegalQuery('  Can either party terminate for convenience? ')).toEqual({ question: 'Can either party terminate for convenience?' });
  });
});

describe('questionTerms', () => {
  it('drops the words that only frame a question about a contract', () => {
    expect(questionTerms('Does the contract contain a clause on audit rights of the counterparty?')).toEqual(tokenize('audit rights'));
  });
});

describe('buildQuestionQuery', () => {
  const weightOf = (question: string, word: string, options = {}): number | undefined => {
    const [term] = tokenize(word);
    return buildQuestionQuery(question, options).terms.find((t) => t.term === term)?.weight;
  };

  it('keeps the question terms at full weight', () => {
    expect(weightOf('Is the liability uncapped?', 'liability')).toBe(1);
  });

  it('adds the wording of the same legal idea at a lower weight', () => {
    const weight = weightOf('Is there a right to audit the books?', 'inspect');
    expect(weight).toBeGreaterThan(0);
    expect(weight).toBeLessThan(1);
    expect(weightOf('Is the agreement indemnified?', 'harmless')).toBeGreaterThan(0);
  });

  it('can turn expansion off', () => {
    expect(weightOf('Is there a right to audit the books?', 'inspect', { synonymWeight: 0 })).toBeUndefined();
  });

  it('adds phrases of adjacent terms when asked', () => {
    const query = buildQuestionQuery('change of control', { bigramWeight: 0.5, synonymWeight: 0 });
    expect(query.bigrams).toEqual([{ term: tokenize('change control').join(' '), weight: 0.5 }]);
  });
});
