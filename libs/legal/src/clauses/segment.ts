export interface Segment {
  start: number;
  end: number;
  text: string;
  /** Text of the closest heading above this segment in the same section, '' when none. */
  heading: string;
  isHeading: boolean;
  /** First sentence of its section (right after a heading, or carrying an inline heading). */
  sectionStart: boolean;
}

const MAX_SEGMENT = 1500;

// Tokens after which a period does not end a sentence.
const ABBREVIATIONS = new Set([
  'inc', 'ltd', 'co', 'corp', 'no', 'nos', 'sec', 'secs', 'art', 'arts', 'para', 'paras', 'sub', 'subs', 'e.g', 'i.e',
  'etc', 'vs', 'v', 'mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'u.s', 'u.s.a', 'l.l.c', 'l.p', 's.a', 'n.v', 'b.v', 'cal',
  'del', 'civ', 'stat', 'ann', 'approx', 'pty', 'plc', 'llc', 'lp', 'dept', 'govt', 'ch', 'cf', 'seq', 'et', 'al', 'p.c',
  'fig', 'ex', 'exh', 'sch', 'cl', 'pp', 'p', 'ave', 'blvd', 'rd', 'ste', 'bldg', 'fl', 'tel', 'fax', 'dist',
]);

function isAbbreviation(text: string, dotIndex: number): boolean {
  let i = dotIndex - 1;
  while (i >= 0 && /[A-Za-z.]/.test(text[i])) i--;
  const token = text.slice(i + 1, dotIndex).toLowerCase();
  if (token.length === 0) return false;
  if (token.length === 1) return true;
  return ABBREVIATIONS.has(token);
}

/** Splits text into sentence-like segments with exact offsets; long run-ons are cut at semicolons or line ends. */
export function splitSegments(text: string): Segment[] {
  const raw: Array<[number, number]> = [];
  const paragraph = /\n[ \t\f\v\r]*\n|\s{4,}(?=(?:\(?[0-9]{1,2}(?:\.[0-9]{1,2})*\.?\)?|[A-Z]\.|ARTICLE|Section|SECTION)\s)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = paragraph.exec(text)) !== null) {
    if (m.index > last) raw.push([last, m.index]);
    last = m.index + m[0].length;
  }
  if (last < text.length) raw.push([last, text.length]);

  const sentences: Array<[number, number]> = [];
  for (const [ps, pe] of raw) {
    const para = text.slice(ps, pe);
    const boundary = /[.!?]["'”’)\]]*(?=\s+["'“([]?[A-Z0-9])/g;
    let s = 0;
    let b: RegExpExecArray | null;
    while ((b = boundary.exec(para)) !== null) {
      const dot = b.index;
      if (para[dot] === '.' && isAbbreviation(para, dot)) continue;
      // An enumerator such as "1." or "12.3." or "A." opens the sentence rather than ending it.
      if (dot - s < 12 && /^\s*\(?[0-9A-Za-z]{1,3}(?:\.[0-9]{1,3})*\)?$/.test(para.slice(s, dot))) continue;
      const end = dot + b[0].length;
      sentences.push([ps + s, ps + end]);
      s = end;
    }
    if (s < para.length) sentences.push([ps + s, pe]);
  }

  const out: Segment[] = [];
  let heading = '';
  let pendingStart = false;
  for (const [s0, e0] of sentences) {
    for (const [s, e] of cutLong(text, s0, e0)) {
      const trimmed = trimRange(text, s, e);
      if (trimmed === null) continue;
      const [ts, te] = trimmed;
      const segText = text.slice(ts, te);
      const isHeading = looksLikeHeading(segText);
      let sectionStart = false;
      if (isHeading) {
        heading = segText;
        pendingStart = true;
      } else {
        const inline = INLINE_HEADING.exec(segText);
        if (inline !== null) heading = inline[1];
        sectionStart = pendingStart || inline !== null;
        pendingStart = false;
      }
      out.push({ start: ts, end: te, text: segText, heading: isHeading ? '' : heading, isHeading, sectionStart });
    }
  }
  return out;
}

function cutLong(text: string, start: number, end: number): Array<[number, number]> {
  if (end - start <= MAX_SEGMENT) return [[start, end]];
  const parts: Array<[number, number]> = [];
  let s = start;
  while (end - s > MAX_SEGMENT) {
    const window = text.slice(s, s + MAX_SEGMENT);
    let cut = Math.max(window.lastIndexOf('; '), window.lastIndexOf(';\n'), window.lastIndexOf(':\n'), window.lastIndexOf('\n'));
    if (cut < MAX_SEGMENT / 3) cut = window.lastIndexOf(', ');
    if (cut < MAX_SEGMENT / 3) cut = window.lastIndexOf(' ');
    if (cut <= 0) cut = MAX_SEGMENT - 1;
    parts.push([s, s + cut + 1]);
    s = s + cut + 1;
  }
  parts.push([s, end]);
  return parts;
}

function trimRange(text: string, start: number, end: number): [number, number] | null {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  return e - s >= 2 ? [s, e] : null;
}

/** A subsection's letter or numeral: "(a)", "b)", "(iv)", "a."; it opens a heading or stands inside one ("3. PAYMENT a. Annual Minimum Guarantee."). */
const SUBSECTION = String.raw`\(?[a-z]{1,2}\)|\((?:[ivx]{1,5}|[IVX]{1,5})\)|[a-z]\.`;
const ENUMERATOR = new RegExp(`^(?:${SUBSECTION})$`);
const HEADING_NUMBER = new RegExp(
  String.raw`^(?:(?:ARTICLE|Article|SECTION|Section|Clause|CLAUSE)\s+[0-9IVXLC]+[.:]?\s*|\(?[0-9]{1,2}(?:\.[0-9]{1,2})*\.?\)?\s+|[A-Z]\.\s+|(?:${SUBSECTION})\s+)?`,
);

// "4. EXCLUSIVITY OF ENDORSEMENT   During the term..." or "12.3 Governing Law. This Agreement...".
const INLINE_HEADING = /^(?:(?:ARTICLE|Article|SECTION|Section)\s+[0-9IVXLC.]+\s*|\(?[0-9]{1,2}(?:\.[0-9]{1,2})*\.?\)?\s+|[A-Z]\.\s*)((?:[A-Z][A-Za-z&'/-]*,?\s(?:(?:of|and|or|the|to|for|on|by|in)\s)?){0,7}[A-Z][A-Za-z&'/-]*)(?:\s{2,}|[.:]\s|\s?[-–—]\s)/;

function looksLikeHeading(segment: string): boolean {
  // A list item ends with a semicolon or a comma ("(b) Net Sales;"), a heading never does.
  if (segment.length > 90 || /[;,]$/.test(segment)) return false;
  const body = segment.replace(HEADING_NUMBER, '').replace(/[.:]$/, '').trim();
  if (body.length < 3) return false;
  const words = body.split(/\s+/).filter((w) => /[A-Za-z]/.test(w));
  if (words.length === 0 || words.length > 9) return false;
  const minor = /^(of|and|or|the|to|for|in|on|by|a|an|with|upon|from|not|as|at)$/i;
  const capitalised = words.filter((w) => minor.test(w) || ENUMERATOR.test(w) || /^[("“']?[A-Z0-9]/.test(w)).length;
  return capitalised === words.length;
}
