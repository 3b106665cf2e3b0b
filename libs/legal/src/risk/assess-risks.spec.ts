import type { ClauseFinding } from '../clauses/detect-clauses';
import { assessContractRisks, assessRisks, findGaps, gradeFinding } from './assess-risks';
import { determineBearer } from './bearer';
import { EXPECTED_PROTECTIONS, RISK_PROFILES } from './risk-profiles';
import { BOTH_PARTIES, UNCLEAR, type PartyRef } from './types';

const PARTIES: PartyRef[] = [
  { name: 'Northwind Tools, Inc.', role: 'Supplier' },
  { name: 'Harbor Supply LLC', role: 'Distributor' },
];

function finding(category: string, quote: string, confidence = 0.9, start = 0): ClauseFinding {
  return { category, quote, start, end: start + quote.length, confidence };
}

describe('determineBearer', () => {
  it('puts a restriction on the party it binds', () => {
    expect(determineBearer('Distributor shall not sell competing products.', 'subject', PARTIES)).toBe('Distributor');
  });

  it('puts a right on the other party', () => {
    expect(determineBearer('Supplier may terminate this Agreement at any time upon 30 days notice.', 'counterparty', PARTIES)).toBe('Distributor');
  });

  it('treats mutual wording as borne by both parties', () => {
    expect(determineBearer('Neither party may assign this Agreement without consent.', 'subject', PARTIES)).toBe(BOTH_PARTIES);
  });

  it('says so when the text does not name a party', () => {
    expect(determineBearer('Any attempted assignment shall be void.', 'subject', PARTIES)).toBe(UNCLEAR);
  });

  it('uses a capitalised subject when no parties are known', () => {
    expect(determineBearer('Licensee shall not challenge the Marks.', 'subject')).toBe('Licensee');
    expect(determineBearer('This Agreement shall not be assigned.', 'subject')).toBe(UNCLEAR);
  });
});

describe('gradeFinding', () => {
  it('grades uncapped liability as high with a plain rationale', () => {
    const item = gradeFinding(finding('Uncapped Liability', 'The cap shall not apply to Supplier indemnification obligations.'), PARTIES);
    expect(item).toMatchObject({ category: 'Uncapped Liability', severity: 'high' });
    expect(item?.rationale.length).toBeGreaterThan(20);
  });

  it('raises a long post-term non-compete to high and keeps a short one at medium', () => {
    const long = gradeFinding(finding('Non-Compete', 'Distributor shall not compete for three (3) years after termination.'), PARTIES);
    const short = gradeFinding(finding('Non-Compete', 'During the Term, Distributor shall not sell competing products.'), PARTIES);
    expect(long?.severity).toBe('high');
    expect(short?.severity).toBe('medium');
  });

  it('marks automatic renewal as medium and optional renewal as low', () => {
    expect(gradeFinding(finding('Renewal Term', 'This Agreement renews automatically for one-year terms.'))?.severity).toBe('medium');
    expect(gradeFinding(finding('Renewal Term', 'The parties may renew this Agreement by mutual agreement.'))?.severity).toBe('low');
  });

  it('gives no risk item for descriptive categories', () => {
    expect(gradeFinding(finding('Parties', 'Harbor Supply LLC'))).toBeUndefined();
    expect(gradeFinding(finding('Document Name', 'SUPPLY AGREEMENT'))).toBeUndefined();
  });

  it('has a rationale for every graded category', () => {
    for (const profile of Object.values(RISK_PROFILES)) expect(profile?.rationale).toMatch(/\.$/);
  });
});

describe('assessRisks', () => {
  it('orders items by severity and keeps the document they come from', () => {
    const result = assessRisks([
      {
        documentId: 'doc-1',
        parties: PARTIES,
        findings: [
          finding('Governing Law', 'This Agreement is governed by the laws of Texas.', 0.9, 10),
          finding('Liquidated Damages', 'Distributor shall pay liquidated damages of $5,000 per day.', 0.9, 100),
        ],
      },
    ]);
    expect(result.items.map((i) => [i.category, i.severity, i.bearer, i.documentId])).toEqual([
      ['Liquidated Damages', 'high', 'Distributor', 'doc-1'],
      ['Governing Law', 'low', BOTH_PARTIES, 'doc-1'],
    ]);
  });

  it('ignores findings too weak to show the category is present', () => {
    const result = assessRisks([{ findings: [finding('Insurance', 'insured', 0.05)] }]);
    expect(result.items).toEqual([]);
  });

  it('leaves out definitions', () => {
    const result = assessRisks([{ findings: [finding('Revenue/Profit Sharing', '"Net Sales" means gross sales less returns.')] }]);
    expect(result.items).toEqual([]);
  });

  it('reports expected protections missing from every document, and only those', () => {
    const gaps = findGaps([
      { findings: [finding('Governing Law', 'governed by the laws of Texas')] },
      { findings: [finding('Insurance', 'Supplier shall maintain insurance')] },
    ]);
    const missing = gaps.map((g) => g.category);
    expect(missing).toContain('Cap On Liability');
    expect(missing).not.toContain('Governing Law');
    expect(missing).not.toContain('Insurance');
    expect(gaps.every((g) => g.explanation.length > 20)).toBe(true);
    expect(EXPECTED_PROTECTIONS.length).toBeGreaterThanOrEqual(4);
  });

  it('grades a contract text end to end', () => {
    const text = [
      'SUPPLY AGREEMENT',
      'This Supply Agreement is made as of January 5, 2021 by and between Northwind Tools, Inc. ("Supplier") and Harbor Supply LLC ("Distributor").',
      '1. Governing Law. This Agreement shall be governed by the laws of the State of Texas.',
      '2. Liability. The limitations of liability in this Agreement shall not apply to damages arising from a breach of confidentiality or to indemnification obligations.',
    ].join('\n\n');
    const result = assessContractRisks([{ documentId: 'd', text }]);
    const uncapped = result.items.find((i) => i.category === 'Uncapped Liability');
    expect(uncapped?.severity).toBe('high');
    if (uncapped !== undefined) expect(text.slice(uncapped.start, uncapped.end)).toBe(uncapped.quote);
    expect(result.gaps.map((g) => g.category)).toEqual(expect.arrayContaining(['Insurance', 'Warranty Duration']));
    expect(result.gaps.map((g) => g.category)).not.toContain('Governing Law');
  });
});
