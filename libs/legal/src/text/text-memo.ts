import { BoundedLru } from './bounded-lru';

/**
 * What a pure function made of a text, kept for the next call with the same text: answering reads the same
 * passages and the same contracts again question after question. Keyed by the text itself (not by a document id),
 * so a text that changed is never given another's result. At most `maxChars` characters of texts are kept, the least
 * recently used dropped first; a text longer than that is never kept.
 */
export class TextMemo<T> {
  private readonly values: BoundedLru<string, T>;

  constructor(
    private readonly compute: (text: string) => T,
    maxChars: number,
  ) {
    this.values = new BoundedLru<string, T>(maxChars, { weigh: (text) => text.length });
  }

  get(text: string): T {
    if (this.values.has(text)) return this.values.get(text) as T;
    const value = this.compute(text);
    this.values.set(text, value);
    return value;
  }

  /** Keeps at most `maxChars` characters of texts from now on, the least recently used dropped first. */
  resize(maxChars: number): void {
    this.values.resize(maxChars);
  }

  /** Characters of the texts kept. */
  get size(): number {
    return this.values.weight;
  }
}
