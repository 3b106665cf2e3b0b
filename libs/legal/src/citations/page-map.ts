/** A page of the canonical text: [start, end) offsets, 1-based page number. */
export interface PageSpan {
  page: number;
  start: number;
  end: number;
}

/**
 * Where a document's pages lie in its canonical text, sorted once so that the page of an offset is a binary
 * search. Spans may come in any order and leave gaps, but must not overlap (ingestion lays them end to end).
 */
export class PageMap {
  private readonly spans: readonly PageSpan[];

  constructor(pages: readonly PageSpan[]) {
    // Among spans starting at the same offset an empty one sorts first, so the one that can hold text is found last.
    this.spans = [...pages].sort((a, b) => a.start - b.start || a.end - b.end);
  }

  /** The page numbered first in reading order; undefined without pages. */
  get firstPage(): number | undefined {
    return this.spans.length > 0 ? this.spans[0].page : undefined;
  }

  /** The page whose span holds `offset` (start <= offset < end); undefined in a gap, outside the pages or without any. */
  pageHolding(offset: number): number | undefined {
    const at = this.lastStartingAtOrBefore(offset);
    return at >= 0 && offset < this.spans[at].end ? this.spans[at].page : undefined;
  }

  /** The page holding `offset`, else the last page that starts before it (a gap, or past the last page); undefined before the first page. */
  pageAtOrBefore(offset: number): number | undefined {
    const at = this.lastStartingAtOrBefore(offset);
    return at >= 0 ? this.spans[at].page : undefined;
  }

  /** Index of the last span that starts at or before `offset`, or -1: the one offset-to-page search. */
  private lastStartingAtOrBefore(offset: number): number {
    let lo = 0;
    let hi = this.spans.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.spans[mid].start <= offset) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}
