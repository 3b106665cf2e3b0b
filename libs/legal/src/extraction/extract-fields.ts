import { splitSegments, type Segment } from '../clauses/segment';
import { findDates, type DateMention } from './dates';
import { extractForum, extractGoverningLaw } from './jurisdiction';
import { extractAmounts } from './money';
import { extractParties } from './parties';
import { extractTermAndRenewal, findEndNotice } from './term';
import { extractTitle } from './title';
import type { DateField, ExtractedFields, FieldSpan } from './types';

const PREAMBLE_LIMIT = 5000;
const PREAMBLE_END = /\b(?:WHEREAS|Whereas|RECITALS|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|NOW,?\s+THEREFORE|Now,?\s+Therefore|BACKGROUND)\b/;
const AGREEMENT_DATE_CUE = /(?:dated|date[d]?\s+as\s+of|as\s+of|entered\s+into|made|executed|effective|concluded|signed|agreed)\b[^.;]{0,80}$|\bday\s+of\s*$|\bon\s*$|\bDated?\s*:\s*$/i;
const MAKING_CUE = /(?:dated|made|entered\s+into|executed|concluded|signed)\b[^.;"“]{0,40}$|\bDated?\s*:\s*$/i;
const DATE_LABEL = /\b(?:Dated?|Date\s+of\s+(?:this\s+)?Agreement|Agreement\s+Date|Execution\s+Date)\s*:\s*/gi;

function toField(d: DateMention, kind: DateField['kind']): DateField {
  return { start: d.start, end: d.end, value: d.value, kind, ...(d.iso === undefined ? {} : { iso: d.iso }) };
}

const PREAMBLE_OPENING = /\b(?:This|THIS)\s+(?:[A-Z][\w&/-]*\s+){0,8}?(?:Agreement|AGREEMENT|Amendment|AMENDMENT|Contract|CONTRACT|Addendum|ADDENDUM|Licen[cs]e|LICEN[CS]E)\b[^.]{0,200}?\b(?:is|are|was|shall\s+be)?\s*(?:hereby\s+)?(?:made|entered|dated|executed|effective)/;
const WITNESS = /\b(?:IN\s+WITNESS\s+WHEREOF|In\s+witness\s+whereof|THUS\s+DONE\s+AND\s+SIGNED|Signed\s+and\s+effective|EXECUTED|Executed)\b[^.]{0,250}?$/;
const WITNESS_ANYWHERE = /\b(?:IN\s+WITNESS\s+WHEREOF|In\s+witness\s+whereof|THUS\s+DONE\s+AND\s+SIGNED|Signed\s+and\s+effective|EXECUTED|Executed)\b/g;
const SIGNATURE_LABEL = /\b(?:Date|Dated|DATE|DATED)\s*:?\s*(?:the\s+|this\s+|on\s+)?$|\(signature\)\s*$/;
/** A signature block's label printed under the date ("24 OCT 2011 Place Date", "03/24/06 ____ Date"). */
const LABEL_AFTER = /^[\s_]{0,80}(?:Place\s+)?(?:Date|DATE)\b|^\s{0,10}\/s\//;
/** "made this 30th day of April (the "Effective Date")": a preamble date whose year is not written. */
const YEARLESS = /\b(?:made|dated|entered\s+into|executed)\b[^.;]{0,40}?\b((?:the\s+)?[0-3]?[0-9](?:st|nd|rd|th)?\s+day\s+of\s+(?:January|February|March|April|May|June|July|August|September|October|November|December))\b(?!\s*,?\s*(?:19|20)[0-9]{2})/i;

/** The date the contract was made: from the preamble, a "Dated:" line, or else the signatures (the last to sign). */
export function findAgreementDate(text: string): DateField | undefined {
  // The preamble may follow a cover page or a table of contents.
  const opening = PREAMBLE_OPENING.exec(text.slice(0, 40000));
  const base = opening !== null && opening.index > PREAMBLE_LIMIT / 2 ? opening.index : 0;
  const head = text.slice(base, base + PREAMBLE_LIMIT);
  const endAt = PREAMBLE_END.exec(head);
  const limit = base + (endAt === null ? head.length : Math.max(endAt.index, 400));
  // A cover's date that the preamble states again is cited where the contract makes itself ("is made as of the 16th day
  // of February, 1998"), not from the cover.
  const restated = (cover: DateMention): DateMention =>
    (cover.iso === undefined ? undefined : findDates(text, Math.max(base, cover.end), limit)
      .find((d) => d.iso === cover.iso && MAKING_CUE.test(text.slice(Math.max(0, d.start - 120), d.start)))) ?? cover;
  const title = extractTitle(text);
  if (title !== undefined) {
    // A date printed right under the title ("AGENCY AGREEMENT May 14, 2014").
    const near = findDates(text, title.end, Math.min(text.length, title.end + 40))[0];
    if (near !== undefined && /^[\s,-]*(?:dated\s+(?:as\s+of\s+)?)?$/i.test(text.slice(title.end, near.start))) {
      return toField(restated(near), 'agreement');
    }
  }
  // "DATED AS OF [●]": a form whose date is left blank.
  const placeholder = /\b(?:dated|DATED|Dated|made|entered\s+into)\s+(?:(?:AS|as)\s+(?:OF|of)\s+)?(?:the\s+)?((?:\[[\s_·•●]*\]|_{3,})(?:\s*day\s+of\s+(?:\[[\s_·•●]*\]|_{3,}))?(?:\s*,?\s*(?:19|20)[0-9_]{2})?)/.exec(text.slice(0, 3000));
  if (placeholder !== null) {
    const at = placeholder.index + placeholder[0].length - placeholder[1].length;
    return { start: at, end: at + placeholder[1].length, value: placeholder[1], kind: 'agreement' };
  }
  // The first pages are read before a later opening: "This Agreement ... effective" also starts sentences in the body.
  const starts = base > 0 ? [{ from: 0, to: Math.min(PREAMBLE_LIMIT, base) }, { from: base, to: limit }] : [{ from: base, to: limit }];
  // "effective as of May 1, 2020 ... and is made and entered into this 10th day of January, 2020": the making first.
  for (const cue of [MAKING_CUE, AGREEMENT_DATE_CUE]) {
    for (const { from, to } of starts) {
      for (const d of findDates(text, from, to)) {
        const before = text.slice(Math.max(0, d.start - 120), d.start);
        if (cue.test(before) && !NOT_THE_MAKING.test(before) && !filingStamp(text, d)) return toField(from < base ? restated(d) : d, 'agreement');
      }
    }
  }
  const labelled = labelledDate(text, 0, 3000);
  if (labelled !== undefined) return labelled;
  const signed = signatureDate(text);
  if (signed !== undefined) return signed;
  const yearless = YEARLESS.exec(text.slice(base, limit));
  if (yearless !== null) {
    const at = base + yearless.index + yearless[0].length - yearless[1].length;
    return { start: at, end: at + yearless[1].length, value: yearless[1], kind: 'agreement' };
  }
  for (const d of findDates(text, base, Math.min(limit, base + 2500))) {
    const before = text.slice(Math.max(0, d.start - 50), d.start);
    if (!/(?:filed|source|exhibit|form|amended|restated|registration|dated\s+[A-Z][a-z]+)\W*$/i.test(before) && !NOT_THE_MAKING.test(before) && !filingStamp(text, d)) return toField(d, 'agreement');
  }
  return labelledDate(text, 0, text.length);
}

/** A date that ends or bounds a period ("until December 31, 2018", "at any time after January 31, 1999") is not when the contract was made. */
const NOT_THE_MAKING = /\b(?:until|till|through|thru|to|ending|expir\w*|terminat\w*|after|before|prior\s+to|later\s+than|by)\s*$/i;

/** A filing stamp repeated on the pages of a filed copy ("Source: ACME INC., 10-K, 3/6/2020") dates the filing, not the contract. */
function filingStamp(text: string, d: DateMention): boolean {
  const lineStart = text.lastIndexOf('\n', d.start) + 1;
  return /\bSource\s*:/i.test(text.slice(Math.max(lineStart, d.start - 160), d.start));
}

function labelledDate(text: string, from: number, to: number): DateField | undefined {
  DATE_LABEL.lastIndex = 0;
  const region = text.slice(0, to);
  let m: RegExpExecArray | null;
  while ((m = DATE_LABEL.exec(region)) !== null) {
    if (m.index < from) continue;
    const at = m.index + m[0].length;
    const d = findDates(text, at, Math.min(text.length, at + 40))[0];
    if (d !== undefined && d.start - at < 5) return toField(d, 'agreement');
  }
  return undefined;
}

/**
 * The date the contract was signed, when only the closing says it: "IN WITNESS WHEREOF ... as of this 4th day
 * of April, 2003", or the dates beside the signatures, of which the latest is when the last party signed.
 */
function signatureDate(text: string): DateField | undefined {
  let witnessed: DateMention | undefined;
  WITNESS_ANYWHERE.lastIndex = 0;
  let w: RegExpExecArray | null;
  while (witnessed === undefined && (w = WITNESS_ANYWHERE.exec(text)) !== null) {
    const d = findDates(text, w.index, Math.min(text.length, w.index + 260))[0];
    if (d !== undefined && WITNESS.test(text.slice(w.index, d.start))) witnessed = d;
  }
  const chosen = witnessed ?? lastSignature(text, Math.floor(text.length * 0.5));
  return chosen === undefined ? undefined : toField(chosen, 'agreement');
}

/** The latest of the dates written beside the signatures (from `from` on): when the last party signed. */
function lastSignature(text: string, from: number): DateMention | undefined {
  let latest: DateMention | undefined;
  for (const d of findDates(text, from, text.length)) {
    const before = text.slice(Math.max(0, d.start - 260), d.start);
    if (/(?:source|filed)\W*[^\n]{0,60}$/i.test(before.slice(-70))) continue;
    const labelled = SIGNATURE_LABEL.test(before) || LABEL_AFTER.test(text.slice(d.end, d.end + 60));
    if (labelled && d.iso !== undefined && (latest === undefined || (latest.iso ?? '') < d.iso)) latest = d;
  }
  return latest;
}

/** "the date of last signature", "the date on which the last party signs": the effective date is when the last party signed. */
const LAST_SIGNATURE = /\b(?:date\s+of\s+(?:the\s+)?(?:last|final|later|latter)\s+(?:signature|execution)|(?:last|final|later|latter)\s+(?:of\s+the\s+)?(?:dates?\s+of\s+)?(?:signature|execution)s?\b|last\s+(?:party\s+)?to\s+(?:sign|execute)|(?:last|final)\s+party\s+(?:signs|executes|has\s+signed))/i;

const EFFECTIVE_LABEL = /\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?(?:the\s+)?)?["“](?:the\s+)?(?:Effective|Commencement)\s+Date["”]\s*\)/gi;
/** "Effective Date" defined, before a "Commencement Date" (which may start the services, not the contract); also unquoted in capitals. */
const EFFECTIVE_DEFINITIONS = [
  /["“]Effective\s+Date["”]\s+(?:shall\s+)?(?:mean|means|is|refers\s+to)\b[^.]{0,300}\./gi,
  /\bEFFECTIVE\s+DATE\s+(?:shall\s+)?(?:MEANS?|means?|IS|is)\b[^.;]{0,300}[.;]/g,
  /["“]Commencement\s+Date["”]\s+(?:shall\s+)?(?:mean|means|is|refers\s+to)\b[^.]{0,300}\./gi,
  /\bThe\s+(?:Effective|Commencement)\s+Date\s+(?:of|for)\s+this\s+(?:Agreement|Contract)\s+(?:shall|will)\s+be\b[^.]{0,300}\./g,
  /\b[Tt]he\s+(?:effective|commencement)\s+date\s+(?:of|for)\s+this\s+(?:agreement|contract)\s+(?:shall|will)\s+be\b[^.]{0,300}\./g,
];
const EFFECTIVE_PHRASE = /\b(?:effective|commenc(?:e|es|ing))\s+(?:as\s+(?:of|from)\s+|on\s+|from\s+)?(?:the\s+|this\s+)?/gi;

/**
 * The document itself made effective in its preamble or on its cover, whatever its name: "THIS STRATEGIC ALLIANCE
 * AGREEMENT (the "Agreement"), made effective this 17th day of ...", "This Amendment is entered into effective October
 * 1, 1996", "... MAINTENANCE AGREEMENT, effective as of May 1, 2012".
 */
const MADE_EFFECTIVE = /(?:^|\b(?:this|the)\s+)(?:[\w&/'-]+\s+){0,8}?(?:agreement|amendment|contract|addendum)\b(?:\s*\([^()]{0,60}\))?(?:\s*,|\s+(?:is|was|shall\s+be)\s+(?:hereby\s+)?(?:made|entered\s+into)(?:\s+and\s+entered\s+into)?|\s+(?:made|entered\s+into)(?:\s+and\s+entered\s+into)?)\s*,?\s*$/i;

/** What follows "effective" when it gives an end, not a start: "shall be effective through March 31, 2004", "until ...". */
export const EFFECTIVE_UNTIL = String.raw`\s+(?:through|until|up\s+to)\b`;

const EFFECTIVE_SENTENCES = [
  new RegExp(
    String.raw`\b(?:This|this|The|the)\s+(?:[A-Z][\w-]*\s+){0,3}(?:Agreement|AGREEMENT|agreement|Amendment|Contract|CONTRACT|contract|Licen[cs]e|Term)\b[^.;]{0,60}?\b(?:(?:shall|will|to)\s+(?:become|becomes|be)\s+effective(?!${EFFECTIVE_UNTIL})|(?:shall|will)\s+(?:come|enter)\s+into\s+(?:force|effect)|(?:shall|will)\s+(?:commence|begin)|commences|begins|takes\s+effect|is\s+effective)\b`,
  ),
  new RegExp(String.raw`\b(?:shall|will|to)\s+(?:become|becomes|be)\s+effective(?!${EFFECTIVE_UNTIL})|\bcome\s+into\s+(?:force|effect)|\beffective\s+(?:as\s+of|on|from|upon)\b`, 'i'),
  /\bcommenc\w+\s+(?:(?:on|upon|as\s+of)\b|(?=(?:January|February|March|April|May|June|July|August|September|October|November|December)\s))/i,
  /\b[Tt]erm\s+of\s+(?:this|the)\s+(?:Agreement|agreement|Contract|contract)\b[^.;]{0,80}?\b(?:shall|will)\s+(?:begin|commence|start)\b/,
  /\bEffective Date\b|\bEFFECTIVE DATE\b/,
];

/** The sentence containing `index`, trimmed; sentences end at a full stop followed by a space or at a blank line. */
export function sentenceAround(text: string, index: number): FieldSpan {
  const from = Math.max(0, index - 600);
  const before = text.slice(from, index);
  const stop = Math.max(before.lastIndexOf('. '), before.lastIndexOf('.\n'), before.lastIndexOf('\n\n'), before.lastIndexOf(';'));
  let start = stop === -1 ? from : from + stop + 1;
  const after = text.slice(index, index + 600);
  const endStop = /\.(?=\s)|\n\s*\n|;/.exec(after);
  let end = endStop === null ? index + after.length : index + endStop.index + (after[endStop.index] === '.' ? 1 : 0);
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end, value: text.slice(start, end) };
}

const EFFECTIVE_DATE_LABEL = /\b(?:effective|commencement|start)\s+date\b[^.\n]{0,50}?:\s*$|\b(?:EFFECTIVE|COMMENCEMENT)\s+DATE\s*$|\bcontract\s+start\s*:\s*$/i;
/** A sentence about the contract or its term taking effect, not about a notice, a termination or a removal doing so. */
const ABOUT_THE_CONTRACT = /^(?![^]*\b(?:notices?|terminat\w*|cancel\w*|removal|resign\w*|expir\w*|replaced|amendment|waiver)\b)[^]*\b(?:this|the)\s+(?:(?:letter|license|licence|services?|supply|master)\s+)?(?:agreement|contract|term)\b/i;
/** The words before "shall commence on ...": the contract or its term is what starts, not a notice or a price. */
const CONTRACT_SUBJECT = /^(?![^]*\b(?:notices?|removal|resign\w*|replaced|amendment|waiver|price|prices|fees?|rates?|payments?|royalt\w*)\b)[^]*\b(?:this|the)\s+(?:(?:letter|license|licence|services?|supply|master|initial)\s+)?(?:agreement|contract|term|terms)\b/i;
/** Changes made to a contract: when one of them "shall be effective", the contract is not what starts. */
export const CONTRACT_CHANGE_WORDS = String.raw`amendments?|modifications?|variations?|waivers?|supplements?|alterations?`;
/** Words before "this Agreement shall be effective" that make an amendment or a waiver the subject. */
const CHANGE_OF_THE_CONTRACT = new RegExp(String.raw`\b(?:${CONTRACT_CHANGE_WORDS}|changes?)\b`, 'i');
const SIGNATURE_CLAUSE = /^\W*in\s+witness\s+where(?:of|to)\b/i;
/**
 * "Effective" of something other than a start: a contract said to go on having effect ("shall continue to be
 * effective, or be reinstated"), a provision read so as to be valid ("interpreted ... to be effective and valid"), a
 * copy standing for an original ("by facsimile shall be effective as delivery of a manually executed counterpart").
 */
const NOT_A_START = /\bcontinue\s+to\s+be\s+effective\b|\beffective\s+and\s+(?:valid|enforceable|binding)\b|\b(?:valid|enforceable|binding)\s+and\s+effective\b|\beffective\s+as\s+(?:delivery|an?\s+original)\b/i;
const CIRCULAR_START = /\b(?:commenc\w*|begin\w*|effective|in\s+force|into\s+(?:force|effect))\s+(?:on|as\s+of|from|upon)\s+the\s+(?:Effective|Commencement)\s+Date\b/i;

/**
 * Whether a sentence that speaks of taking effect fixes no start: it points back to a date it does not give ("shall become
 * effective as of the Effective Date"), or "effective" means something else there ("interpreted ... to be effective and
 * valid", "shall continue to be effective").
 */
export function fixesNoStart(sentence: string): boolean {
  return pointsBackToStart(sentence) || NOT_A_START.test(sentence);
}

/** "This Agreement shall commence on the Effective Date", with no date: it says nothing about when that is. */
function pointsBackToStart(sentence: string): boolean {
  return CIRCULAR_START.test(sentence) && findDates(sentence).length === 0;
}

/** "EFFECTIVE DATE: June 1, 1998", "Contract start: 04-01-06". */
function labelledEffective(text: string): DateField | undefined {
  for (const d of findDates(text)) {
    if (EFFECTIVE_DATE_LABEL.test(text.slice(Math.max(0, d.start - 70), d.start))) return toField(d, 'effective');
  }
  return undefined;
}

function effectiveDate(text: string): DateField | FieldSpan | undefined {
  EFFECTIVE_LABEL.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = EFFECTIVE_LABEL.exec(text)) !== null) {
    const before = findDates(text, Math.max(0, m.index - 80), m.index);
    const last = before[before.length - 1];
    if (last !== undefined) return toField(last, 'effective');
    // "made this 30th day of April (the "Effective Date")": the year is not written.
    const yearless = /(?:the\s+)?[0-3]?[0-9](?:st|nd|rd|th)?\s+day\s+of\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)(?=\s*,?\s*$)/i.exec(text.slice(Math.max(0, m.index - 80), m.index));
    if (yearless !== null) {
      const at = Math.max(0, m.index - 80) + yearless.index;
      return { start: at, end: at + yearless[0].length, value: yearless[0], kind: 'effective' };
    }
    const lineStart = Math.max(text.lastIndexOf('\n', m.index) + 1, m.index - 200);
    const phrase = /\beffective\s+(?:as\s+of\s+|on\s+|upon\s+)?[^()]*$/i.exec(text.slice(lineStart, m.index));
    if (phrase !== null) {
      const s = lineStart + phrase.index;
      return { start: s, end: m.index + m[0].length, value: text.slice(s, m.index + m[0].length) };
    }
  }
  const def = EFFECTIVE_DEFINITIONS.map((d) => {
    d.lastIndex = 0;
    return d.exec(text);
  }).find((m): m is RegExpExecArray => m !== null);
  if (def !== undefined) {
    const d = findDates(text, def.index, def.index + def[0].length)[0];
    if (d !== undefined) return toField(d, 'effective');
    // A signature page may come first, as a cover.
    const signed = LAST_SIGNATURE.test(def[0]) ? lastSignature(text, 0) : undefined;
    if (signed !== undefined) return toField(signed, 'effective');
    // "the date set out in the Addendum", "the time the Parties acknowledge ...": a form's "Effective Date:" box says which.
    const boxed = labelledEffective(text);
    if (boxed !== undefined) return boxed;
    return { start: def.index, end: def.index + def[0].length, value: def[0] };
  }
  EFFECTIVE_PHRASE.lastIndex = 0;
  while ((m = EFFECTIVE_PHRASE.exec(text.slice(0, 20000))) !== null) {
    const at = m.index + m[0].length;
    const d = findDates(text, at, Math.min(text.length, at + 30))[0];
    // "effective on January 5, 1999" of a price or an appointment is not the contract's start.
    if (d === undefined || d.start - at >= 3) continue;
    const sentence = sentenceAround(text, m.index);
    if (ABOUT_THE_CONTRACT.test(sentence.value) || (m.index < PREAMBLE_LIMIT && MADE_EFFECTIVE.test(text.slice(sentence.start, m.index)))) return toField(d, 'effective');
  }
  const boxed = labelledEffective(text);
  if (boxed !== undefined) return boxed;
  // A sentence that starts the contract on a date it gives ("The term shall commence on November 1, 2007") is
  // the answer wherever it stands; failing that, the first sentence on when the contract takes effect.
  let undated: FieldSpan | undefined;
  for (const pattern of EFFECTIVE_SENTENCES) {
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    const all = new RegExp(pattern.source, flags);
    let hit: RegExpExecArray | null;
    while ((hit = all.exec(text)) !== null) {
      const sentence = sentenceAround(text, hit.index);
      const after = hit.index + hit[0].length;
      const dated = findDates(text, after, Math.min(text.length, after + 60))[0];
      if (dated !== undefined && dated.end <= sentence.end && /^[\s,]*(?:(?:on|as\s+of|from|upon|with\s+effect\s+from)\s+)?(?:the\s+)?$/i.test(text.slice(after, dated.start))) {
        // What starts is the contract or its term (the words before the verb), whatever ends it later in the sentence.
        if (CONTRACT_SUBJECT.test(text.slice(sentence.start, after))) return toField(dated, 'effective');
      }
      if (undated !== undefined) continue;
      // "This Agreement shall commence on the Effective Date" says nothing about when that is.
      if (pointsBackToStart(sentence.value)) continue;
      // A notice, a termination or an appointment taking effect is not the contract starting.
      if (pattern !== EFFECTIVE_SENTENCES[0] && !ABOUT_THE_CONTRACT.test(sentence.value)) continue;
      // "No amendment of this Agreement shall be effective unless ...": what takes effect is the amendment.
      if (CHANGE_OF_THE_CONTRACT.test(text.slice(sentence.start, hit.index))) continue;
      // "IN WITNESS WHEREOF ... executed as of the Effective Date" points to a start stated elsewhere.
      if (SIGNATURE_CLAUSE.test(sentence.value)) continue;
      if (NOT_A_START.test(text.slice(Math.max(sentence.start, hit.index - 30), Math.min(sentence.end, after + 40)))) continue;
      // Elsewhere the contract or its term must be what starts: "the period commencing on the Acceptance Date ...
      // of this Agreement" is a period of rebates, "owner of its property as of the Effective Date" no start at all.
      if (pattern !== EFFECTIVE_SENTENCES[0] && !CONTRACT_SUBJECT.test(text.slice(sentence.start, hit.index + hit[0].length))) continue;
      undated = sentence;
    }
  }
  return undated;
}

/** Key facts of a contract, each tied to its place in the text by `[start, end)` offsets. */
export function extractFields(text: string, segments: Segment[] = splitSegments(text)): ExtractedFields {
  const dates: DateField[] = [];
  const agreed = findAgreementDate(text);
  if (agreed !== undefined) dates.push(agreed);
  const effective = effectiveDate(text);
  const effectiveIsDate = effective !== undefined && 'kind' in effective;
  if (effectiveIsDate) dates.push(effective);
  const { term, renewal } = extractTermAndRenewal(text, segments);
  const endNotice = term?.noticePeriod === undefined && renewal?.noticePeriod === undefined ? findEndNotice(segments) : undefined;
  if (term?.expiresOn !== undefined) dates.push(term.expiresOn);
  return {
    title: extractTitle(text),
    parties: extractParties(text),
    dates,
    ...(effective !== undefined && !effectiveIsDate ? { effectiveFrom: effective } : {}),
    ...(term === undefined ? {} : { term }),
    ...(renewal === undefined ? {} : { renewal }),
    ...(endNotice === undefined ? {} : { endNotice }),
    governingLaw: extractGoverningLaw(text),
    forum: extractForum(text),
    amounts: extractAmounts(text),
  };
}

/** Where the contract says when it takes effect: a date, or the phrase that defines the effective date. */
export function findEffectiveDateSpan(text: string): FieldSpan | undefined {
  return effectiveDate(text);
}
