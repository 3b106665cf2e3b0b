export interface TextSpan {
  start: number;
  end: number;
}

/** Abbreviations whose period does not end a sentence (lowercase, without the final period). */
const ABBREVIATIONS: ReadonlySet<string> = new Set(
  (
    'inc ltd co corp cos no nos sec secs sect subsec art arts para paras par cl cls ch chap pt pts mr mrs ms dr ' +
    'prof st jr sr vs v approx dept est fig figs ex exh exs app sch sched jan feb mar apr jun jul aug sep sept oct ' +
    'nov dec p pp llc plc lp llp ave rd blvd ste bros assn intl govt cf viz seq al min max ref refs vol vols ' +
    'op rev tel attn'
  ).split(' '),
);

const CLOSERS = new Set(['"', "'", '\u201d', '\u2019', ')', ']']);
const SENTENCE_END = new Set(['.', '!', '?']);
const STARTS_SENTENCE = /[\p{Lu}\p{N}"'\u201c\u2018([\u2022\u00a7*-]/u;
/** A lowercase list marker opening the next item of an enumeration: "... thirty days. d. Either party may ...". */
const LIST_ITEM = /^(?:[a-z]|[ivx]{2,4})[.)]\s+[\p{Lu}\p{N}"\u201c(]/u;
const LIST_MARKER_ONLY = /^(?:\(?[0-9]+(?:\.[0-9]+)*|\(?[a-zA-Z]|\(?[ivxlcIVXLC]+|(?:section|article|sec|art)\.?\s*[0-9.]+)$/i;

function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\u00a0';
}

/** The word (letters, digits and inner periods) that ends right before `dot`. */
function wordBefore(text: string, dot: number, floor: number): string {
  let i = dot;
  while (i > floor && /[\p{L}\p{N}.'\u2019-]/u.test(text[i - 1])) i--;
  return text.slice(i, dot);
}

function periodEndsSentence(text: string, dot: number, sentenceStart: number): boolean {
  const word = wordBefore(text, dot, sentenceStart);
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  // Initials and dotted abbreviations: "U.S.", "e.g.", "i.e.", "N.V.", "J."
  if (/^\p{L}$/u.test(word) || /^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u.test(word)) return false;
  // A list marker or section number standing alone ("1.", "2.1.", "(a).", "Section 5.") introduces, not ends.
  const before = text.slice(sentenceStart, dot).trim();
  return !LIST_MARKER_ONLY.test(before);
}

/**
 * Sentence spans of text[start, end), trimmed of surrounding whitespace. A break needs a terminator, optional
 * closing quotes or brackets, whitespace, then something that can open a sentence; periods of abbreviations,
 * initials and section numbers do not break. A blank line always breaks.
 */
export function splitSentences(text: string, start = 0, end = text.length): TextSpan[] {
  const spans: TextSpan[] = [];
  let sentenceStart = start;
  const push = (from: number, to: number): void => {
    let a = from;
    let b = to;
    while (a < b && isSpace(text[a])) a++;
    while (b > a && isSpace(text[b - 1])) b--;
    if (b > a) spans.push({ start: a, end: b });
  };

  let i = start;
  while (i < end) {
    const ch = text[i];
    if (ch === '\n') {
      let j = i + 1;
      let newlines = 1;
      while (j < end && isSpace(text[j])) {
        if (text[j] === '\n') newlines++;
        j++;
      }
      if (newlines >= 2) {
        push(sentenceStart, i);
        sentenceStart = j;
      }
      i = j;
      continue;
    }
    if (SENTENCE_END.has(ch)) {
      let j = i + 1;
      while (j < end && (SENTENCE_END.has(text[j]) || CLOSERS.has(text[j]))) j++;
      if (j >= end) break;
      if (isSpace(text[j])) {
        let k = j;
        while (k < end && isSpace(text[k])) k++;
        const opensNext = k < end && (STARTS_SENTENCE.test(text[k]) || LIST_ITEM.test(text.slice(k, Math.min(end, k + 8))));
        if (opensNext && (ch !== '.' || periodEndsSentence(text, i, sentenceStart))) {
          push(sentenceStart, j);
          sentenceStart = k;
          i = k;
          continue;
        }
      }
      i = j;
      continue;
    }
    i++;
  }
  push(sentenceStart, end);
  return spans;
}
