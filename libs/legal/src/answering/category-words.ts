import type { CuadCategory } from '../clauses/categories';

/**
 * The words a clause of each category is usually written in, added to the search for a question that names the
 * category: a lawyer asks "who owns the IP?", the clause says "all right, title and interest ... shall vest in".
 * Plain legal vocabulary, not the wording of any one contract. Categories read from the preamble have none.
 */
export const CATEGORY_WORDS: Partial<Record<CuadCategory, string>> = {
  'Expiration Date': 'term expire expiration continue until years',
  'Renewal Term': 'renew renewal automatically successive extend',
  'Notice Period To Terminate Renewal': 'notice renewal prior days written terminate',
  'Governing Law': 'governed laws construed state',
  'Most Favored Nation': 'favorable terms pricing customers',
  'Competitive Restriction Exception': 'except notwithstanding compete restriction permitted',
  'Non-Compete': 'compete competing competitive business similar engage research develop commercialize',
  Exclusivity: 'exclusive exclusively sole appoint other',
  'No-Solicit Of Customers': 'solicit customers clients divert',
  'No-Solicit Of Employees': 'solicit hire employ employees personnel',
  'Non-Disparagement': 'disparage disparaging statements reputation',
  'Termination For Convenience': 'terminate convenience reason without cause notice',
  'Rofr/Rofo/Rofn': 'first refusal offer negotiate match',
  'Change Of Control': 'change control merger acquisition assets',
  'Anti-Assignment': 'assign assignment transfer consent',
  'Revenue/Profit Sharing': 'percent revenue royalty profits sales commission',
  'Price Restrictions': 'price increase adjust prices',
  'Minimum Commitment': 'minimum purchase order quantity least',
  'Volume Restriction': 'exceed maximum limit volume additional',
  'Ip Ownership Assignment': 'own owned owner ownership title intellectual property inventions vest sole exclusive assigns hereby interest',
  'Joint Ip Ownership': 'jointly joint ownership intellectual property',
  'License Grant': 'grants license right use',
  'Non-Transferable License': 'non-transferable license transfer sublicense',
  'Affiliate License-Licensor': 'affiliates license licensor',
  'Affiliate License-Licensee': 'affiliates sublicense licensee',
  'Unlimited/All-You-Can-Eat-License': 'unlimited number copies users',
  'Irrevocable Or Perpetual License': 'perpetual irrevocable license',
  'Source Code Escrow': 'source code escrow release deposit',
  'Post-Termination Services': 'termination expiration after continue transition return',
  'Audit Rights': 'audit inspect records books examine',
  'Uncapped Liability': 'liability unlimited limitation gross negligence',
  'Cap On Liability': 'liability liable exceed aggregate limited amount',
  'Liquidated Damages': 'liquidated damages penalty',
  'Warranty Duration': 'warranty period months defects',
  Insurance: 'insurance maintain coverage policy insured',
  'Covenant Not To Sue': 'sue challenge contest claim validity',
  'Third Party Beneficiary': 'third party beneficiary beneficiaries enforce',
};
