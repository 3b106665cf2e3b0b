import type { CuadCategory } from '../clauses/categories';
import { CLAUSE_RULES } from '../clauses/rules';
import { scoreSegment } from '../clauses/score';
import { splitSegments, type Segment } from '../clauses/segment';
import { DURATION_SOURCE, findDates, parseDuration } from './dates';
import type { DateField, Duration, NoticeField, RenewalField, TermField } from './types';

const DURATION = new RegExp(DURATION_SOURCE, 'gi');
/** "... prior written notice", "... before the end of the term"; not "subject to the prior termination rights". */
const NOTICE_AFTER = /^[^.;]{0,40}?\b(?:prior|before|in\s+advance|preceding)\b(?!\s+(?:termination|terminated|expiration\s+or\s+termination)\b)/i;
const RENEWAL_WORD = /\b(?:renew\w*|extend\w*|extension|successive|year[\s-]to[\s-]year|month[\s-]to[\s-]month)\b/i;

interface DurationMention {
  index: number;
  phrase: string;
  duration: Duration;
}

function durations(text: string): DurationMention[] {
  const out: DurationMention[] = [];
  DURATION.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = DURATION.exec(text)) !== null) {
    const duration = parseDuration(m[0]);
    if (duration !== undefined) out.push({ index: m.index, phrase: m[0], duration });
  }
  return out;
}

function isNotice(sentence: string, d: DurationMention): boolean {
  const after = sentence.slice(d.index + d.phrase.length);
  const before = sentence.slice(Math.max(0, d.index - 40), d.index);
  return (
    NOTICE_AFTER.test(after) ||
    /(?:notice|notify|at\s+least|not\s+less\s+than|no\s+(?:later|less)\s+than|within)\W*(?:of\s+)?$/i.test(before) ||
    /^\W*(?:'s\s+|’s\s+)?(?:prior\s+)?(?:written\s+)?notice/i.test(after)
  );
}

function bestSegment(category: CuadCategory, segments: readonly Segment[], accept: (s: Segment) => boolean = () => true): Segment | undefined {
  const rule = CLAUSE_RULES.find((r) => r.category === category);
  if (rule === undefined) return undefined;
  let best: Segment | undefined;
  let bestScore = 0.999;
  for (const seg of segments) {
    if (seg.isHeading || !accept(seg)) continue;
    const score = scoreSegment(rule, seg);
    if (score > bestScore) {
      best = seg;
      bestScore = score;
    }
  }
  return best;
}

function termFrom(text: string, seg: Segment): TermField {
  const field: TermField = { start: seg.start, end: seg.end, value: seg.text };
  const initial = durations(seg.text).find((d) => !isNotice(seg.text, d));
  if (initial !== undefined) field.initialTerm = initial.duration;
  const notice = durations(seg.text).find((d) => isNotice(seg.text, d));
  if (notice !== undefined && /\bterminat|\bcancel|\bend\b|\bexpir/i.test(seg.text)) field.noticePeriod = notice.duration;
  const untilAt = /\b(?:until|through|expir(?:e|es|ing)\s+(?:on|upon)|ending(?:\s+on)?|concluding(?:\s+on)?|conclude\s+on|terminate\s+(?:on|as\s+of)|end\s+(?:on|as\s+of))\b|(?<=(?:\bfrom|\bTerm\s*:)\s+[^.;]{1,40}?\s)to\s+(?=(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d|\d{1,2}[/.-]\d)/i.exec(seg.text);
  if (untilAt !== null) {
    const date = findDates(text, seg.start + untilAt.index, seg.end)[0];
    if (date !== undefined && date.iso !== undefined) {
      const expires: DateField = { start: date.start, end: date.end, value: date.value, kind: 'expiration', iso: date.iso };
      field.expiresOn = expires;
    }
  }
  if (field.expiresOn === undefined && field.initialTerm === undefined) resolveDefinedEnd(text, seg, field);
  return field;
}

/** "shall expire on the Expiration Date", "for the Contract Period": a defined name whose definition holds the end. */
const DEFINED_END = /\b(?:on|until|through|for|upon|expire\s+on|end\s+of)\s+the\s+((?:[A-Z][\w-]*\s+){0,2}(?:Date|Period|Term))\b/g;

function resolveDefinedEnd(text: string, seg: Segment, field: TermField): void {
  DEFINED_END.lastIndex = 0;
  let ref: RegExpExecArray | null;
  while ((ref = DEFINED_END.exec(seg.text)) !== null) {
    const name = ref[1];
    if (/^(?:Effective|Commencement|Start|Closing)\b/.test(name)) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
    const definition = new RegExp(`["“]${escaped}["”]\\s+(?:shall\\s+)?(?:mean|means|is|refers\\s+to)\\b[^.;]{0,300}`).exec(text);
    if (definition === null) continue;
    const from = definition.index;
    const to = from + definition[0].length;
    const dates = findDates(text, from, to).filter((d) => d.iso !== undefined);
    // A period "from February 21, 2011 through December 31, 2012" ends on its last date; a date ends the term when the name says it is the end.
    const last = dates[dates.length - 1];
    if (last !== undefined && (dates.length > 1 || /\b(?:Expir\w*|End|Termination)\b/.test(name))) {
      field.expiresOn = { start: last.start, end: last.end, value: last.value, kind: 'expiration', iso: last.iso };
      return;
    }
    const length = durations(definition[0]).find((d) => !isNotice(definition[0], d));
    if (length !== undefined && /\b(?:Period|Term)$/.test(name)) {
      field.initialTerm = length.duration;
      return;
    }
  }
}

function renewalFrom(seg: Segment, noticeSeg: Segment | undefined): RenewalField {
  const field: RenewalField = {
    start: seg.start,
    end: seg.end,
    value: seg.text,
    automatic: /\bautomatic(?:ally)?\b|\btacit(?:ly)?\b|\bthereafter\s+(?:shall|will)\s+continue\b|\bindefinitely\s+(?:after|thereafter)\b|\b(?:shall|will)\s+(?:thereafter\s+)?(?:be\s+)?(?:renew|extend|continue)(?:ed)?\s+(?:for|unless|from)|year[\s-]to[\s-]year|month[\s-]to[\s-]month/i.test(seg.text),
  };
  const cue = RENEWAL_WORD.exec(seg.text);
  const all = durations(seg.text);
  // The length after the renewal's own words ("renew for successive one (1) year periods"), else one shortly before them.
  const near = (from: number): Duration | undefined => all.find((d) => d.index >= from && !isNotice(seg.text, d))?.duration;
  const renewal = cue === null ? undefined : (near(cue.index) ?? near(cue.index - 80));
  // Going on "thereafter until terminated" has no renewal period; a length in that clause is the first term's.
  const evergreenOnly = EVERGREEN.test(seg.text) && !RENEWAL_PHRASES.slice(1).some((p) => p.test(seg.text));
  if (evergreenOnly) field.automatic = true;
  else if (renewal !== undefined) field.renewalTerm = renewal;
  else if (/year[\s-]to[\s-]year|annual(?:ly)?|successive\s+(?:one[\s-])?years?\b|yearly/i.test(seg.text)) field.renewalTerm = { amount: 1, unit: 'year' };
  else if (/month[\s-]to[\s-]month/i.test(seg.text)) field.renewalTerm = { amount: 1, unit: 'month' };
  for (const source of [seg, noticeSeg]) {
    if (source === undefined || field.noticePeriod !== undefined) continue;
    const notice = durations(source.text).find((d) => isNotice(source.text, d));
    if (notice !== undefined) field.noticePeriod = notice.duration;
  }
  return field;
}

/** A form's box giving the term as two dates, often set as a heading: "6. TERM: November 1, 2014 to October 31, 2017". */
const TERM_BOX = /\bTerm\s*:\s*(?=(?:January|February|March|April|May|June|July|August|September|October|November|December|\d)[^.;]{0,30}\b(?:to|until|through)\s)/i;

/** Wording that fixes how long a contract lasts: "the term of this Agreement is ...", "this Agreement shall continue until ...". */
const TERM_PHRASES: readonly RegExp[] = [
  /\b(?:initial\s+)?(?:term|duration)\s+of\s+(?:this|the)\s+(?:[\w-]+\s+){0,3}(?:[Aa]greement|Contract|Amendment|Licen[cs]e|Lease|Engagement|Appointment|OMA)\b[^.;]{0,80}?\b(?:shall|will|is|commence[sd]?|begins?|be|continues?|expires?|ends?)\b/i,
  /\b(?:This|this|The|the)\s+(?:[A-Z][\w-]*\s+|-+\s+){0,4}(?:[Aa]greement|AGREEMENT|Amendment|[Cc]ontract|Licen[cs]e|OMA)\b(?:\s*\([^)]{0,40}\))?(?:\s+and\s+(?:the|all|each)\s+(?:[\w-]+\s+){0,2}(?:licen[cs]es?|rights?)\s+(?:granted\s+)?(?:herein|hereunder|under\s+it))?,?\s+(?:shall|will|is\s+to)\s+(?:[a-z]+\s+){0,2}?(?:(?:become|be)\s+effective|commence|begin|take\s+effect|enter\s+into\s+force|come\s+into\s+force|remain\s+(?:in\s+(?:full\s+)?(?:force|effect)|valid|effective)|continue|be\s+valid|expire|(?:automatically\s+)?terminate\b|have\s+(?:a|an)\s+(?:initial\s+)?term|be\s+in\s+effect|be\s+for|run|extend)/,
  /["“](?:Initial\s+|Agreement\s+|Contract\s+)?(?:Term|Period)["”]\s+(?:shall\s+)?means?\b|\bInitial\s+(?:Term|Period)["”]?\)?\s+(?:shall|will|is|of)\b|\bhave\s+(?:a|an)\s+(?:initial\s+)?term\s+of\b|\bfor\s+an?\s+(?:initial\s+)?term\s+of\b|\b(?:remain|be|is)\s+valid\s+(?:for|until)\b/i,
  /\b(?:Your\s+)?employment\s+(?:shall|will)\s+(?:commence|begin|continue)/i,
  // "Term shall mean the Effective Date through June 15, 2001", "It ... shall have a duration of two years".
  /\b(?:Initial\s+)?Term\s+(?:shall\s+)?means?\b|\b(?:shall|will)\s+have\s+a\s+duration\s+of\b/,
  // "this Service Agreement is for the total duration of the Offering", "Terms of the project: 12 weeks from May 1 to July 24".
  /\b(?:Agreement|Contract)\s+is\s+for\s+(?:a|an|the)\s+(?:\w+\s+){0,3}(?:term|period|duration)\b|\b(?:terms?|period|duration)\b[^.;]{0,40}\bfrom\s+(?:January|February|March|April|May|June|July|August|September|October|November|December|\d)[^.;]{0,30}\b(?:to|until|through)\s+(?=January|February|March|April|May|June|July|August|September|October|November|December|\d)/i,
  // "a fixed term Joint Venture beginning November 27, 2018 and ending November 30th, 2019".
  /\b(?:beginning|commencing|starting)\b[^.;]{0,60}?\band\s+(?:ending|expiring|terminating)\b/i,
  // "This Agreement commences on the date first above written and ...", "Term: November 1, 2014 to October 31, 2017".
  /\b(?:This|The)\s+(?:[A-Z][\w-]*\s+){0,3}(?:Agreement|Contract)\s+(?:commences|begins|starts)\b/i,
  TERM_BOX,
  // "... shall remain in full force and effect for at least one year thereafter"; not a duty surviving the end.
  /\b(?:shall|will)\s+(?:remain|continue)\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+for\s+(?!(?:[^.;]{0,60})\b(?:after|following|beyond)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration|expiry)\b)/i,
];
/** The length a form or a redacted filing leaves out: "for an initial term of **** from ...", "an initial term of year". */
const UNSTATED_LENGTH = /\b(?:term|period)\s+of\s+(?:\\?\*|\[\s*\*|_{2,}|(?:years?|months?)\b)/i;
/** The clause's subject is the agreement itself, not a licence, a covenant or a period inside it. */
const AGREEMENT_SUBJECT =
  /\b(?:term|duration)\s+of\s+(?:this|the)\s+(?:[\w-]+\s+){0,3}(?:agreement|contract)\b|\b(?:this|the)\s+(?:[A-Z][\w-]*\s+){0,4}(?:agreement|contract)\b(?:\s*\([^)]{0,40}\))?,?\s+(?:shall|will|is\s+to|commences)\b/i;
/** An ending on a condition ("If the shares are not sold by May 26, this Agreement will terminate"): a ground to end, not the term. */
const CONDITIONAL_END = /^\W*(?:\(?[\w.]{1,4}[.)]\s*)?(?:if|in\s+the\s+event|should|in\s+case)\b/i;
/** A mention of the term that is not the clause fixing it: "during the term of this Agreement". */
const TERM_IN_PASSING = /\b(?:during|for|throughout|within|in|after|upon|before|to|at|of|under|beyond|over)\s+(?:the\s+)?(?:initial\s+)?term\s+of\s+(?:this|the)\b/i;
const TERM_LENGTH = /\buntil\b|\bthrough\b|\banniversary\b|\bindefinite(?:ly)?\b|\bperpetu(?:al|ally|ity)\b|\bexpir(?:e|es|ation)\b|\bend\s+of\b|\bthereafter\b|\bterminated?\b|\bso\s+long\s+as\b|\b(?:Agreement|Contract)\s+is\s+for\s+(?:a|an|the)\s+(?:\w+\s+){0,3}(?:term|period|duration)\s+of\b/i;
const NOT_TERM = /\b(?:breach|insolven|bankrupt|material(?:ly)?\s+default|convenience|fails?\s+to\s+comply|terminat\w*\s+(?:\w+\s+){0,2}(?:if|should|in\s+the\s+event|upon\s+(?:the\s+)?occurrence)\b|notice\s+(?:to|of)\s+terminat\w*|extend\w*\s+automatically|automatically\s+(?:be\s+)?extend\w*|renew(?:al|ed|s)?\b(?![^.]{0,40}\binitial))/i;

const NOT_ABOUT_DURATION = /\b(?:invalid|unenforceable|illegal|severab\w*|sever(?:ed)?\b|waived|orally)\b|^\W*(?:the\s+)?(?:letters?\s+of\s+credit|guarantee|quotation|offer|warranty)\b/i;

/** A definition of some other word ("control" means ..., "Month" refers to ...): it fixes no term, whatever lengths it names. */
function definesOtherWord(text: string): boolean {
  const defined = /^[^"“]{0,40}["“]([^"”]{1,40})["”]\s+(?:shall\s+)?(?:means?|refers?\s+to|has\s+the\s+meaning)\b/.exec(text);
  // A definition cut from its defined word starts "refers to ..." or "means ...".
  if (/^\W*(?:means|refers\s+to)\b/.test(text)) return true;
  return defined !== null && !/\b(?:term|period|expir\w*|end(?:ing)?\s+date|duration)\b/i.test(defined[1]);
}

/** A date the contract starts on ("effective as from 1 January 2009"): it says when the term begins, not how long it runs. */
const STARTS_ON = /\b(?:effective|commenc\w*|begin\w*|start\w*|dated|made|entered\s+into|take[sn]?\s+effect|(?:come|comes|enters?)\s+into\s+(?:force|effect))\s+(?:(?:as\s+)?(?:of|from)\s+|on\s+)?(?:the\s+)?$|(?<!\b(?:end|ends|ending|expires?|expiring|terminates?|terminating|ceases?)\s+)\bas\s+(?:of|from)\s+(?:the\s+)?$/i;

/** Whether the text names a date (a complete one unless `blankToo`) other than one the contract starts on. */
function endingDates(text: string, blankToo = false): boolean {
  return findDates(text).some((d) => (blankToo || d.iso !== undefined) && !STARTS_ON.test(text.slice(Math.max(0, d.start - 40), d.start)));
}

function termSegment(segments: readonly Segment[]): Segment | undefined {
  let best: Segment | undefined;
  let bestScore = 0;
  for (const seg of segments) {
    if ((seg.isHeading && !TERM_BOX.test(seg.text)) || seg.text.length < 30 || definesOtherWord(seg.text)) continue;
    const phrase = TERM_PHRASES.find((p) => p.test(seg.text));
    if (phrase === undefined || (phrase === TERM_PHRASES[0] && TERM_IN_PASSING.test(seg.text) && !TERM_PHRASES.slice(1).some((p) => p.test(seg.text)))) continue;
    const hasLength = durations(seg.text).some((d) => !isNotice(seg.text, d)) || endingDates(seg.text) || TERM_LENGTH.test(seg.text);
    if ((!hasLength && !UNSTATED_LENGTH.test(seg.text)) || CONDITIONAL_END.test(seg.text)) continue;
    let score = 1;
    if (AGREEMENT_SUBJECT.test(seg.text)) score += 0.5;
    if (/\bterm\b|duration|effective\s+date\s+and\s+term/i.test(seg.heading)) score += 2;
    if (/\b(?:term|duration)\s+of\s+(?:this|the)\b|["“](?:Initial\s+)?Term["”]|Initial\s+Term|\bTerm\s+(?:shall\s+)?means?\b/i.test(seg.text)) score += 1;
    if (NOT_TERM.test(seg.text)) score -= 1.5;
    // A severability or amendment clause speaks of "any term of this Agreement" without fixing how long it lasts.
    if (NOT_ABOUT_DURATION.test(seg.text)) score -= 3;
    if (durations(seg.text).some((d) => !isNotice(seg.text, d)) || findDates(seg.text).some((d) => d.iso !== undefined)) score += 1;
    if (TERM_IN_PASSING.test(seg.text)) score -= 1;
    if (score > bestScore) {
      best = seg;
      bestScore = score;
    }
  }
  return best;
}

/** Wording that renews or prolongs a contract past its first term. */
/** A contract that goes on after its first term until a party ends it: "shall continue in full force and effect thereafter until terminated". */
const EVERGREEN = /\b(?:continue|remain)\w*\s+in\s+(?:full\s+)?(?:force(?:\s+and\s+effect)?|effect)\s+(?:thereafter|after\s+that|indefinitely)\s+until\s+terminated\b|\bindefinitely\s+(?:after\s+that|thereafter)\s+until\s+terminated\b/i;
/** A tenant or franchisee staying on after expiry ("holding over ... month-to-month") is not a renewal of the contract. */
const HOLDOVER = /\bhold(?:s|ing)?[\s-]?over\b|\bcontinues?\s+to\s+(?:operate|occupy|use|possess)\b/i;
const RENEWAL_PHRASES: readonly RegExp[] = [
  EVERGREEN,
  /\b(?:automatic(?:ally)?\s+)?(?:renew(?:ed|s)?|extend(?:ed|s)?)\b[^.;]{0,80}?\bfor\s+(?:an?\s+|one\s+or\s+more\s+|up\s+to\s+)?(?:[\w()-]+\s+){0,3}?(?:additional|successive|further|subsequent|consecutive|renewal|annual)\b/i,
  /\bthereafter\b[^.;]{0,60}?\b(?:continue|renew|extend)\w*\s+(?:automatically\s+|in\s+(?:full\s+)?(?:force|effect)\s+)?(?:for\s+(?:an?\s+)?(?:additional|successive|further|consecutive|\w+\s+\(?\d)|on\s+an?\s+\w+[\s-]to[\s-]\w+|from\s+(?:year|month))/i,
  /\b(?:year[\s-]to[\s-]year|month[\s-]to[\s-]month|successive\s+(?:annual|(?:[\w()-]+\s+){0,2}(?:year|month)s?)|annual\s+renewals?|renewed\s+tacitly|tacit(?:ly)?\s+renew\w*)\b/i,
  /\b(?:option|right)\s+to\s+(?:\w+\s+)?(?:renew|extend)\b|\bat\s+its\s+option,?\s+(?:renew|extend)\b|\bmay\s+(?:\w+\s+)?(?:renew|extend)\s+(?:this|the)\s+(?:Agreement|Contract|[Tt]erm)\b|\bextension\s+of\s+(?:this|the)\s+(?:Agreement|Contract|[Tt]erm)\b|\bextend\s+the\s+term\s+of\s+(?:this|the)\s+(?:Agreement|Contract)\b|\brenewable\b|\b(?:shall|will)\s+(?:automatically\s+)?(?:be\s+)?(?:renew(?:ed)?|extend(?:ed)?)\b(?!\s+(?:until|through|to|from|beyond|by|in)\b)|\bautomatically\s+(?:continue|renew|extend)\w*/i,
];

function hasFixedLength(text: string): boolean {
  return durations(text).some((d) => !isNotice(text, d)) || findDates(text).some((d) => d.iso !== undefined) || /\binitial\s+(?:term|period)\b|\bContract\s+Year\b/i.test(text);
}

/** The contract or its term renewed or extended, not a deadline or a warranty ("the time for performance shall be extended"). */
const RENEWS_CONTRACT =
  /\b(?:renew\w*|extend\w*|extension|successive)\b[^.;]{0,60}?\b(?:agreement|contract|terms?|periods?)\b|\b(?:agreement|contract|term)\b[^.;]{0,60}?\b(?:renew\w*|extend\w*|extension|year[\s-]to[\s-]year|month[\s-]to[\s-]month)\b/i;
/**
 * No renewal term: a renewal left to a later agreement of the parties ("may be renewed upon mutual written agreement"),
 * a contract declared not renewable, or a recital.
 */
const NO_RENEWAL =
  /\b(?:renew\w*|extend\w*)\s+(?:only\s+)?(?:by|upon|with|on|through|subject\s+to)\s+(?:the\s+)?mutual(?:ly)?\b|\bnon-?renewable\b|\bno\s+rights?\s+(?:\w+\s+){0,2}renewal|^\W*whereas\b/i;

function renewalSegment(segments: readonly Segment[]): Segment | undefined {
  let best: Segment | undefined;
  let bestScore = 0;
  for (const seg of segments) {
    if (seg.isHeading || seg.text.length < 30 || NO_RENEWAL.test(seg.text)) continue;
    const matched = RENEWAL_PHRASES.filter((p) => p.test(seg.text));
    const hits = matched.length;
    if (hits === 0 || !/\b(?:agreement|contract|term|licen[cs]e)\b/i.test(seg.text)) continue;
    // Going on "thereafter" renews only a first term of fixed length, not a contract that simply runs until ended.
    if (hits === 1 && matched[0] === EVERGREEN && !hasFixedLength(seg.text)) continue;
    let score = hits;
    if (/\brenew/i.test(seg.heading)) score += 2;
    if (/\bautomatic/i.test(seg.text)) score += 0.5;
    if (/\b(?:breach|insolven|bankrupt|convenience|price|prices|fees?\b|royalt)/i.test(seg.text)) score -= 1;
    if (HOLDOVER.test(seg.text)) score -= 2;
    if (score > bestScore) {
      best = seg;
      bestScore = score;
    }
  }
  return best;
}

/** Ending the contract at the end of a term: "may be terminated ... at the expiration of its term or any renewal term upon thirty (30) days written notice". */
const AT_TERM_END =
  /\b(?:expir(?:ation|y|es)\s+of\s+(?:the|its|this|any|each)\b|expiry\s+date|end\s+of\s+(?:the|its|any|each|a|then[- ]current|such)\s+(?:initial\s+|renewal\s+|current\s+|then[- ]current\s+)?(?:term|period|renewal|contract\s+year)|anniversary|renewal\s+(?:term|period|date)|non-?renewal|not\s+(?:to\s+)?(?:renew|extend))/i;
const ENDING = /\b(?:terminat\w*|cancel\w*|not\s+(?:to\s+)?(?:renew|extend)|non-?renewal|intention\s+to\s+(?:terminate|end))/i;
/** Ending for a breach, or an insurer's notice of cancellation, is not ending at the end of a term. */
const OTHER_ENDING = /\b(?:breach\w*|default\w*|cure[ds]?|insur\w*|polic(?:y|ies)|fails?\s+to)\b/i;
const NOTICE_WORDS = /^\W*(?:'s|’s)?\s*(?:prior\s+|advance\s+)?(?:written\s+)?(?:notice|notification)\b|^[^.;]{0,20}\b(?:prior|advance)\s+(?:written\s+)?notice\b/i;

/** The notice needed to end the contract at the end of a term, from the sentence that says so. */
export function findEndNotice(segments: readonly Segment[]): NoticeField | undefined {
  for (const seg of segments) {
    if (seg.isHeading || !AT_TERM_END.test(seg.text)) continue;
    for (const sentence of seg.text.split(/(?<=[.;])\s+(?=[A-Z(])/)) {
      if (!AT_TERM_END.test(sentence) || !ENDING.test(sentence) || OTHER_ENDING.test(sentence)) continue;
      const notice = durations(sentence).find((d) => NOTICE_WORDS.test(sentence.slice(d.index + d.phrase.length)));
      if (notice !== undefined) return { start: seg.start, end: seg.end, value: seg.text, period: notice.duration };
    }
  }
  return undefined;
}

/**
 * The clause fixing the initial term, when the contract has one: what `extractTermAndRenewal` gives as `term`, without
 * reading every sentence again for renewal and notice (a question on when the contract expires reads its whole text).
 */
export function extractTerm(text: string, segments: readonly Segment[] = splitSegments(text)): TermField | undefined {
  const termSeg =
    termSegment(segments) ??
    bestSegment(
      'Expiration Date',
      segments,
      (s) => !definesOtherWord(s.text) && /\b(?:agreement|contract|term)\b/i.test(s.text) && (durations(s.text).length > 0 || endingDates(s.text, true) || /\buntil\b|indefinite/i.test(s.text)),
    );
  return termSeg === undefined ? undefined : termFrom(text, termSeg);
}

/** The clause fixing the initial term and the clause on renewal, when the contract has them. */
export function extractTermAndRenewal(text: string, segments: readonly Segment[] = splitSegments(text)): { term?: TermField; renewal?: RenewalField } {
  const term = extractTerm(text, segments);
  const renewalSeg = renewalSegment(segments) ?? bestSegment('Renewal Term', segments, (s) => RENEWS_CONTRACT.test(s.text) && !HOLDOVER.test(s.text) && !NO_RENEWAL.test(s.text));
  const noticeSeg = bestSegment('Notice Period To Terminate Renewal', segments);
  return {
    ...(term === undefined ? {} : { term }),
    ...(renewalSeg === undefined ? {} : { renewal: renewalFrom(renewalSeg, noticeSeg) }),
  };
}
