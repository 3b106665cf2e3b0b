import type { TextSpan } from '../text/sentences';

/** Where a quote was found: at the offsets claimed for it, or `relocated` to where it really is. */
export interface QuoteLocation extends TextSpan {
  relocated: boolean;
}

/** Characters either side of the claimed span searched first when a quote is not at its offsets. */
export const RELOCATION_WINDOW = 2000;

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
  find(quote: string): TextSpan[] {
    const needle = normalizeWhitespace(quote);
    if (needle === '') return [];
    const spans: TextSpan[] = [];
    for (let at = this.text.indexOf(needle); at !== -1; at = this.text.indexOf(needle, at + 1)) {
      spans.push({ start: this.origin[at] as number, end: (this.origin[at + needle.length - 1] as number) + 1 });
    }
    return spans;
  }
}

function nearest(spans: TextSpan[], to: number | null): TextSpan | null {
  if (spans.length === 0) return null;
  // Stryker disable next-line ConditionalExpression: without it the reduce below also picks the first span (distance to 0).
  if (to === null) return spans[0] as TextSpan;
  return spans.reduce((best, span) => (Math.abs(span.start - to) < Math.abs(best.start - to) ? span : best));
}

/**
 * Whether the text at `span` reads as the quote, whitespace aside. Offsets must be whole and inside the text;
 * a reversed or empty span slices to '', which no (non-empty) quote equals.
 */
export function quotedAt(text: string, quote: string, span: TextSpan): boolean {
  const { start, end } = span;
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= text.length)) return false;
  return normalizeWhitespace(text.slice(start, end)) === normalizeWhitespace(quote);
}

/**
 * Finds a quote in a text: near `around` first (within the relocation window), then anywhere, the
 * occurrence closest to `around` winning. Whitespace differences are ignored; nothing else is.
 */
export function locateQuote(text: string, quote: string, around: TextSpan | null = null, whole?: CollapsedText): TextSpan | null {
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
 * Checks a quote against the text it claims to come from: at the claimed offsets when the text there reads the
 * same, else where it really occurs (nearest the claim); null when it does not occur. `whole` supplies a cached
 * collapsed view of the entire text, asked for only when the quote has to be searched for.
 */
export function verifyQuote(text: string, quote: string, claimed: TextSpan, whole?: () => CollapsedText): QuoteLocation | null {
  if (quotedAt(text, quote, claimed)) return { start: claimed.start, end: claimed.end, relocated: false };
  const found = locateQuote(text, quote, claimed, whole?.());
  return found ? { start: found.start, end: found.end, relocated: true } : null;
}
