/**
 * Finds the legal structure of a contract's text: headings, numbered sections and clauses, paragraphs.
 * Works on plain text as extracted from .txt, .docx or PDF, where lines may be hard-wrapped and where a PDF's
 * line breaks often survive only as runs of spaces.
 */

export type BlockKind = 'heading' | 'section' | 'paragraph';

export interface StructureBlock {
  /** [start, end) of the block in the text, without surrounding whitespace. */
  start: number;
  end: number;
  kind: BlockKind;
  /** Depth in the document's outline: 0 exhibits and schedules, 1 articles and unnumbered headings, 2 "5.", 3 "5.2", ... */
  level: number;
  /** How the block is named in a heading path ("9.2 Limitation of Liability"); absent for plain clauses. */
  label?: string;
  /** The headings the block sits under, outermost first, including its own label. */
  headingPath: string[];
}

interface Line {
  start: number;
  end: number;
  /** A blank line (or the start of the text) precedes it. */
  blankBefore: boolean;
}

interface Marker {
  level: number;
  /** The marker as written, normalised ("9.2", "ARTICLE IV", "(a)"). */
  text: string;
  /** Offset, relative to the line, where the text after the marker begins. */
  rest: number;
  /** The numbering as integers ("9.2" -> [9, 2], "ARTICLE IX" -> [9]); absent for letters. */
  number?: number[];
}

/** Below this depth clauses are leaves: they never name a heading path entry unless they carry a title. */
const LEAF_LEVEL = 6;
const MAX_HEADING_CHARS = 100;
const MAX_HEADING_WORDS = 14;
const MAX_TITLE_WORDS = 9;
const MAX_RUN_IN_TITLE_CHARS = 80;

const SPLIT_LINES = /\n|[ \t\u00a0]{3,}|\t+/g;
const PART_KEYWORD = /^(?:exhibit|schedule|annex|appendix|attachment|addendum|rider)\b\s*[A-Z0-9][\w.-]*/i;
const ARTICLE_MARKER = /^(?:article|art\.)\s+([0-9]+|[IVXLCivxlc]+)\b\.?/i;
const SECTION_MARKER = /^(?:section|sec\.|§+)\s*([0-9]+[A-Za-z]?(?:\.[0-9]+)*)\.?(?=[\s,:)\-\u2013\u2014]|$)/i;
const NUMBER_MARKER = /^([0-9]{1,3}(?:\.[0-9]{1,3})*)(\.|\))?(?=\s|$)/;
const PAREN_MARKER = /^\(([0-9]{1,3}|[a-zA-Z]{1,2}|[ivxlcIVXLC]{1,6})\)(?=\s|$)/;
const LETTER_MARKER = /^([A-Za-z]|[ivxlcIVXLC]{2,6})[.)](?=\s|[A-Z"\u201c])(?![A-Z]\.)/;
const ROMAN = /^[ivxlc]+$/i;
const PAGE_FURNITURE = /^(?:page\s*)?[-\u2013([]?\s*(?:\d{1,4}|[ivxlc]{1,6})\s*[-\u2013)\]]?(?:\s+of\s+\d{1,4})?$/i;
const MODAL = /\b(?:shall|will|may|must|agrees?|hereby|should|would|is|are|was|were)\b/i;
const TRAILING_FUNCTION_WORD = /\b(?:and|or|of|the|to|for|in|by|with|an|on|at|as|from|that|which|any|such|its|their|nor|not|than)$/i;
const TRAILING_ARTICLE = /\sa$/;
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'with', 'upon', 'under', 'per', 'vs', 'v', 'its', 'their', 'no', 'not', 'nor']);

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let blank = true;
  let from = 0;
  const emit = (a: number, b: number, breakText: string): void => {
    let s = a;
    let e = b;
    while (s < e && /\s/.test(text[s])) s++;
    while (e > s && /\s/.test(text[e - 1])) e--;
    if (e > s) {
      lines.push({ start: s, end: e, blankBefore: blank });
      blank = false;
    } else if (breakText === '\n') {
      blank = true;
    }
  };
  for (const match of text.matchAll(SPLIT_LINES)) {
    const at = match.index ?? 0;
    emit(from, at, match[0]);
    from = at + match[0].length;
  }
  emit(from, text.length, '\n');
  return lines;
}

function wordsOf(s: string): string[] {
  return s.split(/\s+/).filter((w) => w.length > 0);
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function stripEndPunctuation(s: string): string {
  return s.replace(/[\s.:;,\-\u2013\u2014]+$/, '');
}

function letterStats(s: string): { letters: number; upper: number } {
  let letters = 0;
  let upper = 0;
  for (const ch of s) {
    if (/\p{L}/u.test(ch)) {
      letters++;
      if (/\p{Lu}/u.test(ch)) upper++;
    }
  }
  return { letters, upper };
}

function isAllCaps(s: string): boolean {
  const { letters, upper } = letterStats(s);
  return letters >= 3 && upper / letters >= 0.85;
}

/** Every significant word starts with a capital letter or a digit ("Limitation of Liability"). */
function isTitleCase(s: string): boolean {
  const words = wordsOf(s.replace(/[^\p{L}\p{N}\s'\u2019&/-]/gu, ' '));
  let significant = 0;
  for (const word of words) {
    if (SMALL_WORDS.has(word.toLowerCase())) continue;
    significant++;
    if (!/^[\p{Lu}\p{N}]/u.test(word)) return false;
  }
  return significant > 0;
}

/** Short, capitalised, verb-free text that reads as a name rather than a sentence. */
function looksLikeTitle(s: string, maxWords: number): boolean {
  const t = collapse(s);
  if (t.length === 0 || t.length > MAX_HEADING_CHARS) return false;
  const words = wordsOf(t);
  if (words.length > maxWords) return false;
  if (/[,;]$/.test(t)) return false;
  const bare = stripEndPunctuation(t);
  if (bare.length === 0 || TRAILING_FUNCTION_WORD.test(bare) || TRAILING_ARTICLE.test(bare)) return false;
  if (MODAL.test(t)) return false;
  // "Name: value" lines, signature blocks and page furniture ("Page 3 of 9", "Source: ...").
  if (/:\s*\S/.test(t) || /\/s\//.test(t) || /^page\s+\d+/i.test(t)) return false;
  if (!/\p{L}{2,}/u.test(t)) return false;
  return isAllCaps(t) || isTitleCase(t);
}

const ROMAN_VALUES: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

function romanToInt(roman: string): number {
  let total = 0;
  const lower = roman.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const value = ROMAN_VALUES[lower[i]] ?? 0;
    const next = ROMAN_VALUES[lower[i + 1]] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

function parseNumbering(numbering: string): number[] {
  if (ROMAN.test(numbering)) return [romanToInt(numbering)];
  return numbering.split('.').filter((part) => part.length > 0).map((part) => parseInt(part, 10));
}

function levelOfNumber(numbering: string): number {
  return 1 + numbering.split('.').filter((part) => part.length > 0).length;
}

function findMarker(line: string): Marker | undefined {
  let m = ARTICLE_MARKER.exec(line);
  if (m) return { level: 1, text: collapse(m[0]).replace(/\.$/, ''), rest: m[0].length, number: parseNumbering(m[1]) };
  m = SECTION_MARKER.exec(line);
  if (m) return { level: levelOfNumber(m[1]), text: collapse(m[0]).replace(/\.$/, ''), rest: m[0].length, number: parseNumbering(m[1]) };
  m = NUMBER_MARKER.exec(line);
  if (m) {
    const multiLevel = m[1].includes('.');
    const next = line.slice(m[0].length).trimStart();
    // A lone number is a page number or a quantity unless punctuated ("5." or "5)") or multi-level ("5.2").
    if (!multiLevel && !m[2]) return undefined;
    if (next.length > 0 && !/^[\p{Lu}"\u201c([]/u.test(next)) return undefined;
    return { level: levelOfNumber(m[1]), text: m[1], rest: m[0].length, number: parseNumbering(m[1]) };
  }
  m = PAREN_MARKER.exec(line);
  if (m) {
    const level = ROMAN.test(m[1]) && m[1].length > 1 ? LEAF_LEVEL + 1 : LEAF_LEVEL;
    return { level, text: m[0], rest: m[0].length };
  }
  m = LETTER_MARKER.exec(line);
  if (m) {
    const level = ROMAN.test(m[1]) && m[1].length > 1 ? LEAF_LEVEL + 1 : LEAF_LEVEL;
    return { level, text: m[0], rest: m[0].length };
  }
  return undefined;
}

/** A run-in title opening a clause: "Limitation of Liability. In no event ..." -> "Limitation of Liability". */
function runInTitle(rest: string): string | undefined {
  const m = /^(.{2,80}?[^\s.])\.\s+(?=[\p{Lu}"\u201c(])/u.exec(rest);
  if (!m) return undefined;
  const title = m[1];
  if (title.length > MAX_RUN_IN_TITLE_CHARS || /\.\s/.test(title)) return undefined;
  if (/^(?:[A-Z]\.?|[ivx]+)$/i.test(title)) return undefined;
  return looksLikeTitle(title, MAX_TITLE_WORDS) ? title : undefined;
}

interface Classified {
  kind: BlockKind;
  level: number;
  label?: string;
  /** A numbering or keyword with no text after it ("9.", "ARTICLE IV"). */
  markerOnly: boolean;
  number?: number[];
}

function classifyLine(line: string, repeated: boolean): Classified | undefined {
  // "Exhibit 10.27" is how a filing labels the whole contract, not a part of it.
  if (PART_KEYWORD.test(line) && !repeated && !/^\S+\s+\d+\.\d+/.test(line) && looksLikeTitle(line, MAX_HEADING_WORDS)) {
    return { kind: 'heading', level: 0, label: stripEndPunctuation(collapse(line)), markerOnly: false };
  }
  const marker = findMarker(line);
  if (marker) {
    const rest = line.slice(marker.rest).trim();
    if (rest.length === 0) {
      const keyword = /^(?:article|art\.|section|sec\.|§)/i.test(marker.text);
      return { kind: keyword ? 'heading' : 'section', level: marker.level, label: keyword ? marker.text : undefined, markerOnly: true, number: marker.number };
    }
    const label = (title: string): string => `${marker.text} ${stripEndPunctuation(collapse(title))}`;
    if (marker.level < LEAF_LEVEL && !repeated && looksLikeTitle(rest, MAX_TITLE_WORDS)) {
      return { kind: 'heading', level: marker.level, label: label(rest), markerOnly: false, number: marker.number };
    }
    const title = runInTitle(rest);
    return { kind: 'section', level: marker.level, label: title === undefined ? undefined : label(title), markerOnly: false, number: marker.number };
  }
  if (!repeated && looksLikeTitle(line, MAX_HEADING_WORDS)) {
    return { kind: 'heading', level: 1, label: stripEndPunctuation(collapse(line)), markerOnly: false };
  }
  const title = runInTitle(line);
  if (title !== undefined) return { kind: 'section', level: LEAF_LEVEL, label: stripEndPunctuation(collapse(title)), markerOnly: false };
  return undefined;
}

function endsClause(s: string): boolean {
  return /[.:;!?]["'\u201d\u2019)\]]*$/.test(s);
}

interface OutlineEntry {
  level: number;
  label: string;
  /** Carries a number or keyword ("5.", "ARTICLE V"), unlike a bare "RECITALS". */
  numbered: boolean;
  /** Text sits directly under it, so a numbered heading that follows is its sibling, not its child. */
  hasContent: boolean;
  number?: number[];
}

/** "10.1" cannot sit under "ARTICLE 9": a multi-level number names its parent. */
function contradicts(parent: readonly number[] | undefined, child: readonly number[] | undefined): boolean {
  if (!parent || !child || child.length < 2) return false;
  if (parent.length >= child.length) return false;
  return parent.some((part, i) => part !== child[i]);
}

/** Splits the text into headings, sections and paragraphs and gives each the heading path it sits under. */
export function detectStructure(text: string): StructureBlock[] {
  const lines = splitLines(text);
  const exact = new Map<string, number>();
  const loose = new Map<string, number>();
  const keys = lines.map((line) => {
    const key = collapse(text.slice(line.start, line.end)).toLowerCase();
    const looseKey = key.replace(/\d+/g, '#');
    if (key.length <= MAX_HEADING_CHARS) exact.set(key, (exact.get(key) ?? 0) + 1);
    loose.set(looseKey, (loose.get(looseKey) ?? 0) + 1);
    return { key, looseKey };
  });

  const blocks: StructureBlock[] = [];
  const stack: OutlineEntry[] = [];
  let current: StructureBlock | undefined;
  let pendingMarker: { block: StructureBlock; level: number; label?: string; number?: number[] } | undefined;
  let previousWasBareMarker = false;

  const path = (): string[] => stack.map((entry) => entry.label);
  const enter = (level: number, label: string | undefined, numbered: boolean, number?: number[]): string[] => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top.level >= level || (numbered && !top.numbered && top.hasContent) || contradicts(top.number, number)) stack.pop();
      else break;
    }
    if (label !== undefined) stack.push({ level, label, numbered, hasContent: false, number });
    return path();
  };
  const noteContent = (): void => {
    if (stack.length > 0) stack[stack.length - 1].hasContent = true;
  };

  lines.forEach((line, lineIndex) => {
    const lineText = text.slice(line.start, line.end);
    const { key, looseKey } = keys[lineIndex];
    const repeated = (exact.get(key) ?? 0) >= 3;
    const isMarker = findMarker(lineText) !== undefined;
    // Page numbers and running headers or footers belong to no block.
    if (PAGE_FURNITURE.test(key) && !isMarker) return;
    if (!isMarker && key.length >= 12 && (loose.get(looseKey) ?? 0) >= 3 && !looksLikeTitle(lineText, MAX_HEADING_WORDS)) {
      return;
    }

    const previousText = current ? text.slice(current.start, current.end) : '';
    const continuesSentence = current !== undefined && current.kind !== 'heading' && !endsClause(previousText) && /^[\p{Ll}]/u.test(lineText);
    const startsFresh =
      !continuesSentence && (!current || line.blankBefore || current.kind === 'heading' || endsClause(previousText) || pendingMarker !== undefined);
    // Inside a running sentence only a marker followed by a capital opens a clause ("(a) above" does not).
    const info = startsFresh || /^\S+\s+[\p{Lu}"\u201c]/u.test(lineText) ? classifyLine(lineText, repeated) : undefined;
    if (current && (continuesSentence || (info && !startsFresh && (info.kind !== 'section' || info.label !== undefined)))) {
      current.end = line.end;
      previousWasBareMarker = false;
      return;
    }

    const wasBareMarker = previousWasBareMarker;
    previousWasBareMarker = info?.markerOnly === true;
    if (info?.kind === 'heading' && !info.markerOnly && pendingMarker && info.level === 1 && !PART_KEYWORD.test(lineText)) {
      // "ARTICLE 9" or "9." on its own line, then its title on the next: one heading.
      const block = pendingMarker.block;
      const label = collapse(`${pendingMarker.label ?? ''} ${info.label ?? ''}`);
      block.end = line.end;
      block.kind = 'heading';
      block.label = label;
      block.headingPath = enter(pendingMarker.level, label, true, pendingMarker.number);
      current = block;
      pendingMarker = undefined;
      return;
    }
    pendingMarker = undefined;

    if (info) {
      const block: StructureBlock = { start: line.start, end: line.end, kind: info.kind, level: info.level, label: info.label, headingPath: [] };
      const numbered = isMarker || PART_KEYWORD.test(lineText);
      if (info.markerOnly) {
        // A bare "9." names a heading only if a title follows; "ARTICLE IV" names one either way.
        if (info.kind === 'heading') {
          block.headingPath = enter(info.level, info.label, true, info.number);
        } else {
          block.kind = 'paragraph';
          block.headingPath = path();
        }
        // In a column of bare numbers ("1. 2. 2.1 2.2" laid out apart from their text) none names what follows.
        if (!wasBareMarker) {
          const bare = info.level < LEAF_LEVEL ? lineText.trim().replace(/[.)]$/, '') : undefined;
          pendingMarker = { block, level: info.level, label: info.label ?? bare, number: info.number };
        }
      } else if (info.kind === 'heading' || info.label !== undefined || info.level < LEAF_LEVEL) {
        block.headingPath = enter(info.level, info.label, numbered, info.number);
        if (info.kind === 'section') noteContent();
      } else {
        noteContent();
        block.headingPath = path();
      }
      blocks.push(block);
      current = block;
      return;
    }

    if (current && !startsFresh) {
      current.end = line.end;
      return;
    }
    noteContent();
    const block: StructureBlock = { start: line.start, end: line.end, kind: 'paragraph', level: Number.POSITIVE_INFINITY, headingPath: path() };
    blocks.push(block);
    current = block;
  });
  return blocks;
}
