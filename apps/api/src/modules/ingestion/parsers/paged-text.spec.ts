import { PagedTextBuilder, pageMapProblem, tidyLines } from './paged-text';
import { PAGE_SEPARATOR } from './parser.types';

describe(PagedTextBuilder.name, () => {
  it('joins pages with the separator, which ends the page before it', () => {
    const builder = new PagedTextBuilder(1_000);
    builder.addPage('First page.');
    builder.addPage('', true);
    builder.addPage('Third page.');
    const parsed = builder.build();
    expect(parsed.text).toBe(`First page.${PAGE_SEPARATOR}${PAGE_SEPARATOR}Third page.`);
    expect(parsed.pages).toEqual([
      { page: 1, start: 0, end: 13, ocr: false },
      { page: 2, start: 13, end: 15, ocr: true },
      { page: 3, start: 15, end: 26, ocr: false },
    ]);
    expect(parsed.report).toEqual({ pages: 3, pagesOcr: 1, pagesWithoutText: 1, characters: 26, tables: 0 });
    expect(pageMapProblem(parsed)).toBeUndefined();
  });

  it('refuses text past the character limit, separators included', () => {
    const builder = new PagedTextBuilder(10);
    builder.addPage('12345');
    builder.addPage('123');
    expect(() => builder.addPage('x')).toThrow('The document has more text than can be processed (over 10 characters).');
  });
});

describe(pageMapProblem.name, () => {
  const report = { pages: 2, pagesOcr: 0, pagesWithoutText: 0, characters: 6, tables: 0 };

  it('finds a gap, an overlap, a wrong number and a short last page', () => {
    const text = 'ab\n\ncd';
    expect(pageMapProblem({ text, report, pages: [{ page: 1, start: 0, end: 3, ocr: false }, { page: 2, start: 4, end: 6, ocr: false }] })).toBe(
      'page 2 does not start where page 1 ends',
    );
    expect(pageMapProblem({ text, report, pages: [{ page: 1, start: 0, end: 4, ocr: false }, { page: 3, start: 4, end: 6, ocr: false }] })).toBe(
      'page 2 is numbered 3',
    );
    expect(pageMapProblem({ text, report, pages: [{ page: 1, start: 0, end: 4, ocr: false }, { page: 2, start: 4, end: 5, ocr: false }] })).toBe(
      'the last page does not end at the end of the text',
    );
  });
});

describe(tidyLines.name, () => {
  it('drops trailing spaces, outer blank lines and runs of blank lines, keeping indentation', () => {
    expect(tidyLines('\n \n  Indented  \n\n\n\nNext \t\n\n')).toBe('  Indented\n\nNext');
  });
});
