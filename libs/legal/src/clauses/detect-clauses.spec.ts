import type { CuadCategory } from './categories';
import { CUAD_CATEGORIES } from './categories';
import { containsCategory, detectClauses, presenceConfidence, presentCategories, scoreSegment, scoreToConfidence } from './detect-clauses';
import type { ClauseRule } from './rule-types';
import { CLAUSE_RULES } from './rules';

interface Case {
  category: CuadCategory;
  positive: string;
  negative: string;
}

// One clause that should be recognised and a nearby clause that should not, per category.
const CASES: Case[] = [
  {
    category: 'Governing Law',
    positive: 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.',
    negative: 'Each party shall comply with all applicable laws in performing its obligations.',
  },
  {
    category: 'Cap On Liability',
    positive: "In no event shall either party's aggregate liability arising out of this Agreement exceed the total fees paid by Customer in the twelve (12) months preceding the claim.",
    negative: 'Customer shall pay all invoices within thirty (30) days of receipt.',
  },
  {
    category: 'Uncapped Liability',
    positive:
      "The limitations of liability in this Section 9 shall not apply to a party's indemnification obligations or to damages arising from a breach of confidentiality.",
    negative: 'Each party shall maintain the confidentiality of the other party\'s Confidential Information.',
  },
  {
    category: 'Non-Compete',
    positive:
      'During the Term and for two (2) years thereafter, Distributor shall not, directly or indirectly, manufacture, sell or promote any product that competes with the Products.',
    negative: 'Distributor shall use commercially reasonable efforts to promote the Products in the Territory.',
  },
  {
    category: 'Change Of Control',
    positive: 'In the event of a Change of Control of Supplier, Customer may terminate this Agreement upon written notice.',
    negative: 'Supplier shall deliver the Products to the location specified in each purchase order.',
  },
  {
    category: 'Anti-Assignment',
    positive: 'Neither party may assign this Agreement without the prior written consent of the other party, and any attempted assignment in violation hereof shall be void.',
    negative: 'The parties shall meet quarterly to review the marketing plan.',
  },
  {
    category: 'Termination For Convenience',
    positive: 'Either party may terminate this Agreement at any time without cause upon ninety (90) days prior written notice to the other party.',
    negative: 'Either party may terminate this Agreement if the other party materially breaches it and fails to cure the breach within thirty (30) days.',
  },
  {
    category: 'Insurance',
    positive: 'Supplier shall maintain commercial general liability insurance with limits of not less than $1,000,000 per occurrence and shall name Customer as an additional insured.',
    negative: 'Supplier shall provide monthly reports on the status of all open orders.',
  },
  {
    category: 'Warranty Duration',
    positive: 'Supplier warrants that the Products will be free from defects in materials and workmanship for a period of twelve (12) months from the date of delivery.',
    negative: 'Supplier represents that it is duly organized under the laws of Delaware.',
  },
  {
    category: 'Audit Rights',
    positive: 'Licensor shall have the right, upon reasonable notice, to audit the books and records of Licensee to verify the royalties paid.',
    negative: 'Licensee shall pay the royalties within forty-five (45) days after the end of each quarter.',
  },
  {
    category: 'Liquidated Damages',
    positive: 'If Customer terminates early, Customer shall pay an early termination fee equal to the fees for the remainder of the term as liquidated damages and not as a penalty.',
    negative: 'Customer shall reimburse reasonable travel expenses approved in advance.',
  },
  {
    category: 'Covenant Not To Sue',
    positive: 'Licensee shall not challenge or contest the validity of the Licensed Marks or Licensor\'s ownership thereof.',
    negative: 'Licensee shall use the Licensed Marks only in the form approved by Licensor.',
  },
  {
    category: 'Third Party Beneficiary',
    positive: "Licensor's suppliers are intended third party beneficiaries of this Section 7 with the right to enforce it directly.",
    negative: 'Nothing in this Agreement confers any rights or remedies on any person other than the parties; there are no third party beneficiaries.',
  },
  {
    category: 'Ip Ownership Assignment',
    positive: 'Consultant hereby assigns to the Company all right, title and interest in and to all inventions and work product created under this Agreement.',
    negative: 'Consultant shall not assign this Agreement without the prior written consent of the Company.',
  },
  {
    category: 'Exclusivity',
    positive: 'Supplier hereby appoints Distributor as its exclusive distributor of the Products in the Territory, and Supplier shall not appoint any other distributor in the Territory.',
    negative: 'Supplier grants Distributor a non-exclusive right to resell the Products; this Section states the exclusive remedy for late delivery.',
  },
  {
    category: 'Renewal Term',
    positive: 'This Agreement shall automatically renew for successive one (1) year renewal terms unless terminated in accordance with its terms.',
    negative: 'The insurance policies shall be renewed annually by the Supplier.',
  },
  {
    category: 'Notice Period To Terminate Renewal',
    positive: 'This Agreement shall renew automatically for additional one-year terms unless either party gives notice of non-renewal at least ninety (90) days prior to the end of the then-current term.',
    negative: 'Either party may give notice of a breach to the other party at any time.',
  },
  {
    category: 'Most Favored Nation',
    positive: 'If Supplier offers more favorable prices to any other customer for similar quantities, Supplier shall offer the same prices to Buyer.',
    negative: 'Buyer shall pay the prices set out in Schedule A.',
  },
  {
    category: 'No-Solicit Of Employees',
    positive: 'During the Term and for one year thereafter, neither party shall solicit for employment or hire any employee of the other party.',
    negative: 'Each party is solely responsible for the salaries and benefits of its own employees.',
  },
  {
    category: 'Rofr/Rofo/Rofn',
    positive: 'Company shall have a right of first refusal to purchase any shares that the Founder proposes to sell to a third party.',
    negative: 'Company shall purchase the Products at the prices set out in Exhibit B.',
  },
  {
    category: 'Source Code Escrow',
    positive: 'Licensor shall deposit the source code of the Software with the escrow agent under the escrow agreement, to be released to Licensee if Licensor becomes insolvent.',
    negative: 'The purchase price shall be paid at closing.',
  },
];

function findingsOf(text: string, category: CuadCategory): ReturnType<typeof detectClauses> {
  return detectClauses(text, { categories: [category] });
}

describe('detectClauses', () => {
  it.each(CASES)('recognises $category and its quote points into the text', ({ category, positive }) => {
    const text = `1. General.\n\n${positive}\n\nThe parties have executed this Agreement.`;
    const findings = findingsOf(text, category);
    expect(containsCategory(findings, category)).toBe(true);
    for (const f of findings) expect(text.slice(f.start, f.end)).toBe(f.quote);
    expect(findings.some((f) => f.quote.includes(positive.slice(0, 40)))).toBe(true);
  });

  it.each(CASES)('does not report $category for an unrelated clause', ({ category, negative }) => {
    expect(containsCategory(findingsOf(negative, category), category)).toBe(false);
  });

  it('does not take an auditor who certified the financial statements for a right to audit', () => {
    const filing = 'l. Grant & Co., LLP, which has audited and certified certain financial statements of the Company included in the Registration Statement, are independent certified public accountants with respect to the Company.';
    expect(containsCategory(findingsOf(filing, 'Audit Rights'), 'Audit Rights')).toBe(false);
  });

  it.each<[CuadCategory, string, string]>([
    [
      'Non-Compete',
      'During the term of this Agreement, neither Supplier nor any of its Affiliates will, itself or with or through any third party, research, develop or manufacture any compound directed to the Target.',
      'During the term of this Agreement, Supplier will research and develop compounds directed to the Target.',
    ],
    [
      'Non-Compete',
      'During the term of this Agreement, except in the performance of its obligations hereunder, neither Supplier nor any of its Affiliates will discover, research or develop any compound directed to the Target.',
      '12. RESTRICTIVE COVENANTS\n\n12.3 However, if any restrictive covenant should be declared by a competent court or competition authority to be invalid or unenforceable in any jurisdiction, such restrictive covenant shall be deemed amended to the extent needed.',
    ],
    [
      'Revenue/Profit Sharing',
      'The Agent will be paid a fee not to exceed 4.5% of the aggregate Purchase Price of the Shares sold in the Offering.',
      'The Agent will be paid a fee of $25,000 on the closing of the Offering.',
    ],
    [
      'Volume Restriction',
      'The Licensee may connect up to seventy (70) terminals to the System.',
      'The Licensee may terminate this Agreement on up to thirty (30) days notice.',
    ],
    [
      'Volume Restriction',
      'If the Artist agrees to take part in more than three store appearances in any Contract Year, the Company shall pay the Artist an additional fee of $7,500 for each additional appearance.',
      'If the Company pays more than thirty days late, it shall pay interest at one percent per month on the sum due.',
    ],
    [
      'Ip Ownership Assignment',
      'Any improvements made by you relating to the Marks or the System shall be our sole property.',
      'You shall use the Marks only in the operation of the System.',
    ],
    [
      'Competitive Restriction Exception',
      'The Distributor is the exclusive distributor of the Products in the Territory. In order to maintain the exclusivity granted hereunder, Distributor shall place orders for a minimum of 1,000 units in each year.',
      'The Distributor shall place orders for the Products in writing.',
    ],
    [
      'Termination For Convenience',
      'Each of the Customer and the Provider may, in its sole discretion, terminate this Agreement in whole or in part, at any time without cause.',
      'The Customer may terminate this Agreement if the Provider fails to cure a material breach within thirty (30) days.',
    ],
    [
      'Non-Transferable License',
      'The Research License is granted to the Developer only, with no rights to sublicense and with no "have made" rights.',
      'The Research License is granted to the Developer for the Term.',
    ],
    [
      'Uncapped Liability',
      "NOTHING IN THIS SECTION 11.4 IS INTENDED TO OR SHALL LIMIT OR RESTRICT THE INDEMNIFICATION OBLIGATIONS OF ANY PARTY UNDER SECTION 11.1, OR DAMAGES AVAILABLE FOR A PARTY'S LIABILITY FOR BREACH OF CONFIDENTIALITY.",
      'Each party shall indemnify the other under Section 11.1 for claims of third parties.',
    ],
    [
      'Change Of Control',
      'Either party may terminate this Agreement on notice if the other party undergoes a change of control.',
      'ARTICLE 11 ASSIGNMENT\n\n11.3 Assignment. Neither Party may assign this Agreement without the prior written consent of the other Party; provided, however that either Party may assign in connection with a merger or sale of all or substantially all of its stock or assets, provided the assignee agrees to be bound by all of the terms of this Agreement.',
    ],
    [
      'Non-Disparagement',
      'The Licensee shall not tarnish or bring into disrepute the reputation of the Licensor or of its products.',
      'All use of the Licensed Marks by the Licensee shall inure to the goodwill associated with the Licensed Marks.',
    ],
    [
      'Affiliate License-Licensor',
      'Licensor on behalf of itself and its Affliates hereby grants to Licensee a limited license to use the Licensed Mark.',
      'Licensor hereby grants to Licensee a limited license to use the Licensed Mark.',
    ],
    [
      'Unlimited/All-You-Can-Eat-License',
      'The Seller hereby grants to the Buyer an unlimited, non-exclusive, perpetual, irrevocable, royalty free, worldwide right and license to use the content of the Handbook.',
      'The Seller hereby grants to the Buyer a non-exclusive right and license to use the content of the Handbook.',
    ],
    [
      'Irrevocable Or Perpetual License',
      'Lab hereby grants to Clinic, during the Term of this Agreement and, except on termination for Clinic\'s uncured breach, after expiration or termination of this Agreement, a non-exclusive, worldwide, royalty-free license to perform the Assay.',
      'Lab hereby grants to Clinic, during the Term of this Agreement, a non-exclusive, worldwide, royalty-free license to perform the Assay.',
    ],
    [
      'Audit Rights',
      'For two (2) years after termination, each party shall maintain, and make available to the other party upon its request, for inspection and copying all books and records that pertain to this Agreement.',
      'Each party shall deliver its monthly sales report to the other party within ten (10) days after the end of each month.',
    ],
    [
      'Covenant Not To Sue',
      "Each party agrees that it will not knowingly do anything inconsistent with the other party's ownership of its intellectual property, including questioning the validity of that party's Trademarks.",
      "Each party shall mark its products with the other party's Trademarks as the other party directs.",
    ],
    [
      'Expiration Date',
      'This Agreement shall remain in full force and effect until December 31, 2021.',
      'In the event that any term, provision or covenant herein shall be invalid or unenforceable, the remainder hereof shall not be affected thereby, and each term, provision or covenant herein shall be valid and enforceable to the full extent permitted by law.',
    ],
  ])('reads %s written without its usual words, and not a nearby clause', (category, positive, negative) => {
    expect(containsCategory(findingsOf(positive, category), category)).toBe(true);
    expect(containsCategory(findingsOf(negative, category), category)).toBe(false);
  });

  it('does not take a stock option or an extended warranty for a right of first refusal, nor an irrevocable assignment for a licence', () => {
    expect(containsCategory(findingsOf('15. The first Option to purchase 40,000 Shares upon payment of the aggregate Option Share Price shall vest on signing.', 'Rofr/Rofo/Rofn'), 'Rofr/Rofo/Rofn')).toBe(false);
    expect(containsCategory(findingsOf('Reseller shall offer end users the option to purchase extended warranty coverage for twelve months.', 'Rofr/Rofo/Rofn'), 'Rofr/Rofo/Rofn')).toBe(false);
    const assignment = 'To the extent any works are not works made for hire, this Agreement shall constitute an irrevocable assignment to Recipient of all right, title and interest in them.';
    expect(containsCategory(findingsOf(assignment, 'Irrevocable Or Perpetual License'), 'Irrevocable Or Perpetual License')).toBe(false);
    expect(containsCategory(findingsOf('Although the Fund is meant to be of perpetual duration, Franchisor has the right to end it.', 'Irrevocable Or Perpetual License'), 'Irrevocable Or Perpetual License')).toBe(false);
  });

  it('reports a category once per matching sentence with confidence between 0 and 1', () => {
    const text =
      'This Agreement shall be governed by the laws of England. Supplier shall maintain product liability insurance. Supplier shall maintain insurance with a reputable insurer.';
    const findings = detectClauses(text);
    expect(findings.filter((f) => f.category === 'Insurance')).toHaveLength(2);
    for (const f of findings) {
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThan(1);
    }
  });

  it('finds the title, parties and dates of a preamble', () => {
    const text =
      'EXCLUSIVE DISTRIBUTOR AGREEMENT\n\nThis Exclusive Distributor Agreement (this "Agreement") is made as of March 3, 2020 (the "Effective Date") by and between Acme Widgets, Inc., a Delaware corporation ("Supplier"), and Beta Trading LLC, a Texas limited liability company ("Distributor").\n\nWHEREAS, Supplier makes widgets.';
    const findings = detectClauses(text);
    const quotes = (c: string): string[] => findings.filter((f) => f.category === c).map((f) => f.quote);
    expect(quotes('Document Name')).toEqual(['EXCLUSIVE DISTRIBUTOR AGREEMENT']);
    expect(quotes('Parties')).toEqual(expect.arrayContaining(['Acme Widgets, Inc.', 'Supplier', 'Beta Trading LLC', 'Distributor']));
    expect(quotes('Agreement Date')).toEqual(['March 3, 2020']);
    expect(quotes('Effective Date')).toEqual(['March 3, 2020']);
    for (const f of findings) expect(text.slice(f.start, f.end)).toBe(f.quote);
  });

  it('keeps competitive-restriction exceptions only where a restriction exists', () => {
    const exception = 'Nothing in this Agreement shall prevent Licensor from selling competing products outside the Territory.';
    expect(presentCategories(detectClauses(exception))).not.toContain('Competitive Restriction Exception');
    const withRestriction = `During the Term, Licensee shall not sell any product that competes with the Products. ${exception}`;
    expect(presentCategories(detectClauses(withRestriction))).toContain('Competitive Restriction Exception');
  });

  it('limits detection to the requested categories', () => {
    const text = 'This Agreement shall be governed by the laws of Ontario. Supplier shall maintain insurance.';
    const findings = detectClauses(text, { categories: ['Insurance'] });
    expect(new Set(findings.map((f) => f.category))).toEqual(new Set(['Insurance']));
  });

  const TERM = {
    weakFirst: 'The Agreement shall continue in effect.',
    weaker: 'The licence runs for a period of two (2) years from signing.',
    weakSecond: 'This contract will remain valid.',
    strong: 'The contract is to be effective until terminated.',
    weakThird: 'This agreement will remain valid.',
    strongest: 'The agreement shall commence on signing and last for a term of five (5) years from the date hereof.',
  };
  const termText = Object.values(TERM).join(' ');
  const at = (sentence: string) => termText.indexOf(sentence);

  it('reports every strong sentence but only the two most confident weak ones, the earlier on a tie', () => {
    const findings = detectClauses(termText, { categories: ['Expiration Date'] });
    expect(findings.map((f) => f.start)).toEqual([at(TERM.weakFirst), at(TERM.weakSecond), at(TERM.strong), at(TERM.strongest)]);
    expect(findings.map((f) => f.confidence)).toEqual([scoreToConfidence(0.7), scoreToConfidence(0.7), scoreToConfidence(1.1), scoreToConfidence(1.2)]);
  });

  it('orders findings by offset, and by category name at the same offset', () => {
    const findings = detectClauses(termText);
    expect(findings.map((f) => [f.start, f.category])).toEqual([
      [at(TERM.weakFirst), 'Expiration Date'],
      [at(TERM.weakSecond), 'Expiration Date'],
      [at(TERM.strong), 'Expiration Date'],
      // "effective until terminated" says how long, not from when: the start is where the contract commences.
      [at(TERM.strongest), 'Effective Date'],
      [at(TERM.strongest), 'Expiration Date'],
    ]);
  });

  it('finds a competitive-restriction exception when only that category is asked for', () => {
    const text =
      'During the Term, Licensee shall not sell any product that competes with the Products. Nothing in this Agreement shall prevent Licensor from selling competing products outside the Territory.';
    const findings = detectClauses(text, { categories: ['Competitive Restriction Exception'] });
    expect(findings.map((f) => f.category)).toEqual(['Competitive Restriction Exception']);
  });

  it('counts a category as present from the confidence of its document score, else its sentence score, else 1', () => {
    const finding = (category: string, confidence: number) => [{ category, start: 0, end: 1, quote: 'x', confidence }];
    // Renewal Term: document score 1.3; Expiration Date: 0.5; Price Restrictions: minimum score only (1).
    expect(presenceConfidence('Renewal Term')).toBeCloseTo(scoreToConfidence(1.3), 8);
    expect(containsCategory(finding('Renewal Term', scoreToConfidence(1.3)), 'Renewal Term')).toBe(true);
    expect(containsCategory(finding('Renewal Term', scoreToConfidence(1.25)), 'Renewal Term')).toBe(false);
    expect(containsCategory(finding('Expiration Date', scoreToConfidence(0.5)), 'Expiration Date')).toBe(true);
    expect(containsCategory(finding('Expiration Date', scoreToConfidence(0.45)), 'Expiration Date')).toBe(false);
    expect(presenceConfidence('Price Restrictions')).toBeCloseTo(scoreToConfidence(1), 8);
    expect(containsCategory(finding('Price Restrictions', scoreToConfidence(0.95)), 'Price Restrictions')).toBe(false);
    expect(containsCategory(finding('Insurance', 0.99), 'Renewal Term')).toBe(false);
    expect(presenceConfidence('Not A Category')).toBe(0.5);
  });

  it('returns nothing for an empty text', () => {
    expect(detectClauses('')).toEqual([]);
  });

  // Sentences that use a kind of clause's words without being one: each was once quoted as that clause.
  it.each<[CuadCategory, string, string]>([
    ['Termination For Convenience', 'a lead-in to a list of grounds', 'The Agent may terminate this Agreement by giving the notice indicated below in this Section 11 at any time after this Agreement becomes effective as follows:'],
    ['Termination For Convenience', 'a right once a breach goes uncured', 'If either party materially breaches this Agreement and fails to cure the breach within thirty (30) days after notice, the other party may terminate this Agreement on written notice at any time after that period.'],
    ['Termination For Convenience', 'an ending agreed by both', 'The parties may terminate this Agreement at any time by mutual written agreement.'],
    ['Termination For Convenience', 'a right on grounds listed after it', 'The Licensor shall have the right to terminate this Agreement upon thirty (30) days prior written notice in the event of the occurrence of any of the following:'],
    ['Termination For Convenience', 'a right "with cause"', 'This Agreement may be terminated by either party with cause upon thirty (30) days written notice.'],
    ['Termination For Convenience', 'a right on a merger', 'In the event of the merger or consolidation of the Company with any other entity, the Licensor shall have the right to terminate the Contract Period at any time by notice.'],
    ['Termination For Convenience', 'conditions not fulfilled', 'If any of the conditions specified in Section 7 shall not have been fulfilled when and as required by this Agreement, the Agent may terminate this Agreement at any time upon notice.'],
    ['Termination For Convenience', 'a notice preventing renewal', 'Unless either party gives written notice to terminate this Agreement at least six (6) months prior to the end of said Initial Term, this Agreement shall continue on a year to year basis until terminated by either party by giving written notice of termination at least six (6) months prior to the end of the then current term.'],
    ['Uncapped Liability', 'an indemnity for breach or wilful misconduct', "Anixa will indemnify, defend and hold harmless OntoChem, its Affiliates and their respective Representatives from and against any liability, demand, damage, cost or expense arising from (a) Anixa's breach of this Agreement or (b) Anixa's negligence or willful misconduct in connection with this Agreement, except with respect to any matter for which OntoChem is obligated to provide indemnification under Section 8.2."],
    ['Termination For Convenience', 'an inspection at any time, for any reason', "Kallo may directly, or through its Agent at any time during normal business hours, upon no less than 10 business days' notice, and for any reason inspect such facilities."],
    ['Termination For Convenience', 'a change of terms made at any time on notice', 'At the Company\'s sole discretion, and at any time, the Company may give the Distributor at least 90 days advance notice of any modification in the prices of the Products.'],
    ['Minimum Commitment', 'insurance with minimum limits', "(4) Umbrella/Excess Liability with limits of not less than $5,000,000 in excess of all the above-referenced Commercial General Liability, Employer's Liability and Automobile Liability policies."],
    ['Insurance', 'a payroll tax', 'The Consultant shall pay and keep current all state and federal income taxes, unemployment insurance and social security taxes in connection with its performance of the Services.'],
    ['Insurance', 'a charge passed on', 'In addition to the purchase price, Manufacturer shall pay any and all transportation charges (including insurance).'],
    ['Volume Restriction', 'how often an audit may be made', 'ENERGOUS may exercise such right to this independent third party audit no more than one time per calendar year and each such audit will be conducted during normal business hours.'],
    ['Volume Restriction', 'how long a publication may be held back', 'If necessary, the Recipient agrees to delay publication by no more than sixty (60) days to enable the filing of an application for intellectual property protection.'],
    ['Uncapped Liability', 'a kind of company', 'The term "person" shall mean any individual, corporation, general or limited partnership, limited liability or unlimited liability company, joint venture, estate or trust.'],
    ['Change Of Control', 'who counts as an affiliate', 'An Affiliate is another entity where at least 50.1% of its voting power is owned or controlled by the transferring entity.'],
    ['Uncapped Liability', "an indemnity excluding the other side's fault", 'Excluding those acts directly attributable to the negligence or willful misconduct of IGER, CERES agrees to indemnify, hold harmless and defend IGER, its trustees, officers, employees and agents against any and all liability and/or damages with respect to any claims arising out of the production of the plants.'],
    ['Expiration Date', 'indemnities outliving the agreement', 'In the event this Agreement is terminated as described herein, the indemnification provisions contained in this Agreement shall continue until the possibilities for damages or loss have expired.'],
    ['Expiration Date', "one party's duties ending", 'The obligations of the Placement Agent under this Agreement shall terminate upon the closing of the Offering.'],
    ['Expiration Date', 'records kept after the term', 'CAPSUGEL agrees to retain all such Records for a period of five (5) years after the expiration of the Term or after termination of this Agreement.'],
    ['Expiration Date', 'a covenant for three years', 'The Manager will not be or become, at any time prior to the expiration of three years after the date of this Agreement, an "investment adviser," as such term is defined in the Investment Advisers Act of 1940.'],
  ])('finds no %s in %s', (category, _, sentence) => {
    expect(containsCategory(findingsOf(sentence, category), category)).toBe(false);
  });

  it.each<[CuadCategory, string, string]>([
    ['Exclusivity', 'an exclusive grant whose licence is qualified first', 'The Owner hereby grants to the Developer an exclusive, worldwide, royalty-bearing licence under the Owner Patents, and a non-exclusive licence under the Owner Know-How.'],
    ['Exclusivity', 'a licence said to be exclusive', 'The license hereby granted shall be exclusive as to the sunglasses described in paragraph 2, but nonexclusive as to all other products.'],
    ['Exclusivity', 'a promise to grant no one else a franchise', 'Within the Designated Area we and our affiliates shall not operate or grant to anyone else a franchise to operate a restaurant while this Agreement is in force.'],
    ['Exclusivity', 'work reserved to one party', 'Every Component taken from the Pool and used by the Airline shall be exclusively repaired by the Contractor.'],
    ['Non-Compete', 'a covenant "not-to-compete" spelled with hyphens', '14. COVENANT NOT-TO-COMPETE. For two years after this Agreement ends, the Franchisee shall not own or operate any business that sells products the same or similar as the products sold under the System.'],
    ['Cap On Liability', 'a ceiling on the aggregate', 'The Underwriter shall not be liable for any amount which in the aggregate exceeds the commissions it received under this Agreement.'],
    ['Cap On Liability', 'waived consequential damages', 'The parties waive any and all claims against each other for consequential, punitive or incidental losses, however arising.'],
    ['Cap On Liability', '"under no circumstances ... responsible"', 'Under no circumstances will the Sponsor be responsible to the Club for any special or consequential damages.'],
    ['Cap On Liability', 'a ceiling on reimbursement', 'Reimbursements claimed under this indemnity shall not exceed the payments received by the Supplier under this Agreement.'],
    ['Revenue/Profit Sharing', 'a percentage of a quoted, capitalised base', 'The placement fee shall be equal to 4.5% of the "gross proceeds" of the Offering.'],
    ['Revenue/Profit Sharing', "a percentage of another's revenue", "Monthly Programme Fee: three percent (3%) of the Hotel's Gross Rooms Revenue for the preceding month."],
    ['Revenue/Profit Sharing', 'revenues shared', 'Net revenues above the Threshold shall be shared fifty-fifty between the parties.'],
    ['Revenue/Profit Sharing', 'a commission rate', 'A commission rate of 11% will be paid on all new business the Agent places.'],
    ['Minimum Commitment', 'a minimum number of times', 'The League shall feature the Sponsor in its weekly newsletter a minimum of six (6) times per year.'],
    ['Minimum Commitment', 'a minimum charge', 'Loading by the Carrier is charged at $40.00 per hour, subject to a minimum charge of $120.00 per load.'],
    ['Minimum Commitment', 'a floor on fees in money', 'The Client will pay the hosting fees in Exhibit A, but not less than $2,000 per month.'],
    ['Ip Ownership Assignment', 'an assignment of its entire right, title and interest', 'The Seller agrees to assign and hereby assigns its entire right, title and interest in and to the Seller Transferred IP to the Buyer.'],
    ['Anti-Assignment', 'an agreement that ends on its assignment', 'This Agreement will automatically terminate in the event of its "assignment", as that term is defined in the Investment Company Act.'],
    ['License Grant', 'a licence granted in the passive', 'The Distributor is granted a limited license and right to use the Marks in the Territory.'],
    ['Cap On Liability', 'kinds of loss listed after the sentence', 'THE CONTRACTOR SHALL NOT BE LIABLE TO THE OWNER FOR ANY OF THE FOLLOWING TYPES OF LOSS OR DAMAGE: [*****]'],
    ['Renewal Term', 'a term running on from year to year', 'Unless either party gives notice at least ninety days before the end of the Initial Term, this Agreement shall continue on a year to year basis until ended by notice.'],
    ['Renewal Term', 'a term continuing automatically', 'This Agreement shall remain in effect for two years and shall then continue automatically for successive annual periods, provided that each continuance is approved by the Board.'],
    ['Termination For Convenience', 'a right at will beside a right for an uncured breach', "Either party may terminate this Agreement at any time upon sixty (60) days' written notice, and on written notice if the other party fails to cure a breach within thirty (30) days."],
    ['Minimum Commitment', 'a volume commitment by its name', 'The Shipper guarantees that during each Contract Year it will meet its Quarterly Volume Commitment.'],
    ['Minimum Commitment', 'a minimum lot size', 'Products must be ordered in the minimum and/or standard lot size quantities given in the Price Schedule.'],
    ['Minimum Commitment', 'guaranteed click-throughs', 'The Publisher guarantees that it will deliver [*] click-throughs on the placements in the first year of the term.'],
    ['Termination For Convenience', 'a contract terminable without penalty', "This Agreement is terminable with respect to the Fund, without penalty, on 60 days' written notice, by vote of a majority of the Fund's Board."],
    ['Termination For Convenience', 'an item of a list of rights to terminate', '(a) by the Customer for any reason upon ninety (90) days written notice to the Supplier;'],
    ['Change Of Control', 'control listed among other changes', 'In the event of any material change in the organization, ownership, management or control of the Distributor, the Supplier may terminate this Agreement upon written notice.'],
    ['Change Of Control', 'an "ownership change"', "Either party may terminate this Agreement upon 30 days written notice if either Party's corporate structure has undergone a material ownership change."],
    ['Change Of Control', 'a licensee acquired by a third party', 'This Agreement and all rights and licenses granted under it shall terminate no later than thirty (30) days after the Licensee is acquired by a third party.'],
    ['Change Of Control', 'a merger that ends the contract', 'In case of division or merger of Party B, this Agreement shall terminate and the successor shall be bound only with the written consent of Party A.'],
    ['Cap On Liability', 'indemnities that exclude liability for consequential damages', 'The foregoing indemnities shall expressly exclude any liability for consequential, punitive, special or similar damages, including lost profits.'],
    ['Uncapped Liability', 'a limit that "does not, however, apply" to indemnities', 'This limitation does not, however, apply to any obligation of either party to indemnify the other in connection with any Indemnifiable Loss.'],
    ['Uncapped Liability', 'sections that "will not apply to limit" an indemnity', "The provisions of Section 9.1 and Section 9.2 will not apply to limit the Licensee's indemnification obligations under Section 8.2."],
    ['Covenant Not To Sue', 'a party covenanting that it shall not sue', "Each party covenants that it shall not, under any circumstances, sue the other party or any of that party's licensees, customers or distributors under any future patents."],
    ['Covenant Not To Sue', 'a promise not to, (i), initiate an action', 'The Seller agrees that it will not, and agrees to cause each member of its group not to, (i) initiate any Action against the Buyer for infringement of any Licensed Patent.'],
    ['Exclusivity', 'a role given alone under its own name', 'The Issuer hereby appoints the Bank as exclusive remarketing agent for the Securities, and the Bank hereby accepts such appointment.'],
    ['Ip Ownership Assignment', 'an interest assigned "therein"', 'Any such patent shall be owned jointly by the Licensor and the Licensee, and the Licensee hereby irrevocably assigns to the Licensor an undivided interest therein.'],
    ['Ip Ownership Assignment', 'rights in a licensed mark assigned back', 'The Licensee hereby assigns and agrees to assign any rights it may have as a result of its licensed use, including common law rights, in the Licensed Mark, to the Licensor.'],
  ])('finds %s in %s', (category, _, sentence) => {
    expect(containsCategory(findingsOf(sentence, category), category)).toBe(true);
  });

  it.each<[CuadCategory, string, string]>([
    ['Exclusivity', 'a non-exclusive licence written "non- exclusive"', 'The Carrier grants the Shipper a non- exclusive, non-transferable, royalty-free right and licence to use the Carrier Marks.'],
    ['Exclusivity', 'an indemnity for one party\'s benefit only', 'This indemnity shall inure exclusively to the benefit of the Fund and of its officers and trustees.'],
    ['Exclusivity', "a supplier not to be taken for the customer's exclusive provider", "The Supplier agrees that it shall not be considered the Bank's exclusive provider of any goods or services provided hereunder."],
    ['Exclusivity', 'the only warranties given', 'Exclusivity of Warranties. THE WARRANTIES IN SECTION 6.1 ARE THE EXCLUSIVE WARRANTIES FROM THE SUPPLIER.'],
    ['Exclusivity', 'a right to settle an action', 'As between the Parties, the Enforcing Party shall have the sole and exclusive right to settle or compromise the action.'],
    ['Exclusivity', 'ownership of what a project produces', 'Party A has exclusive rights and interests in all intellectual property rights arising from the Project.'],
    ['Exclusivity', 'orders governed only by this agreement', 'Purchase Orders issued under a Commitment shall be subject exclusively to the terms and conditions of this Agreement.'],
    ['Revenue/Profit Sharing', 'the costs of an arbitration shared', "The arbitrator's fees and the costs of the hearing shall be shared equally by the Parties."],
    ['Minimum Commitment', 'a notice of a minimum length', 'This agreement renews from year to year unless either Party cancels it in writing a minimum of 60 days before the end of the term.'],
    ['Minimum Commitment', 'a service level', 'For servers configured for high availability, the uptime commitment is a minimum of 99.9 percent.'],
    ['Minimum Commitment', 'a minimum named only as left out', 'The Client may contest any charge (other than the minimum monthly fees listed in Section 4) within thirty (30) days of its invoice.'],
    ['Change Of Control', 'leave to assign on a merger without consent', 'Neither Party may assign this Agreement without the prior written consent of the other Party, except that either Party may assign it in connection with a merger or a sale of all or substantially all of its assets.'],
    ['Change Of Control', 'no consent needed on a merger', 'Neither party shall assign this Agreement without the prior written consent of the other party; except that notice, but no consent, shall be required for an assignment in connection with a merger or a sale of substantially all of the assets of the assigning party.'],
    ['Termination For Convenience', 'a service ended at will', 'Service Termination. The Provider reserves the right to terminate the Service at any time with or without notice and for any reason.'],
    ['Termination For Convenience', 'a subagency ended at will', 'All such appointments by Agent shall stipulate that the Insurer may terminate the subagency at any time without cause upon at least 90 days notice.'],
    ['Minimum Commitment', 'a minimum waived', 'Distributor shall not be subject to any minimum purchase requirements, but shall agree to the annual sales targets set forth in Schedule 2.'],
    ['Minimum Commitment', "a specification's minimum requirements", 'This chapter lists the minimum requirements for labelling each Component.'],
    ['Minimum Commitment', 'a standard of care', 'Recipient will take at least those measures that it employs to protect its own confidential information of a similar nature.'],
    ['Insurance', 'a shipment sent uninsured', 'Unless the Buyer requests otherwise, goods are shipped with no additional insurance coverage, freight prepaid.'],
    ['Renewal Term', 'a renewal left to a later agreement', 'Thereafter, this Agreement can be renewed by mutual written agreement of the parties for successive one (1) year periods (each, a "Renewal Term").'],
    ['Expiration Date', 'an amendment coming into force', 'The Second Amendment to the Partnership Agreement shall be in full force and effect as of the Closing Date.'],
    ['Expiration Date', 'a right to end the contract early', "This Agreement shall remain in effect, provided that either party may, at its option, terminate it upon thirty (30) days' notice."],
    ['Exclusivity', 'an exclusivity agreement only spoken of', 'The shares will be issued to the Consultant once an exclusivity agreement is reached.'],
    ['Change Of Control', 'leave to assign "in the event of" a merger', "Either party may assign this Agreement without the other party's prior written consent in the event of a merger, acquisition or sale of all or substantially all of its assets."],
    ['Change Of Control', 'leave to transfer to an affiliate or an acquirer', 'Notwithstanding the foregoing, a party may transfer, assign or delegate its rights and obligations under this Agreement without consent to (a) an Affiliate or (b) its successor by merger, consolidation or sale of all or substantially all of its assets.'],
    ['Change Of Control', 'an assignment on a merger that needs no consent', 'The assignment of this Agreement to a successor organization by merger or acquisition does not require the consent of the other party.'],
    ['Termination For Convenience', 'a right that arises on an event', 'If any such circumstance persists for longer than ninety (90) days, the Client may terminate this Agreement immediately upon written notice without penalty.'],
    ['Ip Ownership Assignment', 'a contract not to be assigned without express consent', 'Neither Party shall assign this Development Agreement or the obligations contained herein without the express written consent of the other Party.'],
    ['Notice Period To Terminate Renewal', "an insurance policy's non-renewal", "All such policies shall require at least thirty (30) days' prior notice to Purchaser of cancellation, non-renewal or material change."],
    ['Non-Compete', 'a consultant said to be under no other covenant', 'Consultant is not under any legal obligation, including any obligation of confidentiality or non-competition, which prevents Consultant from executing or fully performing this Agreement.'],
    ['Non-Compete', 'a contract that leaves either party free to compete', 'This Agreement shall not prevent either party from developing, marketing or selling products that compete with the Products.'],
    ['Volume Restriction', 'a deadline not to be exceeded', 'The Agent shall provide such other reports as may be reasonably requested within a period not to exceed sixty (60) days after the request.'],
    ['Volume Restriction', 'what an arbitration allows each side', 'Unless otherwise agreed, each party to the arbitration will be permitted to take no more than three depositions, each not to exceed seven hours.'],
    ['Minimum Commitment', 'no minimum amount to deliver', 'It is acknowledged and agreed that there is no minimum amount of Gas that Shipper must deliver to the Facilities during the Term.'],
    ['Minimum Commitment', 'a late charge of not less than a sum', 'The Affiliate agrees to pay a late charge of 1.5% per month on the unpaid amount as well as a returned check fee of not less than $25.'],
    ['License Grant', 'a recital naming an earlier licence', 'WHEREAS, the Licensor and the Company entered into the License Agreement dated January 18, 2018, under which the Licensor granted the Company an exclusive license to the Product.'],
    ['License Grant', 'nothing contained herein deemed to grant a licence', 'Nothing contained herein, nor the delivery of any information to either party hereunder, shall be deemed to grant the other party a right or license under any patent.'],
    ['Audit Rights', 'a right to inspect given up', 'The Talent further waives the right to inspect or approve the Marketing Materials.'],
    ['Audit Rights', "information a party may pass to its own auditors", 'Such information may be disclosed to the officers, employees, auditors, solicitors and other professional advisors of the receiving party.'],
    ['Expiration Date', "an amendment's other terms left as they were", 'All other terms of the original Agreement shall remain unchanged.'],
    ['Expiration Date', 'a counterpart signed by facsimile', 'Delivery of an executed counterpart of a signature page to this Agreement by facsimile shall be effective as delivery of a manually executed counterpart.'],
    ['Termination For Convenience', 'a right on an event named after it', 'The Distributor may, upon written notice, terminate this Agreement at any time in the event that the Supplier discontinues the Products.'],
  ])('finds no %s in %s', (category, _, sentence) => {
    expect(containsCategory(findingsOf(sentence, category), category)).toBe(false);
  });
});

describe('CLAUSE_RULES', () => {
  it('covers every category that is not read from the preamble', () => {
    const ruled = new Set(CLAUSE_RULES.map((r) => r.category));
    const descriptive = ['Document Name', 'Parties', 'Agreement Date', 'Effective Date'];
    expect(CUAD_CATEGORIES.filter((c) => !ruled.has(c) && !descriptive.includes(c))).toEqual([]);
  });

  it('weighs an assignment of "its entire right, title and interest" as one of "all of its right, title and interest"', () => {
    const rule = CLAUSE_RULES.find((r) => r.category === 'Ip Ownership Assignment');
    if (rule === undefined) throw new Error('no rule for IP ownership');
    const score = (text: string): number => scoreSegment(rule, { text, heading: '' });
    const all = score('The Seller hereby assigns all of its right, title and interest in and to the Transferred Patents to the Buyer.');
    expect(score('The Seller hereby assigns its entire right, title and interest in and to the Transferred Patents to the Buyer.')).toBe(all);
  });

  it('scores a negative cue below the same sentence without it', () => {
    const rule = CLAUSE_RULES.find((r) => r.category === 'Exclusivity');
    expect(rule).toBeDefined();
    if (rule === undefined) return;
    const plain = scoreSegment(rule, { text: 'Supplier grants Distributor an exclusive license in the Territory.', heading: '' });
    const negated = scoreSegment(rule, { text: 'Supplier grants Distributor a non-exclusive license in the Territory.', heading: '' });
    expect(negated).toBeLessThan(plain);
  });
});

describe('scoreSegment', () => {
  const rule: ClauseRule = {
    category: 'Insurance',
    requires: [/\bshall\b/i, /\bmaintain\b/i],
    cues: [
      [/\binsurance\b/i, 0.8],
      [/\bliability\b/i, 0.5],
    ],
    headings: [
      [/\binsurance\b/i, 0.3],
      [/\bcover/i, 0.6],
    ],
    negatives: [[/\bself-insur/i, 0.4]],
    sectionTitle: /^insurance$/i,
  };
  const score = (text: string, heading = '', sectionStart?: boolean) => scoreSegment(rule, { text, heading, sectionStart });

  it('adds the weight of every cue that matches', () => {
    expect(score('Supplier shall maintain liability insurance.')).toBeCloseTo(1.3, 8);
    expect(score('Supplier shall maintain insurance.')).toBeCloseTo(0.8, 8);
  });

  it('counts nothing unless every required pattern matches', () => {
    expect(score('Supplier shall keep liability insurance.')).toBe(0);
    expect(score('Supplier will maintain liability insurance.')).toBe(0);
  });

  it('adds the best matching heading weight only to a sentence that has a cue', () => {
    expect(score('Supplier shall maintain insurance.', 'Insurance and cover')).toBeCloseTo(1.4, 8);
    expect(score('Supplier shall maintain insurance.', 'Other matters')).toBeCloseTo(0.8, 8);
    expect(score('Supplier shall maintain the premises.', 'Insurance and cover')).toBe(0);
  });

  it('subtracts negative cues', () => {
    expect(score('Supplier shall maintain self-insurance and liability insurance.')).toBeCloseTo(0.9, 8);
  });

  it('gives the first sentence of a section titled with the category the title weight (1) and the heading weight, required patterns or not', () => {
    expect(score('Supplier keeps records.', 'Insurance', true)).toBeCloseTo(1.3, 8);
    expect(score('Supplier keeps records.', 'Insurance', false)).toBe(0);
    expect(score('Supplier keeps records.', 'Insurance')).toBe(0);
    expect(score('Supplier keeps records.', 'Records', true)).toBe(0);
    expect(scoreSegment({ ...rule, sectionTitle: undefined }, { text: 'Supplier keeps records.', heading: 'Insurance', sectionStart: true })).toBe(0);
  });

  it('gives the title weight under a heading that titles several things only for the first ("Governing Law; Dispute Resolution")', () => {
    const titled = { ...rule, sectionTitle: /insurance/i };
    const first = (heading: string) => scoreSegment(titled, { text: 'Supplier keeps records.', heading, sectionStart: true });
    expect(first('Insurance')).toBeCloseTo(1.3, 8);
    expect(first('Insurance; Indemnity')).toBeCloseTo(1.3, 8);
    expect(first('Records; Insurance')).toBe(0);
    expect(first('Records and Insurance')).toBe(0);
    expect(scoreSegment(titled, { text: 'Supplier shall maintain insurance.', heading: 'Records and Insurance', sectionStart: true })).toBeCloseTo(1.1, 8);
  });
});

// The wordings behind the offline engine's misses and false answers on CUAD (issue 19), each in a clause of its own.
describe('detectClauses on wordings of issue 19', () => {
  const restriction = 'During the Term, the Franchisee shall not own or operate any business that competes with the System.';

  it.each<[CuadCategory, string, string]>([
    ['Post-Termination Services', 'a duty once the contract is ended, introduced by "if"', 'If this Agreement is terminated, the Contractor shall promptly deliver to the Company all files and records relating to the Notes.'],
    ['Post-Termination Services', 'records kept for a time after the end', 'The Distributor shall retain all sales records for a period of four (4) years following the expiration or termination of this Agreement.'],
    ['Minimum Commitment', 'an undertaking to deliver at least so many', 'During the first year of the sponsorship, the Publisher will deliver not less than [****] Impressions on the Publisher Site.'],
    ['Minimum Commitment', 'sales targets', 'The Distributor agrees to satisfy the annual and quarterly sales targets for the Products set forth in Appendix 3.'],
    ['Minimum Commitment', 'a forecast made a binding commitment to buy', 'The first three months of each rolling forecast shall constitute a binding commitment of the Retailer to purchase the quantities shown.'],
    ['Minimum Commitment', 'a forecast made a firm purchase order', 'The first two months of each Purchase Forecast shall constitute a firm purchase order of the Distributor.'],
    ['Minimum Commitment', 'a fee owed for a minimum of months', 'The Operator is obligated to pay the monthly service fee for a minimum of 24 months from installation.'],
    ['Minimum Commitment', 'a guaranteed fee', 'In return for the appearances, the Brand agrees to pay the Athlete a non-refundable Guaranteed Endorsement Fee in four instalments.'],
    ['Minimum Commitment', 'a least count in words', 'Each order placed by the Reseller shall be for a minimum of ten units.'],
    ['Minimum Commitment', 'an obligation to open at least so many', 'The Licensee shall be under an obligation to open at least four (4) clinics in the Region during the first Contract Year.'],
    ['Covenant Not To Sue', 'a challenge barred "at no time"', "At no time during or after the term of this Agreement shall either party challenge the other party's Trademarks or the registration thereof."],
    ['Covenant Not To Sue', 'no act that would impair the marks', 'The Licensee shall not at any time, during or after the Term, do or suffer to be done any act or thing which will in any way impair the rights of the Licensor in the Marks.'],
    ['Covenant Not To Sue', 'a release of claims', 'The Consultant hereby releases and discharges the Company from any and all claims arising out of the use of the Materials.'],
    ['Exclusivity', 'an exclusive licence qualified in brackets', 'Licensor hereby grants to Licensee an exclusive, non-transferable (except as set forth in Section 10.7) and non-sublicensable license to use the Licensed Domain Names.'],
    ['Exclusivity', 'the only distributor', 'The Distributor shall be the only distributor appointed by the Supplier in the Territory.'],
    ['Non-Compete', 'a business "undertakes not to" go into', 'The Reseller undertakes not to develop, on its own or with others, any device that performs the functions of the Products, during the Term and for one year after it ends.'],
    ['Exclusivity', 'a promise to license no one other than the company', 'The Licensor agrees not to grant the right to use the Identification to anyone other than the Company in connection with the Products.'],
    ['Exclusivity', 'an exclusive licence with a bracket inside a bracket', 'The Owner grants to the Operator an exclusive, non-transferable (except as allowed in Section 9.2(b)) licence to run the Booking Platform.'],
    ['Exclusivity', 'an exclusive right with words between and no comma', 'The Studio hereby grants the Broadcaster a sole and exclusive worldwide right to air the Series.'],
    ['No-Solicit Of Customers', 'diverting business listed under a lead-in', '(ii) divert or attempt to divert any business or client of the Studio to a rival studio;'],
    ['Revenue/Profit Sharing', 'a share of commissions received', 'The Reseller will pay the Company ten percent (10%) of any activation commissions it receives from the carriers.'],
    ['Revenue/Profit Sharing', 'revenue distributed between the parties', 'Net revenue from the alliance will be distributed equally between the parties.'],
    ['Revenue/Profit Sharing', 'a percentage royalty of the price received', 'The Grower shall pay the Cooperative a twelve percent (12%) royalty of the price it receives for each tonne harvested and sold.'],
    ['Revenue/Profit Sharing', 'a royalty rate in percent', 'The royalty rate for Licensed Titles shall be eight percent (8%).'],
    ['Renewal Term', 'an automatic extension', "This Agreement shall be subject to an automatic extension for consecutive one (1) year periods unless terminated by either party on thirty (30) days' notice."],
    ['Renewal Term', 'an option to renew this Agreement', 'The Distributor shall have the option to renew this Agreement for an additional three (3) year period by written notice to the Company.'],
    ['Renewal Term', 'a term that runs on after the first year', 'This contract shall be for a term of one year; thereafter, it shall automatically continue until terminated by either party upon not less than thirty (30) days prior written notice.'],
    ['Notice Period To Terminate Renewal', 'notice ending an evergreen term', 'Thereafter, this Agreement shall automatically continue in effect until either party gives the other at least six (6) months prior written notice of termination.'],
    ['Non-Transferable License', 'a non-transferable right to distribute', 'The Company grants to the Agent the non-exclusive and non-transferable right to distribute the products to end user customers.'],
    ['Non-Transferable License', 'a use that may not be sold or transferred', 'Such usage may not be sold or transferred.'],
    ['Non-Transferable License', 'a personal licence', 'The Licensor hereby grants to the Licensee a personal, non-exclusive, royalty-free right and license to use the Licensed Mark in the Territory.'],
    ['Audit Rights', 'a right to inspect the books named after the right', 'The Agent shall have the right during the Contract Period and until two (2) years after its termination to inspect and make copies of the books and records of the Company insofar as they relate to the Products.'],
    ['Audit Rights', 'a right to review the books', "The Seller shall permit the Purchaser's representatives to review the books and records relating to the Royalties once a year."],
    ['Audit Rights', "logs made available for another's inspection", "All logs shall be kept at the Contractor's site and made available for the Principal's inspection upon request."],
    ['Audit Rights', 'books made available', "The Company shall make said books available to the Licensor's representative on reasonable notice during the Term."],
    ['Termination For Convenience', 'a right "also" to end the contract by notice', 'This Agreement may also be terminated by either party upon ninety (90) days written notice.'],
    ['Termination For Convenience', 'a right to end the contract on notice and nothing more', 'Either the Adviser or the Fund may terminate this Agreement upon prior written notice thereof to the other party.'],
    ['Change Of Control', 'a merger counted as a transfer', "For purposes of this Section, a merger or consolidation of the Licensee with another company shall be deemed a transfer of the Licensee's interest prohibited hereunder."],
    ['Anti-Assignment', 'an attempt to assign said to be void', 'Any attempt by the Reseller to assign this Agreement other than as permitted above shall be null and void.'],
    ['Anti-Assignment', 'an agreement that "also" ends on its assignment', 'This Agreement will also terminate automatically in the event of its assignment.'],
    ['Affiliate License-Licensee', 'sublicences to affiliates', 'The Licensee shall be entitled to grant sublicenses under its license to Affiliates only.'],
    ['Affiliate License-Licensee', 'sublicences to affiliates with leave', 'MMT may not grant sublicenses of the rights and licenses granted to it in Section 2.1(a) to any Affiliate or Third Party without the prior written approval of SIGA.'],
    ['Cap On Liability', 'indirect loss excluded', "The Supplier's liability for indirect loss, including consequential loss and loss of profit, is excluded."],
    ['Cap On Liability', 'damages an arbitrator may not award', 'The arbitrator shall not award any party punitive, exemplary or consequential damages.'],
    ['Cap On Liability', 'a contribution capped', 'The Remarketing Agent shall not be required to contribute any amount in excess of the price at which the Securities were offered to the public.'],
    ['Uncapped Liability', 'a section "intended" to limit no damages for breaches', 'Nothing in this Article is intended to limit or restrict the damages recoverable for breaches of the confidentiality obligations in Article 6.'],
    ['Insurance', 'insurance to be arranged', 'The Manufacturer shall arrange product liability and warranty insurance.'],
    ['Ip Ownership Assignment', 'an assignment after other verbs of transfer', 'Effective as of the Closing Date, the Seller hereby sells, transfers, conveys and assigns to the Buyer all right, title and interest in and to the Transferred Patents.'],
    ['Warranty Duration', 'a warranty period stated first', 'For ninety (90) days after delivery of a Product, the Developer warrants that the media shall be free of defects.'],
    ['Warranty Duration', 'a redacted period to reject goods', 'The Customer may reject any Product that does not conform to the Specifications by written notice within [***] days after receipt of the Product.'],
    ['Rofr/Rofo/Rofn', 'a first right of negotiation', 'If the Licensor develops any further title during the Term, the Licensor shall give the Licensee the first right of negotiation for each such title.'],
    ['Rofr/Rofo/Rofn', 'a bona fide offer to be notified first', 'Before accepting a bona fide third party offer to purchase the tooling, the Manufacturer shall notify the Customer in writing.'],
    ['Volume Restriction', 'a number that may not exceed a ceiling', 'The total number of Pin Codes to be distributed as prizes in the Promotion shall not exceed 277,760.'],
    ['Volume Restriction', 'use past a count with commas charged extra', 'Any copier used for more than 40,000 copies in a year shall be subject to an additional charge per copy.'],
  ])('finds %s in %s', (category, _, sentence) => {
    expect(containsCategory(findingsOf(sentence, category), category)).toBe(true);
  });

  it.each<[CuadCategory, string, string]>([
    ['Post-Termination Services', 'confidential information returned', 'Upon the expiration or earlier termination of this Agreement, the Receiving Party shall return to the Disclosing Party all of its Confidential Information.'],
    ['Post-Termination Services', 'a contract made void with nothing owed', 'Upon termination of this Agreement prior to the Closing, this Agreement shall become void and no party shall have any further liability or obligation to pay or deliver anything hereunder.'],
    ['Post-Termination Services', 'another agreement named for transition services', 'This Agreement, together with the Transition Services Agreement, constitutes the entire agreement of the Parties.'],
    ['Notice Period To Terminate Renewal', 'notice that takes up an option to extend', 'To exercise this option, LeadersOnline must notify VerticalNet in writing of its election no later than 90 days prior to the expiration of the initial Term.'],
    ['Notice Period To Terminate Renewal', 'notice exercising an option', 'The Customer shall exercise its option, if at all, by written notice to the Supplier at least four (4) months before the expiration of the Term.'],
    ['Notice Period To Terminate Renewal', "an insurance certificate's non-renewal", 'Each certificate must state that the Owner will be given at least thirty (30) days prior written notice of any cancellation or non-renewal of the cover.'],
    ['Notice Period To Terminate Renewal', 'talks on an extension', 'The Parties may negotiate for an extension of this Agreement six (6) months before the expiration of the Cooperation Period.'],
    ['Expiration Date', 'a start from a date', '13.1. The present Agreement is effective as from 1 January 2009.'],
    ['Expiration Date', 'a waiver', '9.2 Any term or condition of this Agreement may be waived at any time by the Party that is entitled to the benefit thereof, but no such waiver shall be effective unless set forth in writing.'],
    ['Non-Compete', 'no assignment to a competitor', "In addition, EFS may not assign this Agreement without Client's consent to a competitor of Client or any of Client's businesses."],
    ['Non-Compete', 'a party that keeps its right to deal with others', 'The Distributor retains the right to work with other suppliers and may directly or indirectly sell, market or engage in the sale of competing products.'],
    ['Non-Compete', 'a warranty that no other covenant is breached', 'The signing of this Agreement by the Agent will not conflict with, or result in a breach of, any agreement to which it is bound, including any non-competition undertaking.'],
    ['Non-Compete', 'secrecy under a non-compete heading', 'Secrecy and non-compete: for the term of this Agreement and two years after, the Consultant will keep in confidence and not use any information the Client marks as secret.'],
    ['Non-Compete', 'no hiring of staff under a non-competition heading', '12. Non-Competition 12.1 Neither the Builder nor the Owner may employ any employees of the other for one year after they leave that party.'],
    ['Non-Compete', 'a recital naming a non-competition agreement', 'WHEREAS, the Parties had entered into a Non-Competition Agreement dated September 30, 2014, under which the Seller agreed not to compete with the Buyer;'],
    ['Non-Compete', 'a covenant not to compete found in another agreement', "Subject to the Seller's compliance with the covenant not to compete in Section 6.4 of the Purchase Agreement, the Buyer hereby grants to the Seller a non-exclusive licence under the Retained Patents."],
    ['Covenant Not To Sue', 'a waiver of a jury', 'Each side hereby waives and covenants that it will not assert any right to trial by jury in any suit about the Vessel.'],
    ['Covenant Not To Sue', 'covenants not to sue among other instruments', 'The Inventor is not party to any settlements, covenants not to sue, consents or judgments that limit its use of the Formulas.'],
    ['Covenant Not To Sue', 'an arbitral award not to be contested', 'The ruling of the panel shall be final, and each party waives any right to challenge the validity of such award in any court.'],
    ['Post-Termination Services', 'what an end leaves untouched', '(f) Any termination or expiration of this Agreement shall not affect any outstanding obligations or payments due hereunder prior to such termination or expiration, nor shall it prejudice any other remedies that the Parties may have.'],
    ['Post-Termination Services', 'no liability after an early end, with an exception', 'If this Agreement is terminated before the Closing, neither Party (nor any of its officers or agents) shall have any liability to the other, except that each Party shall return the deposits paid to it.'],
    ['Post-Termination Services', 'a fee worked out for a quarter cut short', 'If this Agreement terminates during a calendar quarter, the royalty payable for that quarter shall be calculated only on sales made before the termination date.'],
    ['Post-Termination Services', 'payments kept that were made before the end', 'In the event of such termination, the Agent shall be entitled to receive and retain all payments made to it before the termination date.'],
    ['Post-Termination Services', 'a transition period while the contract runs', 'During the Changeover Transition Period, the Supplier shall deliver all orders from its old plant and shall transfer the tooling to the new plant.'],
    ['Post-Termination Services', 'payments accrued before the end', 'Any payments which have accrued prior to the date of termination shall remain due and payable.'],
    ['Post-Termination Services', 'a fee for ending early', 'Upon termination of this Agreement by the Customer for convenience, the Customer shall pay the Provider the Termination Fee set out in Attachment B.'],
    ['Post-Termination Services', 'a covenant for the term and a year after it', 'During the term of this Agreement and for a period of one (1) year after its termination, the Reseller shall not hire any employee of the Vendor.'],
    ['Post-Termination Services', 'a defined term naming a wind-down period', '"Wind-Down Period" has the meaning given in Section 9.4.'],
    ['Termination For Convenience', 'a right said not to exist', 'The licences granted in this Article shall not be terminable or revocable at any time for any reason.'],
    ['Termination For Convenience', 'a part in an event cancelled at will', 'The Exhibitor may, in its sole discretion, cancel its participation in any of the trade fairs listed in Schedule B by notifying the Organiser no later than thirty days before the fair opens.'],
    ['Termination For Convenience', 'a severability clause with a right to end', 'Every provision of this Agreement is severable, and if for any reason a provision is held invalid and that finding defeats the purpose of this Agreement, either party may terminate this Agreement.'],
    ['Renewal Term', 'a contract that runs until terminated from its start', 'This Agreement will become effective as of the date first written above and will continue in effect thereafter until terminated pursuant to Paragraph 4.2 below.'],
    ['Renewal Term', 'a renewal left to a later agreement with words between', 'This Agreement may be renewed for further two-year terms pursuant to the mutual written agreement of the parties.'],
    ['Price Restrictions', "a security's dividend rate capped", 'The Remarketing Agent shall set the Dividend Rate, which may not exceed the Maximum Rate.'],
    ['Price Restrictions', 'fees in an indemnity for negligence', 'The Supplier shall indemnify the Buyer against any claim arising from its negligence, and the fees charged for defending such a claim shall not exceed the agreed hourly rates.'],
    ['Price Restrictions', 'a price credit when a list price falls', 'If the Vendor lowers its list price, the Vendor will grant the Reseller a price credit on unsold stock, but such credit shall not exceed the difference between the old and new price.'],
    ['Audit Rights', 'inspections by a regulator', 'The Manufacturer shall tell the Buyer at once of any inspection of the plant by a regulatory agency, and the Buyer may be present at any such inspections.'],
    ['Audit Rights', 'advertising copy to be inspected', 'The owner of the Marks shall have the right to inspect and veto any advertising copy that bears the Marks before it is released.'],
    ['Volume Restriction', 'a cap on working hours', 'The Supplier shall comply with the maximum number of working hours laid down in the applicable laws.'],
    ['Volume Restriction', 'a deadline of not more than so many days', 'The Seller shall send its statement of account not more than thirty (30) days after the end of each quarter.'],
    ['Volume Restriction', 'an option on up to so many shares', 'The Issuer grants the Placement Agent an option to purchase up to 150,000 additional shares at the offering price.'],
    ['Ip Ownership Assignment', 'user data not to be transferred', 'Neither party will sell, disclose, transfer or rent any User Data to any third party.'],
    ['Ip Ownership Assignment', 'receivables handed over', 'On each Funding Date the Seller shall transfer to the Purchaser its right, title and interest in the Receivables to be sold on that date.'],
    ['Non-Transferable License', 'a handover said not to be an assignment', 'Delivery of the source files to the Licensee shall not operate as an assignment of any copyright held by the Studio.'],
    ['Non-Transferable License', "an endorser's personal appearances", 'The Golfer will make two personal appearances in each License Year at trade shows chosen by the Sponsor.'],
    ['Ip Ownership Assignment', 'materials said not to be works made for hire', 'The Client agrees that the Vendor Toolkit is not a "work made for hire" under the copyright laws.'],
    ['Joint Ip Ownership', 'a relationship said to be no partnership or co-ownership', 'Nothing in this Agreement shall be read as forming a partnership, joint venture or co-ownership between the Grower and the Mill.'],
    ['Joint Ip Ownership', 'a physical asset held in undivided shares', 'The pipeline spur shall be owned by the Shippers in common and undivided shares as listed in Annex C.'],
    ['Affiliate License-Licensee', 'a licence said not to be given', 'No right, title, license, or interest in any Marks owned by Ford or any of its affiliates is intended to be given to or acquired by iVillage by the execution of this Agreement.'],
    ['Affiliate License-Licensee', 'a licence said not to be granted', 'No license, either express or implied, is granted to the Distributor or its affiliates by this Agreement to any patents or trademarks of the Company.'],
    ['Affiliate License-Licensee', 'a definition naming a licence to affiliates', '"Licensed Products" means the products made under the license granted to the Licensee and its Affiliates in Section 2.1.'],
    ['Affiliate License-Licensee', 'a warranty of the right to grant', 'The Licensor represents and warrants that it has the full right to grant the Distributor and its Affiliates the licences set out in this Agreement.'],
    ['Affiliate License-Licensee', 'licence fees received by affiliates', 'The Publisher shall pay the Author half of any license fees received by the Publisher or its Affiliates from the film adaptation.'],
    ['Affiliate License-Licensee', "the licensor's affiliates granting", 'SONY, on behalf of itself and its Affiliates, hereby grants to PURCHASER a worldwide, non-exclusive license under the Licensed Patents owned by SONY or any SONY subsidiary.'],
    ['Affiliate License-Licensee', "an exclusivity reaching the licensor's affiliates", 'The Agent hereby grants Monsanto an exclusive (even with respect to the Agent and its Affiliates), non-transferrable, royalty-free license and right to use the Agent Marks.'],
    ['Affiliate License-Licensor', 'nothing construed as a grant', 'Nothing set forth in this Agreement shall be construed to grant to Manufacturer any license under the patents owned or controlled by Pfizer or any of its Affiliates.'],
    ['Affiliate License-Licensor', 'ownership acknowledged with nothing acquired', 'The Reseller agrees that the Maker and its Affiliates own the Licensed Designs and that the Reseller will not acquire any ownership rights in them.'],
    ['Affiliate License-Licensor', "a group's business described", 'The Operator and its Affiliates own, license, lease and manage a chain of roadside motels for which the Marks are used.'],
    ['License Grant', 'grants and licences among public permits', 'The Builder shall obtain all easements, grants, permits and licenses needed to lay the conduit along the highway.'],
    ['License Grant', 'rights granted earlier to someone else', 'The Club confirms that it has previously granted the exclusive right to license its crest to the League, and that the grant to the Sponsor of the right to use the crest needs the approval of the League.'],
    ['Exclusivity', 'a recital of exclusive rights to be granted', 'WHEREAS, PcoMed is willing to apply such surface technologies onto Integra\'s devices and to grant Integra certain exclusive rights to use and commercialize those devices; and'],
    ['Exclusivity', "an owner's exclusive right, title and interest", 'Dova shall have and retain sole and exclusive right, title and interest in and to all inventions developed under this Agreement.'],
    ['Exclusivity', 'the title and opening words of an exclusive deal', 'EXCLUSIVE SUPPLY AGREEMENT This Exclusive Supply Agreement is made on 3 May 2021 between Harlow Mills Ltd and Penrose Foods plc.'],
    ['Exclusivity', 'exclusive rights others may already hold', 'The Reseller acknowledges that the Maker may have already granted exclusive distribution rights to other companies in neighbouring markets.'],
    ['Exclusivity', 'a ban on passing any right or obligation on', 'The Agent shall not subcontract, license or in any other way pass to a third party any right or obligation it holds under the Programme.'],
    ['Exclusivity', "an owner's exclusive right to maintain its registrations", 'Licensor shall have the sole and exclusive right and obligation to maintain and renew registrations for the Licensed Domain Names during the Term.'],
    ['Exclusivity', 'a ban on passing its own rights to a third party', 'The Reseller shall not sell, assign, pledge or otherwise transfer to any third party all or any part of its rights or duties under this Agreement.'],
    ['No-Solicit Of Customers', 'contacting a support desk about customers', "Where the Reseller is not satisfied with the response, it may contact the customer care manager of the Supplier to escalate the issue on behalf of its customers."],
    ['No-Solicit Of Employees', 'who is responsible for hiring staff', "Neither party shall be responsible for the hiring, supervision or pay of the other party's staff."],
    ['Non-Disparagement', 'a warranty that content is not libellous', 'The Publisher warrants that the Articles supplied to the Portal will not amount to defamation, product disparagement or libel.'],
    ['Non-Disparagement', 'a separate non-disparagement agreement to be signed', 'At the Closing, the Seller and the Buyer shall sign a Mutual Non-Disparagement Agreement in the agreed form.'],
    ['Revenue/Profit Sharing', 'profit sharing as a deal not to be entered', "Without the Board's approval, the Company shall not enter into any partnership or profit-sharing agreement with an outside investor."],
    ['Minimum Commitment', 'no minimum fees', 'ISO may utilize the services on a non-exclusive basis and there are no minimum fees or utilization commitments under this Agreement.'],
    ['Minimum Commitment', 'no obligation to buy any minimum', 'Manufacturer acknowledges and agrees that Customer is not otherwise obligated to purchase any minimum or specific quantity, volume or dollar amount of Product.'],
    ['Minimum Commitment', 'a least number of staff', 'Distributor shall allocate a minimum of two (2) dedicated people to sell and support the Products full-time.'],
    ['Minimum Commitment', 'insurance in the minimum amounts specified', 'At all times while this Agreement is in effect, Company shall carry insurance of the types and in the minimum amounts set forth in Exhibit G.'],
    ['Minimum Commitment', 'a forecast said not to be a binding order', 'A rolling forecast will not be deemed to constitute a binding purchase order.'],
    ['Minimum Commitment', 'an offer to be taken whole', 'The Buyer shall have ten (10) days to agree to purchase all, but not less than all, of the offered Interests.'],
    ['Minimum Commitment', 'a least number of references after "at least"', 'Each temporary worker must have a minimum of at least three (3) work references.'],
    ['Minimum Commitment', 'a shortfall in payments found by an audit', 'If any audit reveals a shortfall in payments of more than five percent, the Licensee shall bear the cost of the audit.'],
    ['Minimum Commitment', 'minimum standards of performance', 'The Franchisee must keep minimum performance standards for guest satisfaction at every outlet.'],
    ['Minimum Commitment', "the least of another's information disclosed", "The Recipient may disclose only the minimum amount of the Discloser's Technical Information required by the court."],
    ['Change Of Control', 'leave to assign on a merger without the other party\'s consent', "Notwithstanding the foregoing, either party may assign this Agreement without the other party's prior written consent in the event of a merger, acquisition, reorganization or change in control."],
    ['Change Of Control', 'a change of control said not to be an assignment', 'A change of control of Rogers shall not be considered an assignment of this Agreement.'],
    ['Change Of Control', 'a change in control said after "nor" not to be an assignment', 'No subcontracting by the Vendor shall be treated as an assignment of this Agreement, nor shall any change in control of the Vendor be deemed an assignment for the purposes of this Section.'],
    ['Change Of Control', 'who is deemed to control another', 'A corporation shall be regarded as in control of another corporation if it owns or directly or indirectly controls more than fifty percent (50%) of the voting stock of the other corporation.'],
    ['Change Of Control', 'an assignment on a merger for which "no such consent" is needed', "The Licensee may not assign this Agreement without the Licensor's written approval, save for an assignment arising from a merger or sale of substantially all of the Licensee's assets, for which no such consent shall be required."],
    ['Change Of Control', 'a reorganization in bankruptcy', 'Either party may terminate this Agreement on notice if the other party becomes subject to insolvency, reorganization or receivership proceedings, or makes an assignment for the benefit of its creditors.'],
    ['Change Of Control', 'a default that lists a reorganization of debts', 'The Owner may end this Agreement if the Operator fails to pay any sum within ten days, makes an assignment of substantially all of its property for the benefit of creditors, or files a petition seeking reorganization, arrangement or readjustment of its debts, by written notice to the Operator.'],
    ['Change Of Control', 'a contract binding on successors by merger', 'This Agreement shall be binding upon and inure to the benefit of the parties and their respective successors (whether by merger, consolidation or by operation of law) and permitted assigns.'],
    ['Anti-Assignment', 'a present transfer of rights by several verbs', 'Subject to the terms of the Purchase Agreement, the Vendor does hereby transfer, sell, assign, convey and deliver to the Purchaser all right, title and interest in and to the Acquired Marks, with the consent of the Lender.'],
    ['Cap On Liability', "another's debts arising indirectly", 'The Athlete shall not be liable for any debts of the Sponsor arising directly or indirectly from the campaign.'],
    ['Cap On Liability', "a ceiling on a party's pay", "The Agent's compensation for each month will not exceed the amount set in Schedule B."],
    ['Uncapped Liability', 'a party excused for its judgment but for its bad faith', 'The Sponsor shall not be liable for any error of judgment or mistake of law or for any act or omission in the management of the Trust, except for willful misfeasance, bad faith or gross negligence in the performance of its duties.'],
    ['Uncapped Liability', 'who bears the risk of loss', 'Risk of loss shall be borne entirely by Hydraspin, even while Products are in the possession of Distributor, and the Distributor shall not be liable therefor except in the case of its gross negligence.'],
    ['Uncapped Liability', 'a promise to indemnify with its own exception', "Brightwater shall indemnify and keep indemnified Lumen against all damages arising from its use of the Equipment, except for claims caused by Lumen's own gross negligence or wilful misconduct."],
    ['Uncapped Liability', 'a legend on omitted text', 'Schedule 4 (liability for damages other than for gross negligence) has been omitted under a request for confidential treatment.'],
    ['Uncapped Liability', 'employment ended other than for death or disability', "If the Company ends the Executive's employment without Cause (other than for death or disability), it shall have no liability beyond the severance set out in Section 6."],
    ['Uncapped Liability', "an indemnity's own exception", '(d) any recall of the Goods ordered by the Distributor, except to the extent such loss is caused by a defect for which the Maker is liable or by its infringement of third-party patents.'],
    ['Uncapped Liability', 'an indemnity whose parties stand between "hold" and "harmless"', "Except as provided in Section 9, the Company shall defend, indemnify and hold the Contractor, its officers and employees, harmless from any liability arising from the Company's gross negligence."],
  ])('finds no %s in %s', (category, _, sentence) => {
    expect(containsCategory(findingsOf(sentence, category), category)).toBe(false);
  });

  // Under the heading that titles such a clause, where the contracts put them.
  it.each<[CuadCategory, string, string, string]>([
    ['Post-Termination Services', '3.5 Effect of Termination.', 'obligations ended but for the sections listed', 'Upon termination of this Agreement in its entirety pursuant to Section 3.1, all obligations of the Parties hereto shall terminate, except for the provisions of Section 2.2, and the entirety of Sections 4, 5 and 6.'],
    ['Post-Termination Services', 'Section 10.03. Effect of Termination.', 'the lead-in of a list of surviving provisions', 'When this Agreement expires or terminates, the following provisions shall remain in effect:'],
    ['Post-Termination Services', '12. Effect of Termination.', 'rights that revert', "12.1. Immediately upon termination or expiration of this Agreement, for any reason, all of Developer's development rights granted pursuant to this Agreement shall revert to El Pollo Loco."],
    ['Notice Period To Terminate Renewal', '12.3 Other Early Termination.', 'notice of an end for convenience', '12.3.1 Either Party shall have the right to terminate this Agreement before the end of the Term for its convenience upon [***] written notice to the other Party (and any such termination shall become effective at the end of such [***]); [***].'],
  ])('finds no %s under "%s" in %s', (category, heading, _, sentence) => {
    expect(containsCategory(findingsOf(`${heading}\n\n${sentence}`, category), category)).toBe(false);
  });

  it.each([
    ['the restrictions said not to apply to a small shareholding', 'The restrictions of this Section shall not be applicable to the ownership of shares of a listed company that represent two percent (2%) or less of the outstanding shares.'],
    ['what the restricted party may still do', "Notwithstanding the foregoing, the Publisher may display links to the Sponsor's competitors in its general directory of web sites."],
    ['a restriction said to reach only some activities', 'For clarity, the foregoing restriction applies only to retail outlets run under the Brand and not to online sales by the Franchisee.'],
  ])('finds a competitive-restriction exception in %s', (_, exception) => {
    expect(containsCategory(detectClauses(`${restriction} ${exception}`), 'Competitive Restriction Exception')).toBe(true);
  });

  it.each([
    ['an exception to keeping information secret', 'Nothing in this Section shall restrict either party with respect to information which is or becomes part of the public domain through no act of the receiving party.'],
    ['an exception to not hiring staff', 'The foregoing shall not preclude either party from employing any such employee who seeks employment in response to any general advertisement.'],
    ['leave to go to court meanwhile', 'No provision of this Section shall limit the right of a Party to obtain provisional or ancillary remedies from a court of competent jurisdiction.'],
    ['a filing with a competent authority', 'The Reseller shall be permitted to file the required reports with any competent authority.'],
    ['a licence granted to a named web site after a long run of terms', 'The Owner hereby grants to shop.example.net a non-exclusive, royalty-free, non-transferable (except as set forth in Section 9.3) license to display the Owner Logos.'],
    ['a right to end the contract', 'Notwithstanding the foregoing, the Licensor shall be entitled to terminate this Agreement at once if the Licensee fails to pay.'],
    ['leave to hire staff of the other side', 'Notwithstanding the foregoing, nothing herein shall prevent the Supplier from hiring any employee of the Buyer who first contacts the Supplier on his own initiative.'],
    ['an exception to keeping information secret shown by the receiving party', 'The foregoing obligations shall not apply to information which the Receiving Party can show it already possessed.'],
    ['interim measures beside an arbitration', 'This arbitration agreement does not preclude either Party seeking conservatory or interim measures from any court of competent jurisdiction.'],
    ['a time bar on suits with its own proviso', 'No suit or other action may be brought by either party more than one year after the cause of action arose; provided, however, that the foregoing shall not prevent either party from bringing a claim it could not have known of.'],
    ['an announcement the law requires', 'The restrictions imposed by this Section shall not prohibit the parties from making any public announcement required by any applicable law.'],
    ['a claim for fraud kept alive', "Nothing in this Agreement shall limit either party's liability for fraud or for death caused by its negligence."],
    ['statements in an offering document', 'The preceding sentence does not apply to statements in the Prospectus made in reliance upon information furnished by the Agent.'],
    ['leave to disclose to advisers', 'Nothing in this Agreement shall prevent a Party from disclosing the terms of this Agreement to its legal and financial advisers.'],
    ['a licence granted with its own exception in brackets', 'Company hereby grants to ACSI, during the Term, a non-exclusive, non-transferable (except in accordance with Section 11.7) license to use the Company Marks, provided that ACSI may sublicense only to its affiliates.'],
  ])('finds no competitive-restriction exception in %s', (_, other) => {
    expect(containsCategory(detectClauses(`${restriction} ${other}`), 'Competitive Restriction Exception')).toBe(false);
  });

  it("finds no anti-assignment clause in a contract binding on each side's successors and assigns", () => {
    const text = '11. Successors and Assigns\n\nThis Agreement shall be binding upon, and shall inure to the benefit of, the parties hereto and their respective successors and assigns.';
    expect(containsCategory(detectClauses(text), 'Anti-Assignment')).toBe(false);
  });

  it('finds no revenue sharing in a commission that is a body of people', () => {
    const text = '12. Supervision Commission\n\n12.1. The parties commit themselves to constitute a supervision commission formed by persons appointed for that purpose.';
    expect(containsCategory(detectClauses(text), 'Revenue/Profit Sharing')).toBe(false);
  });
});
