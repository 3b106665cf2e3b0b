import type { JurisdictionField } from './types';

const STOP_WORDS = new Set([
  'without', 'excluding', 'except', 'regardless', 'applicable', 'as', 'in', 'which', 'that', 'to', 'for', 'notwithstanding',
  'including', 'with', 'irrespective', 'other', 'shall', 'will', 'and', 'or', 'governing', 'any', 'each', 'all', 'its',
  'their', 'exclusive', 'such', 'without', 'where', 'if', 'but', 'save', 'subject', 'then', 'from', 'by', 'on', 'at',
  'the', 'a', 'an', 'is', 'are', 'be', 'being', 'construed', 'interpreted', 'enforced', 'conflict', 'conflicts', 'choice',
]);
const PLACE_PREFIX = /^(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom|People'?s\s+Republic|Federal\s+Republic|Hong\s+Kong\s+Special\s+Administrative\s+Region|Grand\s+Duchy|Territory|District|Emirate|County|City)\s+of\s+(?:the\s+)?)?/i;

/** Reads a place name starting at `from`: "the State of New York" -> "New York", "England and Wales" kept whole. */
function readPlace(text: string, from: number): { start: number; end: number; name: string } | undefined {
  const rest = text.slice(from, from + 160);
  const prefix = PLACE_PREFIX.exec(rest);
  const bodyStart = prefix === null ? 0 : prefix[0].length;
  const tokens = /[A-Za-z][A-Za-z.'’-]*/g;
  tokens.lastIndex = bodyStart;
  let end = bodyStart;
  let count = 0;
  let m: RegExpExecArray | null;
  while ((m = tokens.exec(rest)) !== null && count < 6) {
    const gap = rest.slice(end, m.index);
    if (count > 0 && !/^[ \t\n]+$/.test(gap) && !/^,\s$/.test(gap)) break;
    const word = m[0].replace(/[.]$/, '');
    const lower = word.toLowerCase();
    const allowJoin = (lower === 'and' || lower === 'of') && count > 0 && /^\s+[A-Z]/.test(rest.slice(m.index + m[0].length)) && /^(?:and|of)\s+(?:Wales|Columbia|Man|Korea|China|America|[A-Z][a-z]+)/i.test(rest.slice(m.index)) && !/^and\s+(?:the|any|all|each|its|their|federal)/i.test(rest.slice(m.index));
    if (!allowJoin && (STOP_WORDS.has(lower) || !/^[A-Z]/.test(word))) break;
    if (gap.startsWith(',')) {
      // "Ontario, Canada" continues a place; ", without regard" does not.
      if (!/^[A-Z][a-z]/.test(word)) break;
    }
    end = m.index + word.length;
    count++;
  }
  if (count === 0) return undefined;
  const name = rest.slice(bodyStart, end).replace(/\s+(?:and|of)$/i, '');
  if (name.length < 2) return undefined;
  return { start: from + bodyStart, end: from + bodyStart + name.length, name: name.replace(/\s+/g, ' ') };
}

const LAW_CUE = /\b(?:govern(?:ed|s|ing)?|constru(?:ed|e|ction)|interpret(?:ed|ation)?|enforced|subject\s+to|in\s+accordance\s+with)\b[^.;]{0,220}?\blaws?\b(?:\s+and\s+(?:decisions|regulations))?\s+(?:of|in(?:\s+force\s+in)?)\s+/gi;
const ADJECTIVE_LAW = /\b(?:govern(?:ed|s)?|constru(?:ed|e)|interpret(?:ed)?)\b[^.;]{0,120}?\b(?:in\s+accordance\s+with|by|under)\s+(?:the\s+)?([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)\s+law\b/g;

/** The governing-law clause and the jurisdiction it names. */
export function extractGoverningLaw(text: string): JurisdictionField | undefined {
  LAW_CUE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = LAW_CUE.exec(text)) !== null) {
    if (!/govern|constru|interpret|enforc/i.test(m[0])) continue;
    const place = readPlace(text, m.index + m[0].length);
    if (place === undefined || /^(?:any|such|another|other|that)\b/i.test(place.name)) continue;
    return { start: m.index, end: place.end, value: text.slice(m.index, place.end), jurisdiction: place.name };
  }
  ADJECTIVE_LAW.lastIndex = 0;
  const adj = ADJECTIVE_LAW.exec(text);
  if (adj !== null) {
    const end = adj.index + adj[0].length;
    return { start: adj.index, end, value: adj[0], jurisdiction: adj[1] };
  }
  return undefined;
}

const FORUM_CUE = /\b(?:courts?|tribunals?)\s+(?:(?:of\s+competent\s+jurisdiction\s+)?(?:located|sitting|situated|seated|having\s+jurisdiction)\s+)?(?:in|of|for|within)\s+(?:and\s+for\s+)?/gi;
const ARBITRATION_CUE = /\barbitrat(?:ion|ed|or)\b[^.;]{0,200}?\b(?:held|conducted|take\s+place|seated|venue|place|seat|located)\b[^.;]{0,30}?\b(?:in|at)\s+/gi;

/** Where disputes are to be heard (courts or the seat of arbitration), when the contract says. */
export function extractForum(text: string): JurisdictionField | undefined {
  const candidates: JurisdictionField[] = [];
  for (const cue of [FORUM_CUE, ARBITRATION_CUE]) {
    cue.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = cue.exec(text)) !== null) {
      const sentenceStart = Math.max(text.lastIndexOf('.', m.index) + 1, m.index - 300);
      const context = text.slice(sentenceStart, m.index + m[0].length);
      if (cue === FORUM_CUE && !/jurisdiction|venue|submit|forum|brought|litigat|proceeding|action|suit|dispute/i.test(context)) continue;
      // A notice or address line names a place too; it is not where disputes are heard.
      if (/\b(?:notices?|address(?:ed)?|attention|attn|fax|facsimile|telephone|e-?mail)\b/i.test(context) && !/jurisdiction|venue|forum|arbitrat|litigat/i.test(context)) continue;
      const place = readPlace(text, m.index + m[0].length);
      if (place === undefined || /^(?:any|such|another|other|that|competent)\b/i.test(place.name)) continue;
      const start = Math.max(sentenceStart, m.index - 120);
      let s = start;
      while (s < m.index && /\s/.test(text[s])) s++;
      candidates.push({ start: s, end: place.end, value: text.slice(s, place.end), jurisdiction: place.name });
      break;
    }
  }
  candidates.sort((a, b) => a.start - b.start);
  return candidates[0];
}
