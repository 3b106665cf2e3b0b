import { PageMap, type PageSpan } from './page-map';

/** A cited passage: `quote === text.slice(start, end)` for the document's canonical text, on `page`. */
export interface Citation {
  documentId: string;
  file: string;
  page: number;
  start: number;
  end: number;
  quote: string;
}

/**
 * A document, or a passage of one, as citations need it: its text and page map. `text` begins at offset
 * `textStart` of the canonical text (0 for a whole document), so citation offsets are always canonical ones.
 */
export interface CitableDocument {
  id: string;
  file: string;
  text: string;
  textStart: number;
  pages: PageMap;
}

/** A whole document with its page map built once, ready to cite from. */
export function citableDocument(source: { id: string; file: string; text: string; pages: readonly PageSpan[] }): CitableDocument {
  return { id: source.id, file: source.file, text: source.text, textStart: 0, pages: new PageMap(source.pages) };
}

/**
 * Cites [start, end) of the canonical text; the quote is the text there. The page is the one holding `start`
 * (past the last page or in a gap, the last page begun before it; 1 without one) unless the caller names it.
 */
export function cite(document: CitableDocument, start: number, end: number, page: number = document.pages.pageAtOrBefore(start) ?? 1): Citation {
  const quote = document.text.slice(start - document.textStart, end - document.textStart);
  return { documentId: document.id, file: document.file, page, start, end, quote };
}
