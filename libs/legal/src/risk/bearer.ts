import { BOTH_PARTIES, UNCLEAR, type PartyRef } from './types';

/** Whose position the clause worsens: the party that acts (promises, is restricted) or the other side of a right. */
export type BearerMode = 'subject' | 'counterparty' | 'mutual';

const MUTUAL = /\b(?:either|each|neither|both|no|any)\s+(?:of\s+the\s+)?part(?:y|ies)\b|\bthe\s+parties\b|\bmutual(?:ly)?\b/i;
const MODAL = String.raw`(?:\s*,[^,]{0,60},)?\s+(?:shall|will|may|must|agrees?|covenants?|hereby|undertakes?|acknowledges?|is|has|shall\s+have|warrants?|represents?|cannot|can)\b`;
const NOT_A_PARTY = /^(?:This|The|Such|Any|All|Each|Either|Neither|No|Nothing|Notwithstanding|Agreement|Section|Article|Subject|In|If|Upon|Except|Unless|During|For|Without|Provided|Such|It|Its|These|Those|Licensed|Products?)$/;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Mention {
  label: string;
  index: number;
}

function labelOf(party: PartyRef): string {
  return party.role ?? party.name;
}

/** The first party that is the grammatical subject of an obligation or right in the quote. */
function subjectIn(quote: string, parties: readonly PartyRef[]): Mention | undefined {
  let best: Mention | undefined;
  for (const party of parties) {
    for (const alias of [party.role, party.name]) {
      if (alias === undefined || alias.length < 2) continue;
      const m = new RegExp(`(?:^|[^A-Za-z])(${escape(alias)})(?:'s)?${MODAL}`, 'i').exec(quote);
      if (m !== null && (best === undefined || m.index < best.index)) best = { label: labelOf(party), index: m.index };
    }
  }
  if (best !== undefined || parties.length > 0) return best;
  // No known parties: a capitalised name right before the verb ("Distributor shall not ...").
  const generic = new RegExp(`\\b([A-Z][A-Za-z&.-]+(?:\\s+[A-Z][A-Za-z&.-]+){0,2})${MODAL}`).exec(quote);
  if (generic !== null) {
    const words = generic[1].split(/\s+/);
    if (!words.some((w) => NOT_A_PARTY.test(w))) return { label: generic[1], index: generic.index };
  }
  return undefined;
}

/**
 * Decides which party bears the risk of a clause. Mutual wording ("either party", "neither party")
 * puts it on both; otherwise the acting party or, for rights such as termination or audit, the other one.
 */
export function determineBearer(quote: string, mode: BearerMode, parties: readonly PartyRef[] = []): string {
  const subject = subjectIn(quote, parties);
  const mutual = MUTUAL.exec(quote);
  if (mode === 'mutual') return BOTH_PARTIES;
  if (mutual !== null && (subject === undefined || mutual.index < subject.index)) return BOTH_PARTIES;
  if (subject === undefined) return UNCLEAR;
  if (mode === 'subject') return subject.label;
  const others = parties.map(labelOf).filter((l) => l.toLowerCase() !== subject.label.toLowerCase());
  return others.length === 1 ? others[0] : UNCLEAR;
}
