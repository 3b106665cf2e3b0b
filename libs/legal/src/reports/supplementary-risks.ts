import { EACH_PARTY, readIndemnity } from '../extraction/liability';
import { determineBearer } from '../risk/bearer';
import { BOTH_PARTIES, UNCLEAR, type PartyRef, type RiskGap, type RiskItem } from '../risk/types';
import type { DocumentProfile } from './document-profile';

/**
 * Risks a liability review must cover that have no CUAD clause category: indemnities and warranty
 * disclaimers. Found by their wording, one item per indemnifying (or disclaiming) party and document.
 */
const INDEMNITY = /\b(?:shall|will|agrees?\s+to|hereby\s+agrees?\s+to|undertakes?\s+to|covenants?\s+to)\s+(?:\w+\s+){0,4}?(?:indemnif\w*|defend\s*,?\s*(?:and\s+)?(?:indemnif\w*|hold\s+harmless)|hold\s+(?:\w+\s+){0,3}harmless)\b/i;
const BROAD_INDEMNITY = /\bany\s+and\s+all\b|\bwhatsoever\b|\bof\s+any\s+(?:kind|nature)\b/i;
const WARRANTY_DISCLAIMER = /\b(?:disclaims?|makes?\s+no\s+(?:other\s+)?(?:\w+\s+){0,3}warrant|no\s+other\s+warrant|"?as\s+is"?|in\s+lieu\s+of\s+all\s+other\s+warrant|exclusive\s+of\s+all\s+other\s+warrant)\b/i;
const WARRANTY = /\bwarrant(?:y|ies)\b/i;
const MAX_QUOTE = 1500;

export const INDEMNITY_CATEGORY = 'Indemnification';
export const DISCLAIMER_CATEGORY = 'Warranty Disclaimer';

const INDEMNITY_RATIONALE =
  'A party must cover the other side’s losses or third-party claims of the kinds listed; indemnities are often outside the liability cap, so the exposure can be large and open-ended.';
const DISCLAIMER_RATIONALE =
  'Implied warranties (such as merchantability or fitness for purpose) are excluded, so the recipient bears the risk of any defect the express warranties do not cover.';

export const INDEMNITY_GAP: RiskGap = {
  category: INDEMNITY_CATEGORY,
  severity: 'medium',
  explanation: 'No indemnity was found. Losses caused by the other party, including third-party claims, would have to be recovered as ordinary damages, subject to any cap and to proof of breach.',
};

/** Who gives an indemnity: the party that acts, "Both parties" when each indemnifies the other. */
function indemnitor(clause: string, parties: readonly PartyRef[]): string {
  const bearer = determineBearer(clause, 'subject', parties);
  if (bearer !== UNCLEAR) return bearer;
  const read = readIndemnity(clause, parties.flatMap((p) => (p.role === undefined ? [p.name] : [p.role, p.name])));
  if (read?.indemnitor === undefined) return UNCLEAR;
  return read.indemnitor === EACH_PARTY ? BOTH_PARTIES : read.indemnitor;
}

export function supplementaryRisks(profile: DocumentProfile): RiskItem[] {
  const items: RiskItem[] = [];
  const seen = new Set<string>();
  for (const segment of profile.segments) {
    if (segment.isHeading || segment.end - segment.start > MAX_QUOTE) continue;
    const text = segment.text;
    let category: string | undefined;
    let item: Omit<RiskItem, 'category' | 'quote' | 'start' | 'end'> | undefined;
    if (INDEMNITY.test(text)) {
      category = INDEMNITY_CATEGORY;
      item = { severity: BROAD_INDEMNITY.test(text) ? 'high' : 'medium', bearer: indemnitor(text, profile.parties), rationale: INDEMNITY_RATIONALE };
    } else if (WARRANTY.test(text) && WARRANTY_DISCLAIMER.test(text)) {
      category = DISCLAIMER_CATEGORY;
      item = { severity: 'medium', bearer: determineBearer(text, 'counterparty', profile.parties), rationale: DISCLAIMER_RATIONALE };
    }
    if (category === undefined || item === undefined) continue;
    const key = `${category}\u0000${item.bearer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ category, ...item, quote: text, start: segment.start, end: segment.end, documentId: profile.source.id });
  }
  return items;
}
