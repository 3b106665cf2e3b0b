import { escapeInline, shorten } from './markdown';
import { cite, citableDocument, type CitableDocument } from '../citations/citation';
import type { ReportCitation, ReportSource } from './types';

const SOURCE_QUOTE_CHARS = 300;

function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && /\s/.test(ch);
}

/**
 * Collects the passages a report cites and numbers them in order of first use; citing the same passage again
 * returns its number. Offsets are trimmed of surrounding whitespace, so every quote is an exact slice.
 */
export class CitationRegistry {
  private readonly list: ReportCitation[] = [];
  private readonly index = new Map<string, number>();
  /** Each source's page map, built on its first citation. */
  private readonly documents = new Map<ReportSource, CitableDocument>();

  cite(source: ReportSource, start: number, end: number): number {
    let s = Math.max(0, start);
    let e = Math.min(source.text.length, end);
    while (s < e && isSpace(source.text[s])) s++;
    while (e > s && isSpace(source.text[e - 1])) e--;
    if (e <= s) throw new Error(`Empty citation in ${source.file} at ${start}`);
    const key = `${source.id}\u0000${s}\u0000${e}`;
    const known = this.index.get(key);
    if (known !== undefined) return known;
    let document = this.documents.get(source);
    if (document === undefined) {
      document = citableDocument(source);
      this.documents.set(source, document);
    }
    this.list.push(cite(document, s, e));
    this.index.set(key, this.list.length);
    return this.list.length;
  }

  /** The marker for a passage, e.g. "[3]". */
  marker(source: ReportSource, start: number, end: number): string {
    return `[${this.cite(source, start, end)}]`;
  }

  get citations(): ReportCitation[] {
    return this.list.map((c) => ({ ...c }));
  }

  /** The closing "## Sources" section: each marker with its file, page and (shortened) quote. */
  sourcesSection(): string {
    const lines = ['## Sources', ''];
    if (this.list.length === 0) lines.push('No passages are cited.');
    this.list.forEach((c, i) => lines.push(`- [${i + 1}] ${escapeInline(c.file)}, page ${c.page}: “${escapeInline(shorten(c.quote, SOURCE_QUOTE_CHARS))}”`));
    return lines.join('\n');
  }
}
