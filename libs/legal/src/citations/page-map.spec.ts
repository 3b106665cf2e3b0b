import { PageMap, type PageSpan } from './page-map';

/** The answers of a straight scan over the spans, to check the binary search against. */
function scan(pages: readonly PageSpan[], offset: number): { holding: number | undefined; atOrBefore: number | undefined } {
  const holding = pages.find((p) => p.start <= offset && offset < p.end)?.page;
  const started = pages.filter((p) => p.start <= offset);
  const last = started.length > 0 ? started.reduce((a, b) => (b.start >= a.start ? b : a)) : undefined;
  return { holding, atOrBefore: holding ?? last?.page };
}

describe(PageMap.name, () => {
  const twoPages: PageSpan[] = [
    { page: 1, start: 0, end: 100 },
    { page: 2, start: 100, end: 250 },
  ];

  it('names the page holding an offset, an offset at a page break belonging to the page it starts', () => {
    const map = new PageMap(twoPages);
    expect([0, 1, 99, 100, 101, 249].map((offset) => map.pageHolding(offset))).toEqual([1, 1, 1, 2, 2, 2]);
    expect([0, 99, 100, 249].map((offset) => map.pageAtOrBefore(offset))).toEqual([1, 1, 2, 2]);
  });

  it('holds no page past the last one, but the last page started is the page at or before it', () => {
    const map = new PageMap(twoPages);
    expect([250, 251, 400].map((offset) => map.pageHolding(offset))).toEqual([undefined, undefined, undefined]);
    expect([250, 251, 400].map((offset) => map.pageAtOrBefore(offset))).toEqual([2, 2, 2]);
  });

  it('has no page before the first one, for a negative offset or for one that is not a number', () => {
    const map = new PageMap([{ page: 1, start: 10, end: 20 }]);
    for (const offset of [0, 9, -1, Number.NaN]) {
      expect(map.pageHolding(offset)).toBeUndefined();
      expect(map.pageAtOrBefore(offset)).toBeUndefined();
    }
    expect(map.firstPage).toBe(1);
  });

  it('has no page at all without spans', () => {
    const map = new PageMap([]);
    expect([map.pageHolding(0), map.pageAtOrBefore(0), map.pageAtOrBefore(10), map.firstPage]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('gives an offset in a gap between pages to the page before it, but no page holds it', () => {
    const map = new PageMap([
      { page: 1, start: 0, end: 10 },
      { page: 2, start: 20, end: 30 },
    ]);
    expect([map.pageHolding(15), map.pageAtOrBefore(15), map.pageAtOrBefore(20)]).toEqual([undefined, 1, 2]);
  });

  it('takes spans in any order and numbers the first page by position, not by number', () => {
    const map = new PageMap([...twoPages].reverse());
    expect([0, 99, 100, 300].map((offset) => map.pageAtOrBefore(offset))).toEqual([1, 1, 2, 2]);
    expect(new PageMap([{ page: 4, start: 50, end: 60 }, { page: 3, start: 0, end: 50 }]).firstPage).toBe(3);
  });

  it('never names an empty page for an offset that a page with text holds, in whichever order they come', () => {
    const blank = { page: 2, start: 10, end: 10 };
    const after = { page: 3, start: 10, end: 20 };
    for (const pages of [[{ page: 1, start: 0, end: 10 }, blank, after], [after, blank, { page: 1, start: 0, end: 10 }]]) {
      const map = new PageMap(pages);
      expect([9, 10, 19].map((offset) => map.pageHolding(offset))).toEqual([1, 3, 3]);
    }
    // An empty last page (a blank last page of a PDF) holds nothing, but is the page at or past the end.
    const trailing = new PageMap([{ page: 1, start: 0, end: 10 }, blank]);
    expect([trailing.pageHolding(10), trailing.pageAtOrBefore(10), trailing.pageAtOrBefore(99)]).toEqual([undefined, 2, 2]);
  });

  it('agrees with a straight scan at every offset of a long document with uneven and empty pages', () => {
    const pages: PageSpan[] = [];
    let start = 0;
    for (let page = 1; page <= 97; page++) {
      const length = page % 11 === 0 ? 0 : 1 + ((page * 37) % 53);
      pages.push({ page, start, end: start + length });
      start += length;
    }
    const map = new PageMap(pages);
    for (let offset = -2; offset <= start + 2; offset++) {
      expect({ offset, holding: map.pageHolding(offset), atOrBefore: map.pageAtOrBefore(offset) }).toEqual({ offset, ...scan(pages, offset) });
    }
  });
});
