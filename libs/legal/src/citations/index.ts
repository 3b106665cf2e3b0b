export { PageMap, type PageSpan } from './page-map';
export { cite, citableDocument, type CitableDocument, type Citation } from './citation';
export { CollapsedText, locateQuote, normalizeWhitespace, quotedAt, RELOCATION_WINDOW, verifyQuote, type QuoteLocation } from './quote-location';
