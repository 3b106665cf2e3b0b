import { Injectable } from '@nestjs/common';
import { Citation } from './llm.types';

/** A citation whose quote was found in the document's canonical text at [start, end). */
export interface CheckedCitation extends Citation {
  /** True when the offsets given were wrong and the quote was found elsewhere in the document. */
  relocated: boolean;
}

export interface InvalidCitation {
  citation: Citation;
  reason: string;
}

export interface CitationCheck {
  valid: CheckedCitation[];
  invalid: InvalidCitation[];
}

export interface CitationCheckOptions {
  /**
   * The page of an offset, so a citation names the page its quote is really on: a passage is named by its
   * first page, and a quote from further into a passage that runs over a page break is on a later one.
   */
  pageOf?: (documentId: string, offset: number) => number | undefined;
}

export interface Span {
  start: number;
  end: number;
}

/** Characters either side of the claimed span searched first when a quote is not at its offsets. */
export const RELOCATION_WINDOW = 2000;

/** Said under an answer or a report when quoted passages the model gave were not found and were removed. */
export function unsupportedNote(removed: number): string {
  return `Note: ${removed} quoted passage(s) could not be found in the documents and were removed; statements that relied on them are unsupported.`;
}

export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A whitespace-collapsed view of part of a text that maps each of its characters back to the original. */
export class CollapsedText {
  readonly text: string;
  private readonly origin: Uint32Array;

  constructor(source: string, from = 0, to = source.length) {
    // Stryker disable next-line ArithmeticOperator: only the buffer's size; it is cut to what was written below.
    const origin = new Uint32Array(Math.max(0, to - from));
    let out = '';
    let length = 0;
    // Stryker disable next-line BooleanLiteral: dropping a leading space changes no span find() returns (quotes are trimmed).
    let inSpace = false;
    for (let i = from; i < to; i++) {
      const char = source[i] as string;
      if (/\s/.test(char)) {
        if (inSpace) continue;
        inSpace = true;
        out += ' ';
      } else {
        inSpace = false;
        out += char;
      }
      origin[length++] = i;
    }
    this.text = out;
    this.origin = origin.subarray(0, length);
  }

  /** Every span of the original text whose whitespace-normalised form equals the normalised quote. */
  find(quote: string): Span[] {
    const needle = normalizeWhitespace(quote);
    if (needle === '') return [];
    const spans: Span[] = [];
    for (let at = this.text.indexOf(needle); at !== -1; at = this.text.indexOf(needle, at + 1)) {
      spans.push({ start: this.origin[at] as number, end: (this.origin[at + needle.length - 1] as number) + 1 });
    }
    return spans;
  }
}

function nearest(spans: Span[], to: number | null): Span | null {
  if (spans.length === 0) return null;
  // Stryker disable next-line ConditionalExpression: without it the reduce below also picks the first span (distance to 0).
  if (to === null) return spans[0] as Span;
  return spans.reduce((best, span) => (Math.abs(span.start - to) < Math.abs(best.start - to) ? span : best));
}

/** Whole offsets inside the text. A reversed or empty span slices to '', which no (non-empty) quote equals. */
function offsetsUsable(citation: Citation, length: number): boolean {
  const { start, end } = citation;
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= length;
}

/**
 * Finds a quote in a text: near `around` first (within the relocation window), then anywhere, the
 * occurrence closest to `around` winning. Whitespace differences are ignored; nothing else is.
 */
export function locateQuote(text: string, quote: string, around: Span | null = null, whole?: CollapsedText): Span | null {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; find() returns no span for an empty quote either.
  if (normalizeWhitespace(quote) === '') return null;
  const hint = around && Number.isFinite(around.start) ? around.start : null;
  if (around && Number.isFinite(around.start) && Number.isFinite(around.end)) {
    const from = Math.max(0, Math.min(text.length, Math.floor(around.start) - RELOCATION_WINDOW));
    const to = Math.min(text.length, Math.max(from, Math.ceil(around.end) + RELOCATION_WINDOW));
    const found = nearest(new CollapsedText(text, from, to).find(quote), hint);
    if (found) return found;
  }
  return nearest((whole ?? new CollapsedText(text)).find(quote), hint);
}

/**
 * Checks that every cited quote is really in the cited document, at the cited offsets or nearby. A kept
 * citation's quote is the document's text at its offsets, so whitespace the model changed is shown as stored.
 */
@Injectable()
export class CitationChecker {
  check(citations: Citation[], textOf: (documentId: string) => string | undefined, options: CitationCheckOptions = {}): CitationCheck {
    const valid: CheckedCitation[] = [];
    const invalid: InvalidCitation[] = [];
    const collapsed = new Map<string, CollapsedText>();
    for (const citation of citations) {
      const text = textOf(citation.documentId);
      if (text === undefined) {
        invalid.push({ citation, reason: 'The cited document is not available.' });
        continue;
      }
      const quote = normalizeWhitespace(citation.quote);
      if (quote === '') {
        invalid.push({ citation, reason: 'The citation has no quoted text.' });
        continue;
      }
      if (offsetsUsable(citation, text.length) && normalizeWhitespace(text.slice(citation.start, citation.end)) === quote) {
        const page = options.pageOf?.(citation.documentId, citation.start) ?? citation.page;
        valid.push({ ...citation, page, quote: text.slice(citation.start, citation.end), relocated: false });
        continue;
      }
      let whole = collapsed.get(citation.documentId);
      // Stryker disable next-line all: a cache of each document's collapsed view; without it locateQuote builds its own.
      if (!whole) {
        whole = new CollapsedText(text);
        collapsed.set(citation.documentId, whole);
      }
      const span = locateQuote(text, quote, citation, whole);
      if (!span) {
        invalid.push({ citation, reason: 'The quoted text does not occur in the document.' });
        continue;
      }
      const page = options.pageOf?.(citation.documentId, span.start) ?? citation.page;
      valid.push({ ...citation, start: span.start, end: span.end, page, quote: text.slice(span.start, span.end), relocated: true });
    }
    return { valid, invalid };
  }
}
