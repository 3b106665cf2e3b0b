import { splitSegments, type Segment } from '../clauses/segment';
import { extractAmounts } from './money';
import type { FieldSpan, MoneyField } from './types';

/**
 * Who carries which loss under a contract, read clause by clause: indemnities (who covers whom, for what), caps on
 * liability (the amount or formula and what is carved out), excluded kinds of damages and required insurance.
 * Each fact keeps the clause it comes from, so a report can cite it.
 */

/** "Each party" when the wording binds both sides; otherwise the party's name as the contract writes it. */
export const EACH_PARTY = 'Each party';

export interface Indemnity extends FieldSpan {
  /** The party that indemnifies, `EACH_PARTY` for a mutual indemnity, undefined when the clause names none. */
  indemnitor?: string;
  /** Who is protected, as written ("Company and its Affiliates"), when stated. */
  indemnitees?: string;
  /** What the indemnity covers ("any breach of this Agreement by Distributor"), when stated. */
  scope?: string;
}

export interface LiabilityCap extends FieldSpan {
  /** Whose liability is capped: `EACH_PARTY`, a party's name, or undefined when the clause does not say. */
  party?: string;
  /** The stated amount, when the cap is a sum. */
  amount?: MoneyField;
  /** The cap as words when it is a formula ("the fees paid in the twelve months before the claim"). */
  measure?: string;
  /** What the cap does not apply to, as written. */
  exceptions?: string;
}

export interface DamagesExclusion extends FieldSpan {
  party?: string;
  /** The kinds of damages excluded: "indirect", "consequential", "lost profits", ... */
  kinds: string[];
}

export interface InsuranceRequirement extends FieldSpan {
  party?: string;
  /** Kinds of cover named ("general liability", "product liability"). */
  kinds: string[];
  amounts: MoneyField[];
}

export interface LiabilityFacts {
  indemnities: Indemnity[];
  caps: LiabilityCap[];
  exclusions: DamagesExclusion[];
  insurance: InsuranceRequirement[];
}

const MAX_CLAUSE = 1500;
const MUTUAL_SUBJECT = /^(?:each|either|both|neither|any)\s+(?:of\s+the\s+)?part(?:y|ies)\b|^the\s+parties\b/i;
const PARTY_BEFORE = /(?:^|[^A-Za-z])((?:[Ee]ach|[Ee]ither|[Nn]either|[Bb]oth)\s+(?:of\s+the\s+)?[Pp]art(?:y|ies)|[Tt]he\s+[Pp]arties|(?:[Tt]he\s+)?[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3})(?:\s*\([^)]{0,40}\))?(?:\s*,[^,]{0,100},)?\s*$/;
const NOT_A_NAME = /^(?:The|This|Such|Any|All|Each|Either|Neither|No|Nothing|Notwithstanding|Agreement|Section|Article|Subject|In|If|Upon|Except|Unless|During|For|Without|Provided|It|Its|These|Those|Indemnification|Indemnity|Limitation|Liability|Insurance|Term|Losses?|Claims?)$/;

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The party named right before `index` (the subject of the verb that follows), normalised to a known party's label. */
function partyBefore(text: string, index: number, known: readonly string[]): string | undefined {
  let before = text.slice(Math.max(0, index - 160), index);
  // Only the clause's own sentence: not a heading or the sentence before it.
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('.\n'), before.lastIndexOf(': '), before.lastIndexOf('\n\n'), before.lastIndexOf(';'));
  if (cut >= 0) before = before.slice(cut + 1);
  const m = PARTY_BEFORE.exec(before);
  if (m === null) return undefined;
  const name = clean(m[1]).replace(/^[Tt]he\s+(?=[A-Z])/, '');
  if (MUTUAL_SUBJECT.test(name)) return EACH_PARTY;
  const lower = name.toLowerCase();
  const label = known.find((k) => lower === k.toLowerCase() || lower.endsWith(` ${k.toLowerCase()}`));
  if (label !== undefined) return label;
  const words = name.split(' ');
  if (words.every((w) => NOT_A_NAME.test(w)) || NOT_A_NAME.test(words[0])) return undefined;
  return name;
}

/** The words after a cue up to the end of the clause part: a comma-free run, a semicolon, "provided" or the end. */
function phraseAfter(text: string, from: number, max: number): string | undefined {
  const rest = text.slice(from, from + max + 200);
  const stop = /;|\.\s|\.$|,\s+and\s+in\s+no\s+event|,?\s+(?:provided\s+(?:that|however)|except\s+(?:to\s+the\s+extent|for|as)|unless|and\s+(?:shall|will)\s)/i.exec(rest);
  const end = stop === null ? rest.length : stop.index;
  let phrase = clean(rest.slice(0, end));
  if (phrase.length > max) {
    const cut = phrase.lastIndexOf(' ', max);
    phrase = `${phrase.slice(0, cut > max / 2 ? cut : max).replace(/[,:;(\s]+$/, '')} …`;
  }
  phrase = phrase.replace(/[,:\s]+$/, '');
  return phrase.length >= 3 ? phrase : undefined;
}

const INDEMNIFY = /\b(?:shall|will|agrees?\s+to|hereby\s+agrees?\s+to|undertakes?\s+to|covenants?\s+to|must)\s+(?:at\s+its\s+(?:own\s+)?(?:cost|expense)[^,]*,\s*)?(?:\w+\s+){0,3}?(indemnif(?:y|ies)|defend|hold\s+harmless)\b/i;
const INDEMNITEE = /^(?:\s*,?\s*(?:and\s+|or\s+)?(?:indemnif(?:y|ied)|defend|hold|save|keep|harmless)\b\s*,?)*\s*(?:and\s+)?((?:the\s+)?[A-Z][^;]{1,200}?|(?:the\s+)?other\s+[Pp]arty[^;]{0,120}?|each\s+of\s+[^;]{2,120}?)\s*,?\s+(?:harmless|from|against|and\s+(?:hold|save|keep))\b/;
const SCOPE = /\b(?:arising\s+(?:out\s+of|from|under|in\s+connection\s+with)|resulting\s+from|relating\s+to|related\s+to|in\s+connection\s+with|caused\s+by|based\s+(?:up)?on|attributable\s+to|by\s+reason\s+of|in\s+respect\s+of|with\s+respect\s+to)\s+/i;

function indemnityIn(text: string, seg: Segment, known: readonly string[]): Indemnity | undefined {
  const m = INDEMNIFY.exec(seg.text);
  if (m === null) return undefined;
  const at = seg.start + m.index;
  const indemnitor = partyBefore(text, at, known);
  const after = seg.text.slice(m.index + m[0].length);
  const object = INDEMNITEE.exec(after);
  let indemnitees = object === null ? undefined : clean(object[1]).replace(/\s+(?:and|or)\s+(?:hold|save|keep)\b.*$/i, '');
  if (indemnitees !== undefined && (indemnitees.length > 160 || /^(?:and|or|any|all|hold|harmless|defend|indemnify)\b/i.test(indemnitees))) indemnitees = undefined;
  const scopeAt = SCOPE.exec(after);
  let scopeFrom = scopeAt === null ? -1 : m.index + m[0].length + scopeAt.index + scopeAt[0].length;
  // "arising from or occurring as a result of X": the scope is X.
  const joined = scopeFrom < 0 ? null : /^(?:or|and)\s+(?:[\w-]+\s+){0,4}?(?:of|from|to|with|by)\s+/i.exec(seg.text.slice(scopeFrom));
  if (joined !== null) scopeFrom += joined[0].length;
  const scope = scopeFrom < 0 ? undefined : phraseAfter(seg.text, scopeFrom, 220);
  const mutual = indemnitor === EACH_PARTY || /\bthe\s+other\s+party\b/i.test(indemnitees ?? '');
  return {
    start: seg.start,
    end: seg.end,
    value: seg.text,
    ...(indemnitor === undefined ? {} : { indemnitor: mutual && indemnitor === EACH_PARTY ? EACH_PARTY : indemnitor }),
    ...(indemnitees === undefined ? {} : { indemnitees }),
    ...(scope === undefined ? {} : { scope }),
  };
}

const CAP = /\b(?:(?:aggregate|total|cumulative|maximum|entire)\s+liability|\bliable\b[^.;]{0,120}?\b(?:in\s+excess\s+of|exceed(?:ing)?)\b|liabilit(?:y|ies)\b[^.;]{0,200}?\b(?:shall\s+not\s+exceed|not\s+(?:to\s+)?exceed|(?:be\s+)?limited\s+to|in\s+no\s+event\s+exceed|(?:is|be)\s+capped|in\s+excess\s+of|greater\s+than))/i;
const CAP_MEASURE = /\b(?:shall\s+not\s+exceed|not\s+(?:to\s+)?exceed|(?:be\s+)?limited\s+to|in\s+no\s+event\s+exceed|in\s+excess\s+of|greater\s+than|capped\s+at|exceeds?)\s+/i;
const CARVE_OUT = /\b(?:(?:the\s+)?(?:foregoing\s+)?(?:limitations?|exclusions?)[^.;]{0,40}?(?:shall\s+not|do(?:es)?\s+not)\s+apply\s+to|except\s+(?:for|with\s+respect\s+to|in\s+the\s+case\s+of)|excluding|other\s+than)\s+/i;
const LIABILITY_OF = /\b(?:liability\s+of\s+((?:each|either|any)\s+party|[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3})|((?:[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3})|(?:each|either)\s+party)['’]s?\s+(?:(?:total|aggregate|cumulative|entire|maximum)\s+)*liability)/;

function capIn(text: string, seg: Segment): LiabilityCap | undefined {
  const cue = CAP.exec(seg.text);
  if (cue === null) return undefined;
  const owner = LIABILITY_OF.exec(seg.text);
  let party = owner === null ? undefined : clean(owner[1] ?? owner[2]);
  if (party !== undefined && (/^(?:each|either|any)\s+party$/i.test(party) || /\b(?:either|neither)\s+party\b/i.test(seg.text.slice(0, cue.index + 40)))) party = EACH_PARTY;
  else if (party !== undefined && NOT_A_NAME.test(party.split(' ')[0])) party = undefined;
  if (party === undefined && /\b(?:either|neither|each)\s+party\b|\bthe\s+parties\b|\bshall\s+a\s+party\b|\ba\s+party\s+(?:shall|will)\b/i.test(seg.text)) party = EACH_PARTY;
  const measureAt = CAP_MEASURE.exec(seg.text.slice(cue.index));
  const measureStart = measureAt === null ? -1 : cue.index + measureAt.index + measureAt[0].length;
  const amount = measureStart < 0 ? undefined : extractAmounts(text.slice(0, seg.end)).find((a) => a.start >= seg.start + measureStart && a.start <= seg.start + measureStart + 200);
  const measure = measureStart < 0 ? undefined : phraseAfter(seg.text, measureStart, 200);
  const carve = CARVE_OUT.exec(seg.text);
  const exceptions = carve === null ? undefined : phraseAfter(seg.text, carve.index + carve[0].length, 260);
  return {
    start: seg.start,
    end: seg.end,
    value: seg.text,
    ...(party === undefined ? {} : { party }),
    ...(amount === undefined ? {} : { amount }),
    ...(measure === undefined ? {} : { measure }),
    ...(exceptions === undefined ? {} : { exceptions }),
  };
}

const DAMAGE_KINDS: readonly (readonly [string, RegExp])[] = [
  ['indirect', /\bindirect\b/i],
  ['incidental', /\bincidental\b/i],
  ['consequential', /\bconsequential\b/i],
  ['special', /\bspecial\b/i],
  ['punitive', /\bpunitive\b/i],
  ['exemplary', /\bexemplary\b/i],
  ['lost profits', /\b(?:lost|loss\s+of)\s+(?:\w+\s+)?profits?\b/i],
  ['lost revenue', /\b(?:lost|loss\s+of)\s+revenues?\b/i],
  ['loss of data', /\b(?:lost|loss\s+of)\s+data\b/i],
  ['loss of business or goodwill', /\b(?:lost|loss\s+of)\s+(?:business|goodwill|opportunit)/i],
];
const NOT_LIABLE = /\b(?:in\s+no\s+event|not\s+be\s+liable|no\s+liability|shall\s+not\s+be\s+(?:responsible|liable)|will\s+not\s+be\s+liable|(?:neither|no)\s+party\s+(?:shall|will)\s+be\s+liable|excluded?\b|disclaims?)/i;

function exclusionIn(text: string, seg: Segment): DamagesExclusion | undefined {
  const cue = NOT_LIABLE.exec(seg.text);
  if (cue === null) return undefined;
  const kinds = DAMAGE_KINDS.filter(([, re]) => re.test(seg.text)).map(([k]) => k);
  if (kinds.length === 0 || !kinds.some((k) => k !== 'special')) return undefined;
  let party: string | undefined;
  if (/\b(?:neither|either|no)\s+party\b|\bthe\s+parties\b|\bneither\s+of\s+the\s+parties\b/i.test(seg.text)) party = EACH_PARTY;
  else {
    const subject = /\b(?:in\s+no\s+event\s+(?:shall|will)\s+)?([A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,2})\s+(?:shall|will)\s+(?:not\s+)?(?:have\s+(?:any\s+)?liability|be\s+(?:liable|responsible))/.exec(seg.text);
    if (subject !== null && !NOT_A_NAME.test(subject[1].split(' ')[0])) party = subject[1];
  }
  return { start: seg.start, end: seg.end, value: seg.text, kinds, ...(party === undefined ? {} : { party }) };
}

const INSURE = /\b(?:shall|will|must|agrees?\s+to)\s+(?:at\s+its\s+(?:own\s+)?(?:cost|expense),?\s+)?(?:\w+\s+){0,2}?(?:maintain|carry|procure|obtain|keep|purchase|have)\b[^.;]{0,200}?\binsurance\b/i;
const COVER_KINDS: readonly (readonly [string, RegExp])[] = [
  ['commercial general liability', /\b(?:commercial\s+)?general\s+liability\b/i],
  ['product liability', /\bproducts?\s+liability\b/i],
  ['professional liability', /\bprofessional\s+(?:liability|indemnity)\b|\berrors\s+and\s+omissions\b/i],
  ["workers' compensation", /\bworkers['’]?\s+compensation\b/i],
  ['automobile liability', /\b(?:auto(?:mobile)?|motor\s+vehicle)\s+liability\b/i],
  ['umbrella or excess liability', /\b(?:umbrella|excess)\s+(?:liability|coverage|insurance)\b/i],
  ['property', /\b(?:property|all[- ]risks?)\s+insurance\b/i],
  ['cyber liability', /\bcyber\b/i],
  ['clinical trial', /\bclinical\s+trials?\s+(?:liability\s+)?insurance\b/i],
];

function insuranceIn(text: string, seg: Segment, known: readonly string[]): InsuranceRequirement | undefined {
  const m = INSURE.exec(seg.text);
  if (m === null) return undefined;
  const party = partyBefore(text, seg.start + m.index, known);
  const kinds = COVER_KINDS.filter(([, re]) => re.test(seg.text)).map(([k]) => k);
  const amounts = extractAmounts(seg.text).map((a) => ({ ...a, start: a.start + seg.start, end: a.end + seg.start }));
  return { start: seg.start, end: seg.end, value: seg.text, kinds, amounts, ...(party === undefined ? {} : { party }) };
}

/**
 * The liability-shaping clauses of a contract, each with the facts read from it. `parties` are the names or defined
 * names the contract gives its parties; a subject that ends with one of them is reported as that party.
 */
export function extractLiability(text: string, parties: readonly string[] = [], segments: Segment[] = splitSegments(text)): LiabilityFacts {
  const facts: LiabilityFacts = { indemnities: [], caps: [], exclusions: [], insurance: [] };
  for (const seg of segments) {
    if (seg.isHeading || seg.end - seg.start > MAX_CLAUSE) continue;
    const indemnity = indemnityIn(text, seg, parties);
    if (indemnity !== undefined) facts.indemnities.push(indemnity);
    const cap = capIn(text, seg);
    if (cap !== undefined) facts.caps.push(cap);
    const exclusion = exclusionIn(text, seg);
    if (exclusion !== undefined) facts.exclusions.push(exclusion);
    const insurance = insuranceIn(text, seg, parties);
    if (insurance !== undefined) facts.insurance.push(insurance);
  }
  return facts;
}

/** The indemnity a single clause gives, read as `extractLiability` reads it. */
export function readIndemnity(clause: string, parties: readonly string[] = []): Indemnity | undefined {
  return indemnityIn(clause, { start: 0, end: clause.length, text: clause, heading: '', isHeading: false, sectionStart: false }, parties);
}
