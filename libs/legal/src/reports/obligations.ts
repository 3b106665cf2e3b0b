import type { Segment } from '../clauses/segment';
import { BOTH_PARTIES, type PartyRef } from '../risk/types';
import type { DocumentProfile } from './document-profile';

export interface Obligation {
  /** The party bound, as the contract names it, or 'Both parties'. */
  party: string;
  segment: Segment;
  weight: number;
}

const OBLIGATION = /\b(?:shall|must|agrees?\s+to|agrees?\s+that|undertakes?\s+to|covenants?\s+(?:to|that)|is\s+(?:required|obligated|obliged)\s+to|will\s+be\s+(?:required|responsible)|shall\s+be\s+responsible)\b/i;
/** "Shall" that defines, deems or governs rather than binds a party. */
const NOT_AN_OBLIGATION = /\bshall\s+(?:mean|have\s+the\s+meaning|include|be\s+deemed|be\s+construed|be\s+governed|be\s+interpreted|be\s+effective|become\s+effective|survive|terminate|expire|commence|continue|be\s+binding|inure|not\s+be\s+construed|be\s+held|be\s+in\s+writing|be\s+sent|be\s+given|be\s+delivered|be\s+addressed|apply|prevail|control)\b|\bcounterparts\b|\bheadings\b|\bentire\s+agreement\b|\bseverab|\bnotices?\b.{0,40}\bshall\s+be\b/i;
const DEFINITION = /^\s*(?:\([a-z0-9]+\)\s*|[0-9.]+\s+)?["“][^"”]{1,80}["”]\s+(?:shall\s+)?(?:means?|refers?\s+to|has\s+the\s+meaning)\b/i;

/** Duties that shape a commercial relationship weigh more than formalities. */
const WEIGHTS: readonly (readonly [RegExp, number])[] = [
  [/\bpay\w*\b|\bfees?\b|\broyalt|\bcompensat|\breimburs|\binvoice/i, 3],
  [/\bdeliver|\bsupply\b|\bmanufactur|\bpurchase|\bprovide\b|\bperform\b|\bservices?\b/i, 2.5],
  [/\bindemnif|\bhold\s+harmless|\bdefend\b/i, 2.5],
  [/\bexclusiv|\bnot\s+(?:\w+\s+){0,3}compet|\bsolely\b/i, 2],
  [/\bconfidential/i, 1.5],
  [/\bmaintain\b|\binsurance\b|\bcomply\b|\bkeep\b|\brecords\b|\breport/i, 1.5],
  [/\bminimum\b|\bforecast|\border/i, 1.5],
  [/\bwarrant/i, 1],
];

const MUTUAL = /\b(?:each|either|neither|both)\s+(?:of\s+the\s+)?part(?:y|ies)\b|\bthe\s+parties\b/gi;
/** How far before its verb the subject of an obligation may stand (room for a parenthetical). */
const SUBJECT_WINDOW = 90;
const MIN_CHARS = 50;
const MAX_CHARS = 700;

function weightOf(text: string): number {
  let w = 0;
  for (const [pattern, weight] of WEIGHTS) if (pattern.test(text)) w += weight;
  // Very long sentences bundle many points; a summary prefers the direct ones.
  return w - text.length / 700;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The party named as the subject of the sentence's first obligation verb: the nearest name before the verb. */
function subjectOf(text: string, parties: readonly PartyRef[]): string | undefined {
  const verb = OBLIGATION.exec(text);
  if (verb === null) return undefined;
  const from = Math.max(0, verb.index - SUBJECT_WINDOW);
  const window = text.slice(from, verb.index);
  let best: { label: string; end: number } | undefined;
  const consider = (label: string, pattern: RegExp): void => {
    for (const m of window.matchAll(pattern)) {
      const end = (m.index ?? 0) + m[0].length;
      if (best === undefined || end > best.end) best = { label, end };
    }
  };
  consider(BOTH_PARTIES, MUTUAL);
  for (const party of parties) {
    const label = party.role ?? party.name;
    for (const alias of [party.role, party.name]) {
      if (alias !== undefined && alias.length >= 2) consider(label, new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(alias)}(?![A-Za-z0-9])`, 'gi'));
    }
  }
  return best?.label;
}

/**
 * The key obligations of each party: sentences that bind a named party (or both), most substantial first,
 * at most `perParty` per party and `total` in all, returned grouped by party in the order parties are named.
 */
export function keyObligations(profile: DocumentProfile, perParty = 2, total = 6): Obligation[] {
  if (profile.parties.length === 0) return [];
  const found: Obligation[] = [];
  for (const segment of profile.segments) {
    if (segment.isHeading) continue;
    const length = segment.end - segment.start;
    if (length < MIN_CHARS || length > MAX_CHARS) continue;
    if (!OBLIGATION.test(segment.text) || NOT_AN_OBLIGATION.test(segment.text) || DEFINITION.test(segment.text)) continue;
    const party = subjectOf(segment.text, profile.parties);
    if (party === undefined) continue;
    const weight = weightOf(segment.text);
    if (weight <= 0) continue;
    found.push({ party, segment, weight });
  }
  const order = new Map<string, number>();
  profile.parties.forEach((p, i) => {
    const label = p.role ?? p.name;
    if (!order.has(label)) order.set(label, i);
  });
  const byParty = new Map<string, Obligation[]>();
  for (const o of found) byParty.set(o.party, [...(byParty.get(o.party) ?? []), o]);
  const picked: Obligation[] = [];
  for (const list of byParty.values()) {
    picked.push(...[...list].sort((a, b) => b.weight - a.weight || a.segment.start - b.segment.start).slice(0, perParty));
  }
  const rank = (party: string): number => order.get(party) ?? profile.parties.length;
  return picked
    .sort((a, b) => b.weight - a.weight || a.segment.start - b.segment.start)
    .slice(0, total)
    .sort((a, b) => rank(a.party) - rank(b.party) || a.party.localeCompare(b.party) || a.segment.start - b.segment.start);
}
