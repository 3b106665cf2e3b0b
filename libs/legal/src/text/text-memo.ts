/**
 * What a pure function made of a text, kept for the next call with the same text: answering reads the same
 * passages and the same contracts again question after question. Keyed by the text itself (not by a document id),
 * so a text that changed is never given another's result. At most `maxChars` characters of texts are kept, the least
 * recently used dropped first; a text longer than that is never kept.
 */
export class TextMemo<T> {
  private readonly values = new Map<string, T>();
  private chars = 0;

  constructor(
    private readonly compute: (text: string) => T,
    private readonly maxChars: number,
  ) {}

  get(text: string): T {
    if (this.values.has(text)) {
      const kept = this.values.get(text) as T;
      // Most recently used goes last.
      this.values.delete(text);
      this.values.set(text, kept);
      return kept;
    }
    const value = this.compute(text);
    if (text.length > this.maxChars) return value;
    this.values.set(text, value);
    this.chars += text.length;
    for (const oldest of this.values.keys()) {
      if (this.chars <= this.maxChars) break;
      this.values.delete(oldest);
      this.chars -= oldest.length;
    }
    return value;
  }

  /** Characters of the texts kept. */
  get size(): number {
    return this.chars;
  }
}
