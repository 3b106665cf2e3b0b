import type { CuadCategory } from '../clauses/categories';
import { DURATION_SOURCE, parseDuration } from '../extraction/dates';
import type { BearerMode } from './bearer';
import type { Severity } from './types';

export interface RiskProfile {
  severity: Severity;
  bearer: BearerMode;
  rationale: string;
  /** Adjusts the severity from the wording of the clause itself. */
  adjust?: (quote: string) => Severity | undefined;
}

const DURATION = new RegExp(DURATION_SOURCE, 'i');

function durationInDays(quote: string): number | undefined {
  const m = DURATION.exec(quote);
  if (m === null) return undefined;
  const d = parseDuration(m[0]);
  if (d === undefined) return undefined;
  return d.unit === 'day' ? d.amount : d.unit === 'month' ? d.amount * 30 : d.amount * 365;
}

/** How each clause category is graded. Categories that only describe the contract carry no risk item. */
export const RISK_PROFILES: Partial<Record<CuadCategory, RiskProfile>> = {
  'Uncapped Liability': {
    severity: 'high',
    bearer: 'subject',
    rationale:
      'Some liabilities are carved out of the limitation of liability, so a claim of that kind (for example infringement, confidentiality or indemnity) can exceed the value of the whole contract.',
  },
  'Cap On Liability': {
    severity: 'medium',
    bearer: 'counterparty',
    rationale:
      'Damages for a breach are capped or indirect losses are excluded, so the party that suffers a loss may recover only part of it.',
  },
  'Liquidated Damages': {
    severity: 'high',
    bearer: 'subject',
    rationale: 'A fixed sum becomes payable on breach or early exit whatever the actual loss, which makes leaving the contract or missing a target expensive.',
  },
  'Non-Compete': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'A party may not compete in a business, product line or area, which can block future opportunities and is enforceable only if reasonable in scope and time.',
    adjust: (q) => {
      const days = durationInDays(q);
      if (/\bworld-?wide|after\s+(?:the\s+)?(?:termination|expiration)|following\s+(?:the\s+)?(?:termination|expiration)|thereafter\b/i.test(q)) return 'high';
      return days !== undefined && days >= 730 ? 'high' : undefined;
    },
  },
  Exclusivity: {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'The relationship is exclusive, so a party cannot buy from, sell to or work with others in the covered field while it lasts.',
    adjust: (q) => (/\ball\s+(?:of\s+)?(?:its|their)\s+(?:\w+\s+)?requirements|\bsole\s+(?:and\s+exclusive\s+)?(?:source|supplier)/i.test(q) ? 'high' : undefined),
  },
  'No-Solicit Of Customers': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'A party may not approach the other side\'s customers or business relations, limiting where it can find new business.',
  },
  'No-Solicit Of Employees': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'A party may not recruit or hire the other side\'s staff for a period, which narrows its hiring pool.',
  },
  'Non-Disparagement': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'A party must not criticise the other in public; a breach can be a ground for termination or damages.',
  },
  'Termination For Convenience': {
    severity: 'medium',
    bearer: 'counterparty',
    rationale: 'The contract can be ended without any breach, simply by giving notice, so the other side cannot rely on it running for the full term.',
    adjust: (q) => {
      const days = durationInDays(q);
      return days !== undefined && days < 30 ? 'high' : undefined;
    },
  },
  'Rofr/Rofo/Rofn': {
    severity: 'medium',
    bearer: 'counterparty',
    rationale: 'One party must offer or match first before dealing with third parties, which slows down and can deter other deals.',
  },
  'Change Of Control': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'A merger, sale or change of ownership can trigger termination or a consent requirement, which affects the value of the business in a transaction.',
  },
  'Anti-Assignment': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'The contract cannot be transferred without consent, which can get in the way of a reorganisation or sale of the business.',
  },
  'Revenue/Profit Sharing': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'Payments are tied to revenue, sales or profit, so the amount owed depends on reporting and can grow with the business.',
  },
  'Price Restrictions': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'Prices cannot be changed freely, so rising costs may have to be absorbed by the seller.',
  },
  'Minimum Commitment': {
    severity: 'high',
    bearer: 'subject',
    rationale: 'A party must buy, sell or pay a minimum amount whatever its actual needs, and falling short can cost money or rights.',
  },
  'Volume Restriction': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'Use above a set limit costs extra or needs consent, so growth can raise costs unexpectedly.',
  },
  'Ip Ownership Assignment': {
    severity: 'high',
    bearer: 'subject',
    rationale: 'Intellectual property created under the contract passes to the other party, so the creator loses the right to use or license it freely.',
  },
  'Joint Ip Ownership': {
    severity: 'medium',
    bearer: 'mutual',
    rationale: 'Intellectual property is owned jointly; without clear rules each owner may need the other\'s consent to license or enforce it.',
  },
  'License Grant': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'A licence is granted; its scope (field, territory, exclusivity) decides how much control the licensor keeps over its rights.',
  },
  'Non-Transferable License': {
    severity: 'low',
    bearer: 'counterparty',
    rationale: 'The licence cannot be transferred or sublicensed, which limits what the licensee can do with it in a restructuring or sale.',
  },
  'Affiliate License-Licensor': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'The licence also covers rights held by the licensor\'s affiliates, extending what the group gives away.',
  },
  'Affiliate License-Licensee': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'The licensee\'s affiliates may also use the licensed rights, widening who can exploit them.',
  },
  'Unlimited/All-You-Can-Eat-License': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'Usage under the licence is unlimited, so the licensor gets no extra payment as use grows.',
  },
  'Irrevocable Or Perpetual License': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'The licence cannot be revoked or never ends, so the licensor keeps granting the rights even if the relationship goes wrong.',
  },
  'Source Code Escrow': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'Source code is deposited with an escrow agent and can be released to the customer on events such as insolvency, which protects the customer at some cost to the supplier.',
  },
  'Post-Termination Services': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'Obligations continue after the contract ends (transition help, sell-off, payments or returns), so ending it does not end the cost.',
  },
  'Audit Rights': {
    severity: 'low',
    bearer: 'counterparty',
    rationale: 'One party may inspect the other\'s books, records or premises, which takes time and can lead to back payments if errors are found.',
  },
  Insurance: {
    severity: 'low',
    bearer: 'subject',
    rationale: 'A party must carry insurance at set levels; missing or lapsed cover is a breach and leaves losses uncovered.',
  },
  'Warranty Duration': {
    severity: 'low',
    bearer: 'subject',
    rationale: 'Defects are covered only for a limited period; problems found later fall on the buyer.',
    adjust: (q) => {
      const days = durationInDays(q);
      return days !== undefined && days < 90 ? 'medium' : undefined;
    },
  },
  'Covenant Not To Sue': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'A party gives up the right to challenge the other\'s rights or to bring certain claims, even if it later finds good grounds.',
  },
  'Third Party Beneficiary': {
    severity: 'medium',
    bearer: 'mutual',
    rationale: 'Someone who did not sign the contract can enforce parts of it, adding a claimant the parties cannot negotiate with.',
  },
  'Most Favored Nation': {
    severity: 'medium',
    bearer: 'subject',
    rationale: 'Better terms given to anyone else must also be given to this counterparty, which limits pricing freedom with other customers.',
  },
  'Competitive Restriction Exception': {
    severity: 'low',
    bearer: 'mutual',
    rationale: 'An exception narrows a non-compete, exclusivity or non-solicit restriction; its wording decides what each side may still do.',
  },
  'Renewal Term': {
    severity: 'low',
    bearer: 'mutual',
    rationale: 'The contract renews for further periods; if renewal is automatic, missing the notice window locks both sides in for another term.',
    adjust: (q) => (/\bautomatic/i.test(q) ? 'medium' : undefined),
  },
  'Notice Period To Terminate Renewal': {
    severity: 'medium',
    bearer: 'mutual',
    rationale: 'Renewal can only be stopped by notice given in time; a missed deadline commits the parties to another term.',
    adjust: (q) => {
      const days = durationInDays(q);
      return days !== undefined && days < 60 ? 'low' : undefined;
    },
  },
  'Governing Law': {
    severity: 'low',
    bearer: 'mutual',
    rationale: 'Disputes are decided under the law named here; a foreign or unfamiliar law makes advice and litigation more expensive.',
  },
  'Expiration Date': {
    severity: 'low',
    bearer: 'mutual',
    rationale: 'The initial term fixes how long both sides are bound; long terms without an exit right increase exposure.',
  },
};

export interface GapRule {
  category: CuadCategory;
  severity: Severity;
  explanation: string;
}

/** Protections a commercial contract normally has; their absence from every document is reported. */
export const EXPECTED_PROTECTIONS: readonly GapRule[] = [
  {
    category: 'Cap On Liability',
    severity: 'high',
    explanation: 'No limitation of liability was found. Without a cap or an exclusion of indirect losses, each party\'s exposure for a breach is open-ended.',
  },
  {
    category: 'Governing Law',
    severity: 'medium',
    explanation: 'No governing-law clause was found. Which law applies would have to be argued first, adding cost and uncertainty to any dispute.',
  },
  {
    category: 'Insurance',
    severity: 'medium',
    explanation: 'No insurance requirement was found. If the other party causes a loss it cannot pay for, there is no policy to fall back on.',
  },
  {
    category: 'Warranty Duration',
    severity: 'low',
    explanation: 'No warranty period was found. It is unclear for how long defects in what is delivered must be put right.',
  },
  {
    category: 'Anti-Assignment',
    severity: 'low',
    explanation: 'No restriction on assignment was found. The contract could be transferred to a party that was never vetted.',
  },
  {
    category: 'Expiration Date',
    severity: 'low',
    explanation: 'No term or end date was found. It may be unclear when the obligations end and how either side can leave.',
  },
];
