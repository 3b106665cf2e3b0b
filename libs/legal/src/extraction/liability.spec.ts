import { EACH_PARTY, extractLiability } from './liability';

// Clauses of real filed contracts (CUAD, CC BY 4.0), as their extracted text reads.
const OWNER_INDEMNITY =
  'Owner shall indemnify, defend and hold harmless Operator, its officers, directors, employees, shareholders, Affiliates and agents (each, a "Operator Indemnitee") from and against any and all Indemnifiable Losses asserted against or suffered by any Operator Indemnitee arising out of any Third Party Claims against a Operator Indemnitee to the extent arising out of or in connection with (i) Owner\'s breach of its representations, warranties or covenants in this Agreement, (ii) the negligent or intentional acts or omissions of Owner or its subcontractors; provided that Owner shall have no obligation to indemnify Operator for any fraud of any Operator Indemnitee.';
const OPERATOR_INDEMNITY =
  'Operator shall indemnify, defend and hold harmless Owner, its members, managers, officers, directors, employees, Affiliates and agents (each, an "Owner Indemnitee") from and against any and all Indemnifiable Losses asserted against or suffered by any Owner Indemnitee arising out of any Third Party Claims against an Owner Indemnitee.';
const CAP =
  '(a) Notwithstanding anything to the contrary in this Agreement, in no event shall a Party be liable to the other Party for an aggregate amount in excess of the Maximum Liability; provided that such limitation of liability shall not apply to any liability that is the result of (i) gross negligence, fraud or willful misconduct of a Party, (ii) a Third Party Claim.';
const EXCLUSION =
  'IN NO EVENT SHALL EITHER PARTY BE LIABLE TO THE OTHER PARTY FOR ANY INCIDENTAL, CONSEQUENTIAL, SPECIAL OR PUNITIVE DAMAGES, INCLUDING LOST PROFITS OR LOSS OF DATA, ARISING OUT OF THIS AGREEMENT.';
const INSURANCE =
  'Eutectix shall maintain, at its own expense, commercial general liability insurance with limits of not less than $1,000,000 per occurrence, workers\' compensation insurance as required by law and automobile liability insurance of $1,000,000.';

describe('extractLiability', () => {
  const text = [OWNER_INDEMNITY, OPERATOR_INDEMNITY, CAP, EXCLUSION, INSURANCE].join('\n\n');
  const facts = extractLiability(text, ['Owner', 'Operator', 'Eutectix']);

  it('reads who indemnifies whom, and for what, in each indemnity', () => {
    expect(facts.indemnities.map((i) => [i.indemnitor, i.indemnitees?.split(',')[0]])).toEqual([
      ['Owner', 'Operator'],
      ['Operator', 'Owner'],
    ]);
    expect(facts.indemnities[0].scope).toMatch(/^any Third Party Claims against a Operator Indemnitee to the extent arising out of or in connection with \(i\) Owner's breach of its representations/);
    expect(facts.indemnities[0].scope).toMatch(/ …$/);
    for (const i of facts.indemnities) expect(text.slice(i.start, i.end)).toBe(i.value);
  });

  it('reads a cap that binds both parties, its measure and what it does not apply to', () => {
    expect(facts.caps).toHaveLength(1);
    expect(facts.caps[0]).toMatchObject({ party: EACH_PARTY, measure: 'the Maximum Liability' });
    expect(facts.caps[0].exceptions).toMatch(/^any liability that is the result of \(i\) gross negligence, fraud or willful misconduct/);
  });

  it('lists the damages a party is not liable for', () => {
    expect(facts.exclusions).toHaveLength(1);
    expect(facts.exclusions[0]).toMatchObject({ party: EACH_PARTY, kinds: ['incidental', 'consequential', 'special', 'punitive', 'lost profits', 'loss of data'] });
  });

  it('reads who must insure, the kinds of cover and the amounts', () => {
    expect(facts.insurance).toHaveLength(1);
    expect(facts.insurance[0]).toMatchObject({ party: 'Eutectix', kinds: ['commercial general liability', "workers' compensation", 'automobile liability'] });
    expect(facts.insurance[0].amounts.map((a) => a.amount)).toEqual([1_000_000, 1_000_000]);
  });

  it('names a mutual indemnity as given by each party, and takes a known party out of a heading that runs into it', () => {
    const mutual = extractLiability('12. Indemnification. Each Party shall indemnify and hold harmless the other Party from any claim arising from its breach of this Agreement.', ['Licensor', 'Licensee']);
    expect(mutual.indemnities[0]).toMatchObject({ indemnitor: EACH_PARTY, scope: 'its breach of this Agreement' });
    const headed = extractLiability('Minimum Insurance Requirements Eutectix shall maintain product liability insurance of $5,000,000.', ['Eutectix']);
    expect(headed.insurance[0].party).toBe('Eutectix');
  });

  it('finds nothing in a clause that shifts no liability', () => {
    expect(extractLiability('This Agreement shall be governed by the laws of the State of New York.')).toEqual({ indemnities: [], caps: [], exclusions: [], insurance: [] });
  });
});
