import { readFileSync } from 'node:fs';
import { cuadPath } from '@test/utils/fixtures';
import { matchQuestionCategories, questionCategories } from './question-categories';

const CATEGORIES = cuadPath('categories.json');

describe('questionCategories', () => {
  it('maps plain questions to the clause they ask about', () => {
    expect(questionCategories('Is there a cap on liability?')).toEqual(['Cap On Liability']);
    expect(questionCategories('Is our liability uncapped for IP infringement?')).toEqual(['Uncapped Liability']);
    expect(questionCategories('Can the distributor terminate for convenience?')).toEqual(['Termination For Convenience']);
    expect(questionCategories('What law governs this agreement?')).toEqual(['Governing Law']);
    expect(questionCategories('How much notice is needed to prevent the automatic renewal?')).toEqual(['Notice Period To Terminate Renewal']);
    expect(questionCategories('Who are the parties?')).toEqual(['Parties']);
  });

  it('finds no category in a question about something else', () => {
    expect(questionCategories('What is the capital of France?')).toEqual([]);
    expect(matchQuestionCategories('What is the purchase price?').weight).toBe(0);
  });

  it('rates generic wording below a named clause', () => {
    expect(matchQuestionCategories('What does the license cover?').weight).toBe(1);
    expect(matchQuestionCategories('Is the license irrevocable?')).toEqual({ categories: ['Irrevocable Or Perpetual License'], weight: 3 });
  });

  it('maps every CUAD category question to its own category', () => {
    const categories = JSON.parse(readFileSync(CATEGORIES, 'utf8')) as { category: string; question: string }[];
    for (const { category, question } of categories) expect({ question, got: questionCategories(question) }).toEqual({ question, got: [category] });
  });
});
