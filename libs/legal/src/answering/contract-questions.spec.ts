import { answerExtractively, namesClause, searchQuery } from './answer-extractively';
import { broadIntent } from './broad-questions';
import { CONTRACT_QUESTIONS } from './contract-questions';
import { matchQuestionCategories } from './question-categories';
import { matchQuestionTopics } from './topics';
import { LegalRetriever } from '../retrieval';
import type { AnswerPassage } from './types';

/** One passage holding the whole text, as a single-document project hands it to the engine. */
function passageOf(text: string): AnswerPassage[] {
  return [{ id: 'p1', documentId: 'd1', file: 'contract.txt', page: 1, start: 0, end: text.length, text, score: 1, headingPath: [] }];
}

const CONTRACT = [
  'SUPPLY AGREEMENT',
  '',
  '7. Payment. Buyer shall pay each invoice within thirty (30) days of receipt. Late payments bear interest at 1% per month.',
  '',
  '9. Indemnification. Supplier shall indemnify, defend and hold harmless Buyer from and against any and all claims arising out of defects in the Products.',
  '',
  '10. Limitation of Liability. IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL OR CONSEQUENTIAL DAMAGES, INCLUDING LOST PROFITS.',
  '',
  '11. Confidentiality. Each party shall hold the Confidential Information of the other party in strict confidence and shall not disclose it to any third party.',
  '',
  '12. Termination. Either party may terminate this Agreement if the other party materially breaches it and fails to cure the breach within thirty (30) days after written notice.',
  '',
  '14. Governing Law. This Agreement shall be governed by the laws of the State of New York.',
  '',
  '15. Jurisdiction. Each party irrevocably submits to the exclusive jurisdiction of the state and federal courts located in New York County.',
  '',
  '16. Notices. All notices under this Agreement shall be in writing and shall be deemed given when delivered by courier to the addresses set forth below.',
  '',
  '17. Force Majeure. Neither party shall be liable for any delay caused by events beyond its reasonable control, including acts of God, fire or flood.',
  '',
  '18. Warranties. Supplier warrants that the Products shall be free from defects in materials and workmanship for twelve (12) months.',
].join('\n');

const quoted = (question: string, text = CONTRACT): string[] => answerExtractively(question, passageOf(text)).citations.map((c) => c.quote);

describe('the thirty questions lawyers ask of a contract', () => {
  it('are thirty, each with its own id and wording', () => {
    expect(CONTRACT_QUESTIONS).toHaveLength(30);
    expect(new Set(CONTRACT_QUESTIONS.map((q) => q.id)).size).toBe(30);
    expect(new Set(CONTRACT_QUESTIONS.map((q) => q.question)).size).toBe(30);
  });

  it.each(CONTRACT_QUESTIONS.map((q) => [q.id, q] as const))('%s is routed to the clauses that answer it', (_id, { question, answeredBy }) => {
    const categories = matchQuestionCategories(question);
    const topics = matchQuestionTopics(question);
    if ('category' in answeredBy) {
      expect(categories.categories).toContain(answeredBy.category);
      expect(categories.weight).toBeGreaterThanOrEqual(Math.max(2, topics.weight));
    } else {
      expect(topics.topics).toContain(answeredBy.topic);
      expect(topics.weight).toBeGreaterThan(categories.weight);
    }
    // None of them is taken for a question about the documents as a whole.
    expect(broadIntent(question)).toBeNull();
  });
});

describe('questions on clauses outside the report categories', () => {
  it.each([
    ['What are the indemnification obligations?', 'shall indemnify, defend and hold harmless'],
    ['What are the payment terms?', 'pay each invoice within thirty (30) days'],
    ['Are consequential or indirect damages excluded?', 'INDIRECT, INCIDENTAL OR CONSEQUENTIAL DAMAGES'],
    ['What are the confidentiality obligations?', 'in strict confidence'],
    ['On what grounds can a party terminate for breach?', 'materially breaches'],
    ['Which courts have jurisdiction over disputes?', 'exclusive jurisdiction of the state and federal courts'],
    ['How must notices be given under the agreement?', 'All notices under this Agreement shall be in writing'],
    ['Is there a force majeure clause?', 'beyond its reasonable control'],
    ['What warranties does each party give?', 'Supplier warrants that the Products'],
  ])('%s is answered from its own clause', (question, clause) => {
    const quotes = quoted(question);
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes[0]).toContain(clause);
  });

  it('does not answer the forum question with the governing-law clause', () => {
    expect(quoted('Which courts have jurisdiction over disputes?').join(' ')).not.toContain('governed by the laws');
  });

  it('does not answer the forum question with where an arbitral award may be enforced', () => {
    const arbitration = [
      'SERVICES AGREEMENT',
      '',
      '24. Arbitration. 24.1 Any dispute shall be finally settled by arbitration under the ICC Rules.',
      '',
      '24.3 Judgment upon any award may be entered in any court having jurisdiction, or application may be made to the court for a judicial recognition of the award.',
    ].join('\n');
    expect(answerExtractively('Which courts have jurisdiction over disputes?', passageOf(arbitration)).abstained).toBe(true);
  });

  it('does not quote a form\'s empty answer', () => {
    const form = ['SCHEDULE 3', '', '5. Insurance', '', 'Not applicable.', '', '6. Governing Law', '', 'This Agreement is governed by the laws of Delaware.'].join('\n');
    expect(answerExtractively('What insurance must be maintained?', passageOf(form)).abstained).toBe(true);
  });

  it('does not answer the notices question with a notice of breach', () => {
    expect(quoted('How must notices be given under the agreement?').join(' ')).not.toContain('materially breaches');
  });

  it('does not take a notice taking effect for the agreement doing so', () => {
    const text = [
      'SERVICES AGREEMENT',
      '',
      '2. Term. This Agreement shall become effective on the date it is signed by both parties.',
      '',
      '9. Notices. All notices hereunder shall be in writing and shall be effective when received by the addressee.',
    ].join('\n');
    const quotes = quoted('When does the agreement become effective?', text);
    expect(quotes.join(' ')).toContain('This Agreement shall become effective');
    expect(quotes.join(' ')).not.toContain('All notices');
  });

  it('says so when the contract has no such clause', () => {
    const answer = answerExtractively('Is there an arbitration clause?', passageOf(CONTRACT));
    expect(answer.abstained).toBe(true);
    expect(answerExtractively('What are the indemnification obligations?', passageOf('SERVICES AGREEMENT\n\n1. Services. Provider shall perform the services.')).abstained).toBe(true);
  });
});

describe('what the engine reads for a question', () => {
  it('reads more passages for a question that names a kind of clause', () => {
    expect(namesClause('What are the payment terms?')).toBe(true);
    expect(namesClause('Consider the Supply Agreement between Acme and Beta; Is there a cap on liability?')).toBe(true);
    expect(namesClause('Where is the warehouse?')).toBe(false);
  });

  it("searches a topic's or a clause's question with the words its clauses are written in, and any other question as asked", () => {
    expect(searchQuery('What are the payment terms?')).toMatch(/^What are the payment terms\? .*\bpaid\b.*\binvoice\b/);
    expect(searchQuery('Is there a liquidated damages clause?')).toMatch(/\? .*\bpenalty\b/);
    expect(searchQuery('Where is the warehouse?')).toBe('Where is the warehouse?');
  });

  it('finds a clause written in other words than the question among many passages', () => {
    // Forty passages share the question's words; the clause that answers it shares none.
    const filler = Array.from({ length: 40 }, (_, i) => `${i + 1}. Claims. Either party may claim damages for a breach of Schedule ${i + 1} of this clause.`);
    const clause = '41. Late delivery. The Supplier shall pay a penalty of one percent of the price for each week of delay.';
    const text = [...filler, clause].join('\n\n');
    const passages = text.split('\n\n').map((part, i) => ({ id: String(i), documentId: 'd1', text: part, headingPath: [] }));
    const retriever = LegalRetriever.build([{ id: 'd1', text }], passages);
    const question = 'Is there a liquidated damages clause?';
    const found = (query: string): boolean => retriever.search(query, 8).some((hit) => hit.id === '40');
    expect(found(question)).toBe(false);
    expect(found(searchQuery(question))).toBe(true);
  });
});

