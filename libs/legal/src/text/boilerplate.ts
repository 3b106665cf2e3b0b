import type { PageSpan } from '../citations/page-map';
import type { TextSpan } from './sentences';

/**
 * Page furniture: what a page carries besides the document's content. Running headers and footers (a title,
 * a company name, an "Source: ..." line repeated at the top or bottom of every page), page numbers and legends
 * (a confidential-treatment notice, "CONFIDENTIAL"). Answers must never quote it.
 */
export type BoilerplateKind = 'page-number' | 'running' | 'legend';

/** One line of furniture: [start, end) into the canonical text, without surrounding white space. */
export interface BoilerplateSpan extends TextSpan {
  kind: BoilerplateKind;
}

export interface BoilerplateOptions {
  /** How many non-empty lines at the top and at the bottom of a page count as its edges. */
  edgeLines: number;
  /** A running line is at the edge of at least this share of the pages (and of two pages at least). */
  minShare: number;
  /** Fewer pages than this and the text is read as one stream: a running line is then one repeated as a whole line. */
  minPages: number;
  /** In a stream, a line repeated at least this many times, ... */
  minRepeats: number;
  /** ... usually (the median gap) at least this many characters apart, is a running line. */
  minGap: number;
}

export const DEFAULT_BOILERPLATE_OPTIONS: Readonly<BoilerplateOptions> = {
  edgeLines: 4,
  minShare: 0.4,
  minPages: 2,
  minRepeats: 3,
  minGap: 500,
};

interface Line extends TextSpan {
  text: string;
  /** Lower case, digits collapsed to '#', white space squeezed. */
  key: string;
  /** Index of its page in reading order, -1 outside every page. */
  page: number;
  /** Within the first or last `edgeLines` non-empty lines of its page. */
  edge: boolean;
}

/** Running lines are short: a title, a name, a file reference. Longer repeated lines are content. */
const MAX_RUNNING_CHARS = 200;
const MAX_LEGEND_CHARS = 400;
/** A line with fewer letters than this is never a running line (page numbers are found otherwise). */
const MIN_RUNNING_LETTERS = 4;
const LETTER = /\p{L}/gu;

const PAGE_NUMBER: readonly RegExp[] = [
  /^(?:page|pg\.?)\s*\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i,
  /^[-\u2013\u2014]\s*\d{1,4}\s*[-\u2013\u2014]$/,
  /^\d{1,4}\s+of\s+\d{1,4}$/i,
];
const BARE_NUMBER = /^\d{1,4}$/;
/** Consecutive page numbers lie at least this far apart in a stream: closer ones are a list or a table. */
const MIN_PAGE_GAP = 200;
const MIN_PAGE_CHAIN = 3;

const LEGENDS: readonly RegExp[] = [
  /\bconfidential\s+treatment\b/i,
  /\b(?:omitted|redacted)\b.{0,160}\b(?:filed\s+separately|confidential|commission)\b/i,
  /^\W*(?:\[\s*\*+\s*\]|\*+)\s*(?:=|:|indicates|denotes|represents|means)\b/i,
  /^\W*(?:strictly\s+)?(?:private\s+(?:and|&)\s+)?confidential(?:\s+(?:and|&)\s+(?:privileged|proprietary))?(?:\s+information)?\W*$/i,
  /^\W*(?:privileged\s+(?:and|&)\s+confidential|attorney[-\s]client\s+privileged?(?:\s+communication)?)\W*$/i,
];
/** A legend states; a clause that mentions confidential treatment binds someone. */
const BINDING = /\b(?:shall|agrees?|undertakes?|covenants?)\b/i;

const normalise = (line: string): string => line.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
const letters = (line: string): number => line.match(LETTER)?.length ?? 0;

/** Non-empty lines with their page and whether they sit at its top or bottom edge. */
function linesOf(text: string, pages: readonly PageSpan[], edgeLines: number): Line[] {
  const lines: Line[] = [];
  let from = 0;
  while (from <= text.length) {
    const newline = text.indexOf('\n', from);
    const to = newline < 0 ? text.length : newline;
    let start = from;
    let end = to;
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (end > start) {
      const line = text.slice(start, end);
      lines.push({ start, end, text: line, key: normalise(line), page: -1, edge: false });
    }
    if (newline < 0) break;
    from = newline + 1;
  }
  const sorted = [...pages].sort((a, b) => a.start - b.start);
  let at = 0;
  sorted.forEach((page, index) => {
    while (at < lines.length && lines[at].start < page.start) at++;
    const first = at;
    while (at < lines.length && lines[at].start < page.end) lines[at++].page = index;
    const count = at - first;
    for (let i = first; i < at; i++) lines[i].edge = i - first < edgeLines || count - (i - first) <= edgeLines;
  });
  return lines;
}

/** Bare numbers that count up one by one through the text, far apart: page numbers without a word. */
function numberedPages(lines: readonly Line[], multiPage: boolean): Set<Line> {
  const numbers = lines.filter((line) => BARE_NUMBER.test(line.text) && (!multiPage || line.edge));
  const chain = new Array<number>(numbers.length).fill(1);
  const previous = new Array<number>(numbers.length).fill(-1);
  numbers.forEach((line, i) => {
    const value = Number(line.text);
    for (let j = i - 1; j >= 0; j--) {
      if (Number(numbers[j].text) === value - 1 && line.start - numbers[j].end >= MIN_PAGE_GAP) {
        chain[i] = chain[j] + 1;
        previous[i] = j;
        break;
      }
    }
  });
  const found = new Set<Line>();
  for (let i = numbers.length - 1; i >= 0; i--) {
    if (chain[i] < MIN_PAGE_CHAIN || found.has(numbers[i])) continue;
    for (let j = i; j >= 0; j = previous[j]) found.add(numbers[j]);
  }
  return found;
}

/** Lines repeated at the edges of a good share of the pages. */
function runningAtEdges(lines: readonly Line[], pageCount: number, options: BoilerplateOptions): Set<string> {
  const pagesOf = new Map<string, Set<number>>();
  for (const line of lines) {
    if (!line.edge || line.text.length > MAX_RUNNING_CHARS || CONTENT_LIKE.some((pattern) => pattern.test(line.text))) continue;
    const pages = pagesOf.get(line.key) ?? new Set<number>();
    pages.add(line.page);
    pagesOf.set(line.key, pages);
  }
  const needed = Math.max(2, Math.ceil(options.minShare * pageCount));
  return new Set([...pagesOf].filter(([key, pages]) => pages.size >= needed && letters(key) >= MIN_RUNNING_LETTERS).map(([key]) => key));
}

/** Lines repeated through a text without pages, as whole lines, far apart. */
function runningInStream(lines: readonly Line[], options: BoilerplateOptions): Set<string> {
  const occurrences = new Map<string, Line[]>();
  for (const line of lines) {
    if (line.text.length > MAX_RUNNING_CHARS || letters(line.text) < 2 * MIN_RUNNING_LETTERS || CONTENT_LIKE.some((pattern) => pattern.test(line.text))) continue;
    const list = occurrences.get(line.key) ?? [];
    list.push(line);
    occurrences.set(line.key, list);
  }
  const keys = new Set<string>();
  for (const [key, list] of occurrences) {
    if (list.length < options.minRepeats) continue;
    // Some pages are short (a cover, a schedule): the typical gap is what tells pages from a repeated clause.
    const gaps = list.slice(1).map((line, i) => line.start - list[i].end).sort((a, b) => a - b);
    if (gaps[Math.floor(gaps.length / 2)] >= options.minGap) keys.add(key);
  }
  return keys;
}

/**
 * Repeated content is told from furniture by its form: a clause or list marker, a label introducing what follows,
 * a binding verb, a signature line, a sentence. (A short page is all edges; a form repeats its blocks.)
 */
const CONTENT_LIKE: readonly RegExp[] = [
  /^(?:\(?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]|[ivxlc]{1,6})[.)]|\d{1,3}(?:\.\d{1,3})+\s|(?:section|article|clause|sec\.|art\.)\s)/i,
  /:$/,
  /\b(?:shall|will|agrees?|agreed|hereby|must)\b/i,
  /^(?:by|name|title|date|signature)\s*:/i,
  /^(?:\S+\s+){5,}\S*[.;]$/,
];

const isLegend = (line: Line): boolean => line.text.length <= MAX_LEGEND_CHARS && !BINDING.test(line.text) && LEGENDS.some((pattern) => pattern.test(line.text));

/**
 * Finds the page furniture of a document's canonical text: page numbers ("Page 4 of 17", "- 4 -", "4" when the
 * numbers count up through the pages), running headers and footers (a line repeated, digits aside, at the top or
 * bottom of a good share of the pages; without pages, a line repeated through the text, typically far apart) and legends
 * (a confidential-treatment or confidentiality notice that recurs or sits at a page's edge). Whole lines only,
 * sorted by offset; the text is not changed.
 */
export function detectBoilerplate(text: string, pages: readonly PageSpan[], options: Partial<BoilerplateOptions> = {}): BoilerplateSpan[] {
  const opts: BoilerplateOptions = { ...DEFAULT_BOILERPLATE_OPTIONS, ...options };
  const multiPage = pages.filter((page) => page.end > page.start).length >= opts.minPages;
  // Without pages the text is one page: its first and last lines are its edges.
  const lines = linesOf(text, multiPage ? pages : [{ page: 1, start: 0, end: text.length }], opts.edgeLines);
  const numbered = numberedPages(lines, multiPage);
  const running = multiPage ? runningAtEdges(lines, pages.length, opts) : runningInStream(lines, opts);
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.key, (counts.get(line.key) ?? 0) + 1);

  const spans: BoilerplateSpan[] = [];
  for (const line of lines) {
    let kind: BoilerplateKind | undefined;
    if (numbered.has(line) || PAGE_NUMBER.some((pattern) => pattern.test(line.text))) kind = 'page-number';
    else if (isLegend(line) && (line.edge || (counts.get(line.key) ?? 0) >= 2)) kind = 'legend';
    else if (running.has(line.key) && (!multiPage || line.edge)) kind = 'running';
    if (kind !== undefined) spans.push({ start: line.start, end: line.end, kind });
  }
  return spans;
}

/** Whether [start, end) overlaps one of the sorted, disjoint spans. */
export function overlapsAny(spans: readonly TextSpan[], start: number, end: number): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spans[mid].end <= start) low = mid + 1;
    else high = mid;
  }
  return low < spans.length && spans[low].start < end;
}

/** The parts of [start, end) outside the sorted, disjoint spans, in order. */
export function outsideSpans(spans: readonly TextSpan[], start: number, end: number): TextSpan[] {
  const parts: TextSpan[] = [];
  let from = start;
  for (const span of spans) {
    if (span.end <= from) continue;
    if (span.start >= end) break;
    if (span.start > from) parts.push({ start: from, end: span.start });
    from = Math.max(from, span.end);
  }
  if (from < end) parts.push({ start: from, end });
  return parts;
}
