import type { FieldSpan } from './types';

const HEAD_WINDOW = 3000;
const NOUNS = 'AGREEMENT|CONTRACT|LICEN[CS]E|LEASE|AMENDMENT|ADDENDUM|MEMORANDUM OF UNDERSTANDING|TERMS AND CONDITIONS|DEED|UNDERTAKING|ARRANGEMENT|PROTOCOL|GUARANT(?:Y|EE)|LETTER AGREEMENT|STATEMENT OF WORK|PLAN|COVENANT';
const UPPER_TITLE = new RegExp(`(?:[A-Z0-9][A-Z0-9&'.\\/-]*,?(?:[ \\t]+[-–])?[ \\t]+(?:(?:OF|AND|FOR|TO|THE|ON|IN|&)[ \\t]+)?){0,9}(?:${NOUNS})S?\\b`, 'g');
const MIXED_NOUNS = 'Agreement|Contract|Licen[cs]e|Lease|Amendment|Addendum|Memorandum of Understanding|Terms and Conditions|Deed|Undertaking|Protocol|Guarant(?:y|ee)|Statement of Work';
const MIXED_TITLE = new RegExp(`(?:[A-Z][A-Za-z0-9&'.\\/-]*,?[ \\t]+(?:(?:of|and|for|to|the|on|in|&)[ \\t]+)?){1,8}(?:${MIXED_NOUNS})s?\\b`, 'g');
const ENDS_IN_NOUN = new RegExp(`(?:${NOUNS})S?\\s*$`, 'i');
/** A title on a line of its own in sentence case: "Distributorship agreement", "Master services agreement". */
const LINE_TITLE = /^[ \t]*([A-Z][a-z]+(?:[ \t]+[a-z]+){0,4}[ \t]+(?:agreement|contract|licen[cs]e|lease))[ \t]*$/m;
const NOT_A_TITLE = /^(?:EXHIBIT|CONFIDENTIAL|PORTIONS|REDACTED|CERTAIN|SUCH|THE COMPANY|PURSUANT|INFORMATION|TABLE OF|EXECUTION|EXECUTED)\b/;

function cleanCandidate(text: string, index: number, value: string): FieldSpan | undefined {
  let start = index;
  let v = value;
  // A sentence that runs into the title ("... IF PUBLICLY DISCLOSED. SERVICES AGREEMENT") is not part of it.
  const sentenceBreak = /^.*(?:[.:;]\s+)/s.exec(v);
  if (sentenceBreak !== null && !/\b(?:INC|CO|CORP|LTD|L\.P|N\.V|S\.A)\.\s+$/i.test(sentenceBreak[0])) {
    start += sentenceBreak[0].length;
    v = v.slice(sentenceBreak[0].length);
  }
  const lead = /^(?:(?:THIS|This|The|THE|AND|and|EXHIBIT|Exhibit)\s+)+/.exec(v);
  if (lead !== null) {
    start += lead[0].length;
    v = v.slice(lead[0].length);
  }
  const exhibitTail = /^(?:[0-9]+(?:\.[0-9A-Z()]+)*|[A-Z]-?[0-9]*)\s+/.exec(v);
  if (exhibitTail !== null && /exhibit\s*$/i.test(text.slice(Math.max(0, start - 10), start))) {
    start += exhibitTail[0].length;
    v = v.slice(exhibitTail[0].length);
  }
  // "FORM OF TRADEMARK LICENSE AGREEMENT": a filed form is named by what it is a form of; "EXECUTION COPY PROMOTION
  // AGREEMENT" by what follows the copy's label.
  const form = /^(?:FORM\s+OF|Form\s+of|EXECUTION\s+(?:COPY|VERSION)|Execution\s+(?:Copy|Version))\s+/.exec(v);
  if (form !== null) {
    start += form[0].length;
    v = v.slice(form[0].length);
  }
  // The title runs into the preamble: "TRADEMARK LICENSE AGREEMENT THIS TRADEMARK LICENSE AGREEMENT (this ...".
  const preamble = /\s+THIS\s/.exec(v);
  if (preamble !== null) {
    v = v.slice(0, preamble.index);
    // What stood before the preamble names no agreement: "TREATMENT WITH RESPECT TO CERTAIN PORTIONS OF THIS AGREEMENT".
    if (!ENDS_IN_NOUN.test(v)) return undefined;
  }
  v = v.replace(/\s+$/, '');
  if (v.length < 5 || NOT_A_TITLE.test(v)) return undefined;
  return { start, end: start + v.length, value: v };
}

/** The contract's own name, e.g. "EXCLUSIVE DISTRIBUTOR AGREEMENT", from the top of the document. */
export function extractTitle(text: string): FieldSpan | undefined {
  const head = text.slice(0, HEAD_WINDOW);
  const candidates: FieldSpan[] = [];
  for (const pattern of [UPPER_TITLE, MIXED_TITLE]) {
    pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.exec(head)) !== null) {
      const c = cleanCandidate(text, m.index, m[0]);
      if (c === undefined) continue;
      const words = c.value.split(/\s+/).length;
      const prefix = head.slice(Math.max(0, c.start - 6), c.start);
      // "this Agreement" inside a sentence is a reference, not the title.
      if (words === 1 && !/(?:^|\n)\s*$/.test(prefix)) continue;
      candidates.push(c);
      break;
    }
  }
  const line = LINE_TITLE.exec(head);
  if (line !== null) {
    const start = line.index + line[0].indexOf(line[1]);
    candidates.push({ start, end: start + line[1].length, value: line[1] });
  }
  candidates.sort((a, b) => a.start - b.start);
  return candidates[0];
}
