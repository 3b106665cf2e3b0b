import { cite, citableDocument } from './citation';
import { PageMap } from './page-map';

const TEXT = 'Page one ends here. Page two begins here and ends. Page three.';
const PAGE_TWO = TEXT.indexOf('Page two');
const PAGE_THREE = TEXT.indexOf('Page three');
const PAGES = [
  { page: 1, start: 0, end: PAGE_TWO },
  { page: 2, start: PAGE_TWO, end: PAGE_THREE },
  { page: 3, start: PAGE_THREE, end: TEXT.length },
];

describe('cite', () => {
  const document = citableDocument({ id: 'doc-1', file: 'msa.pdf', text: TEXT, pages: PAGES });

  it('quotes the text at its offsets and names the document, the file and the page', () => {
    const start = TEXT.indexOf('begins');
    expect(cite(document, start, start + 6)).toEqual({ documentId: 'doc-1', file: 'msa.pdf', page: 2, start, end: start + 6, quote: 'begins' });
  });

  it('puts a quote on the page its first character is on, at a page break too', () => {
    expect(cite(document, PAGE_TWO, PAGE_TWO + 8)).toMatchObject({ page: 2, quote: 'Page two' });
    expect(cite(document, PAGE_TWO - 6, PAGE_TWO + 4)).toMatchObject({ page: 1, quote: 'here. Page' });
    expect(cite(document, PAGE_THREE - 1, TEXT.length).page).toBe(2);
  });

  it('keeps `quote === text.slice(start, end)` at every pair of offsets', () => {
    for (let start = 0; start < TEXT.length; start += 3) {
      for (let end = start; end <= TEXT.length; end += 5) expect(cite(document, start, end).quote).toBe(TEXT.slice(start, end));
    }
  });

  it('names the last page past the end of the pages, page 1 without pages, and the page the caller gives', () => {
    const short = citableDocument({ id: 'd', file: 'f', text: TEXT, pages: PAGES.slice(0, 2) });
    expect(cite(short, PAGE_THREE, TEXT.length).page).toBe(2);
    expect(cite(citableDocument({ id: 'd', file: 'f', text: TEXT, pages: [] }), PAGE_THREE, TEXT.length).page).toBe(1);
    expect(cite(document, 0, 4, 7).page).toBe(7);
  });

  it('names the page holding a quote\'s start, the last page started past the end, and page 1 without pages', () => {
    const text = 'x'.repeat(500);
    const twoPages = citableDocument({ id: 'd', file: 'f', text, pages: [{ page: 1, start: 0, end: 100 }, { page: 2, start: 100, end: 250 }] });
    expect([0, 99, 100, 249, 400].map((offset) => cite(twoPages, offset, offset + 1).page)).toEqual([1, 1, 2, 2, 2]);
    expect(cite(citableDocument({ id: 'd', file: 'f', text, pages: [] }), 10, 11).page).toBe(1);
  });

  it('cites from a passage with canonical offsets', () => {
    const passage = { id: 'doc-1', file: 'msa.pdf', text: TEXT.slice(PAGE_TWO), textStart: PAGE_TWO, pages: new PageMap(PAGES) };
    const start = TEXT.indexOf('Page three');
    expect(cite(passage, start, TEXT.length)).toEqual({ documentId: 'doc-1', file: 'msa.pdf', page: 3, start, end: TEXT.length, quote: 'Page three.' });
  });
});
