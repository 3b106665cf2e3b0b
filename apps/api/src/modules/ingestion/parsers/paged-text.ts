import { ParseError } from '@api/modules/common/parse-error';
import { PAGE_SEPARATOR, type PageSpan, type ParsedDocument } from './parser.types';

interface PendingPage {
  text: string;
  ocr: boolean;
}

/** Collects page texts and produces the canonical text with an exact page map. */
export class PagedTextBuilder {
  private readonly pending: PendingPage[] = [];
  private characters = 0;
  private tables = 0;

  constructor(private readonly maxCharacters: number) {}

  addPage(text: string, ocr = false): void {
    this.characters += text.length + (this.pending.length > 0 ? PAGE_SEPARATOR.length : 0);
    if (this.characters > this.maxCharacters) {
      throw new ParseError(
        'too-large',
        `The document has more text than can be processed (over ${this.maxCharacters.toLocaleString('en-US')} characters).`,
      );
    }
    this.pending.push({ text, ocr });
  }

  countTables(count: number): void {
    this.tables += count;
  }

  get pageCount(): number {
    return this.pending.length;
  }

  build(): ParsedDocument {
    const pages: PageSpan[] = [];
    const parts: string[] = [];
    let offset = 0;
    let pagesOcr = 0;
    let pagesWithoutText = 0;
    this.pending.forEach((page, index) => {
      const last = index === this.pending.length - 1;
      const piece = last ? page.text : page.text + PAGE_SEPARATOR;
      parts.push(piece);
      pages.push({ page: index + 1, start: offset, end: offset + piece.length, ocr: page.ocr });
      offset += piece.length;
      if (page.ocr) pagesOcr += 1;
      if (!/\S/.test(page.text)) pagesWithoutText += 1;
    });
    const text = parts.join('');
    return {
      text,
      pages,
      report: { pages: pages.length, pagesOcr, pagesWithoutText, characters: text.length, tables: this.tables },
    };
  }
}

/** Trailing spaces removed from every line, at most one blank line in a row, no outer blank lines. */
export function tidyLines(text: string): string {
  return text
    .replace(/[^\S\n]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\s*\n/, '')
    .replace(/\s+$/, '');
}

/** Why a page map does not cover its text exactly (contiguous, ordered, numbered from 1), if it does not. */
export function pageMapProblem(document: ParsedDocument): string | undefined {
  const { text, pages } = document;
  if (pages.length === 0) return 'no pages';
  if (pages[0].start !== 0) return 'the first page does not start at 0';
  for (const [index, page] of pages.entries()) {
    if (page.page !== index + 1) return `page ${index + 1} is numbered ${page.page}`;
    if (page.end < page.start) return `page ${page.page} ends before it starts`;
    if (index > 0 && page.start !== pages[index - 1].end) return `page ${page.page} does not start where page ${page.page - 1} ends`;
  }
  if (pages[pages.length - 1].end !== text.length) return 'the last page does not end at the end of the text';
  return undefined;
}
