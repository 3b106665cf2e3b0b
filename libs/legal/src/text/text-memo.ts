import { createHash } from 'node:crypto';
import { BoundedLru } from './bounded-lru';

/** The last text digested and its digest: the memos of one answer look up the same contract one after another. */
let lastDigested: { text: string; digest: string } | undefined;

/** A digest of the text (SHA-256), with which two different texts are never taken for one. */
function digestOf(text: string): string {
  if (lastDigested?.text !== text) lastDigested = { text, digest: createHash('sha256').update(text).digest('base64') };
  return lastDigested.digest;
}

const itself = (text: string): string => text;

/**
 * What a pure function made of a text, kept for the next call with the same text: answering reads the same
 * passages and the same contracts again question after question. Keyed by the text itself (not by a document id),
 * so a text that changed is never given another's result. At most `maxUnits` characters of texts are kept, the least
 * recently used dropped first (to within half of the entries: BoundedLru's `lazy`); a text longer than that is never
 * kept. Given a digest as `keyOf` (see `DigestMemo`), it keeps at most `maxUnits` results instead.
 */
export class TextMemo<T> {
  private readonly values: BoundedLru<string, T>;

  constructor(
    private readonly compute: (text: string) => T,
    maxUnits: number,
    private readonly keyOf: (text: string) => string = itself,
  ) {
    // Keyed by the text, a memo is bounded by the characters it keeps; keyed by a digest, by the results.
    this.values = new BoundedLru<string, T>(maxUnits, keyOf === itself ? { weigh: (text) => text.length, lazy: true } : { lazy: true });
  }

  get(text: string): T {
    const key = this.keyOf(text);
    const held = this.values.entry(key);
    if (held !== undefined) return held.value;
    const value = this.compute(text);
    this.values.set(key, value);
    return value;
  }

  /** Keeps at most `maxUnits` (characters of texts, or results) from now on, the least recently used dropped first. */
  resize(maxUnits: number): void {
    this.values.resize(maxUnits);
  }

  /** Characters of the texts kept, or results kept. */
  get size(): number {
    return this.values.weight;
  }
}

/**
 * What a pure function made of a long text, when that is small: kept under a digest of the text instead of the text
 * itself, so that the results of thousands of contracts (their title, parties, dates, term) are kept in the memory
 * a few of their texts would take, and a text that changed is never given another's result. At most `maxEntries`
 * results are kept, the least recently used dropped first.
 */
export class DigestMemo<T> extends TextMemo<T> {
  constructor(compute: (text: string) => T, maxEntries: number) {
    super(compute, maxEntries, digestOf);
  }
}
