import { PageMap, type PageSpan } from '../citations/page-map';
import { outsideSpans, overlapsAny } from '../text/boilerplate';
import { splitSentences, type TextSpan } from '../text/sentences';
import { detectStructure, type StructureBlock } from './structure';

export interface Chunk {
  ordinal: number;
  start: number;
  end: number;
  text: string;
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
}

export interface ChunkOptions {
  /** A chunk grows sentence by sentence until the next one would take it past this many characters. */
  targetChars: number;
  /** No chunk is longer, except where a single word is. */
  maxChars: number;
  /** A chunk this long closes at the next paragraph or clause; shorter ones absorb what follows. */
  minChars: number;
  /** Headings open the chunk that follows them rather than standing alone. */
  attachHeadings: boolean;
  /**
   * Spans no chunk may hold, sorted and disjoint (page furniture: see detectBoilerplate). The text is read as if
   * they were blank, and chunks end before them and start after them.
   */
  exclude?: readonly TextSpan[];
}

export const DEFAULT_CHUNK_OPTIONS: Readonly<ChunkOptions> = {
  targetChars: 500,
  maxChars: 1000,
  minChars: 120,
  attachHeadings: true,
};

interface Unit {
  start: number;
  end: number;
  heading: boolean;
  /** First unit of a paragraph or clause. */
  opensBlock: boolean;
  path: string[];
}

/** Page numbers, bare clause numbers and similar scraps join their neighbour instead of standing alone. */
const NOISE_CHARS = 40;

const WORDLIKE = /\p{L}{3,}/u;

const CUT_PREFERENCES: readonly RegExp[] = [/[;:]\s+/g, /,\s+/g, /\s+/g];

/** Cuts an over-long sentence at clause punctuation, else at a comma, else between words. */
function cutLongSpan(text: string, start: number, end: number, limit: number): { start: number; end: number }[] {
  const pieces: { start: number; end: number }[] = [];
  let from = start;
  while (end - from > limit) {
    const window = text.slice(from, from + limit);
    let cut = -1;
    for (const pattern of CUT_PREFERENCES) {
      pattern.lastIndex = 0;
      let last = -1;
      for (const m of window.matchAll(pattern)) {
        const at = (m.index ?? 0) + m[0].length;
        if (at >= limit / 2 && at < window.length) last = at;
      }
      // Stryker disable next-line EqualityOperator: last is -1 or at least limit / 2, never 0.
      if (last > 0) {
        cut = last;
        break;
      }
    }
    // Stryker disable next-line EqualityOperator: cut is -1 or positive, never 0.
    if (cut <= 0) cut = limit;
    let pieceEnd = from + cut;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: text[from] is never whitespace, so the loop stops above from anyway.
    while (pieceEnd > from && /\s/.test(text[pieceEnd - 1])) pieceEnd--;
    pieces.push({ start: from, end: pieceEnd });
    from += cut;
    while (from < end && /\s/.test(text[from])) from++;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: every cut leaves more than nothing, so end > from holds here.
  if (end > from) pieces.push({ start: from, end });
  return pieces;
}

function unitsOf(text: string, blocks: StructureBlock[], maxChars: number): Unit[] {
  const units: Unit[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      units.push({ start: block.start, end: block.end, heading: true, opensBlock: true, path: block.headingPath });
      continue;
    }
    let first = true;
    let carry: number | undefined;
    for (const sentence of splitSentences(text, block.start, block.end)) {
      // Bare numbering ("3. 3.1 (a) (b)") carries nothing to retrieve.
      if (!WORDLIKE.test(text.slice(sentence.start, sentence.end))) continue;
      // A run-in title ("9.1 Indemnity.") stays with the sentence it introduces.
      const start = carry ?? sentence.start;
      if (sentence.end - start < NOISE_CHARS) {
        carry = start;
        continue;
      }
      carry = undefined;
      for (const piece of cutLongSpan(text, start, sentence.end, maxChars)) {
        units.push({ start: piece.start, end: piece.end, heading: false, opensBlock: first, path: block.headingPath });
        first = false;
      }
    }
    if (carry !== undefined) {
      units.push({ start: carry, end: block.end, heading: false, opensBlock: first, path: block.headingPath });
    }
  }
  return units;
}

/**
 * The text with each excluded span, and the line break that ends it, turned to spaces: same length, same offsets,
 * and the lines around it read as if it had never been there.
 */
function blankOut(text: string, exclude: readonly TextSpan[]): string {
  if (exclude.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const span of exclude) {
    if (span.start < from) continue;
    let end = span.end;
    while (end < text.length && (text[end] === ' ' || text[end] === '\t' || text[end] === '\u00a0')) end++;
    if (text[end] === '\n') end++;
    parts.push(text.slice(from, span.start), ' '.repeat(end - span.start));
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** Units cut around the excluded spans; pieces left without a word are dropped. */
function withoutExcluded(read: string, units: Unit[], exclude: readonly TextSpan[]): Unit[] {
  const out: Unit[] = [];
  for (const unit of units) {
    let first = unit.opensBlock;
    for (const part of outsideSpans(exclude, unit.start, unit.end)) {
      let { start, end } = part;
      while (start < end && /\s/.test(read[start])) start++;
      while (end > start && /\s/.test(read[end - 1])) end--;
      if (!WORDLIKE.test(read.slice(start, end))) continue;
      out.push({ ...unit, start, end, opensBlock: first });
      first = false;
    }
  }
  return out;
}

const samePath = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((label, i) => label === b[i]);

/**
 * The pages a span of a document's text starts and ends on, as its passages record them: an offset before every page
 * counts as on the first one (page 1 for a text without pages).
 */
export function spanPages(pageMap: PageMap, start: number, end: number): { pageStart: number; pageEnd: number } {
  const firstPage = pageMap.firstPage ?? 1;
  return { pageStart: pageMap.pageAtOrBefore(start) ?? firstPage, pageEnd: pageMap.pageAtOrBefore(end - 1) ?? firstPage };
}

/**
 * Cuts a document's canonical text into retrieval chunks along its legal structure: headings start chunks,
 * clauses and paragraphs are kept whole when they fit, and long ones are cut between sentences.
 * Every chunk satisfies `text.slice(chunk.start, chunk.end) === chunk.text`.
 */
export function chunkDocument(text: string, pages: PageSpan[], options: Partial<ChunkOptions> = {}): Chunk[] {
  const opts: ChunkOptions = { ...DEFAULT_CHUNK_OPTIONS, ...options };
  const maxChars = Math.max(opts.maxChars, opts.targetChars);
  const pageMap = new PageMap(pages);
  const exclude = opts.exclude ?? [];
  const read = blankOut(text, exclude);
  const units = exclude.length === 0 ? unitsOf(read, detectStructure(read), maxChars) : withoutExcluded(read, unitsOf(read, detectStructure(read), maxChars), exclude);

  const chunks: Chunk[] = [];
  let group: Unit[] = [];
  const flush = (): void => {
    if (group.length === 0) return;
    const start = group[0].start;
    const end = group[group.length - 1].end;
    let main = group[0];
    for (const unit of group) {
      if (!unit.heading && (main.heading || unit.end - unit.start > main.end - main.start)) main = unit;
    }
    chunks.push({
      ordinal: chunks.length,
      start,
      end,
      text: text.slice(start, end),
      ...spanPages(pageMap, start, end),
      headingPath: [...main.path],
    });
    group = [];
  };

  for (const unit of units) {
    if (group.length === 0) {
      group.push(unit);
      continue;
    }
    // A chunk never reaches over an excluded span.
    if (overlapsAny(exclude, group[group.length - 1].end, unit.start)) flush();
    if (group.length === 0) {
      group.push(unit);
      continue;
    }
    const start = group[0].start;
    const size = group[group.length - 1].end - start;
    const combined = unit.end - start;
    const onlyHeadings = group.every((u) => u.heading);
    let close: boolean;
    if (combined > maxChars) close = true;
    else if (unit.heading) close = !(onlyHeadings && opts.attachHeadings);
    else if (onlyHeadings) close = !opts.attachHeadings;
    else if (unit.opensBlock && (size >= opts.minChars || (size >= NOISE_CHARS && !samePath(unit.path, group[group.length - 1].path)))) close = true;
    else close = combined > opts.targetChars && size >= opts.minChars;
    if (close) flush();
    group.push(unit);
  }
  flush();
  return chunks;
}
