import { DocxParser } from './docx.parser';
import { EmlParser } from './eml.parser';
import { HtmlParser } from './html.parser';
import { ImageParser } from './image.parser';
import { ParseError, toParseError } from '@api/modules/common/parse-error';
import type { DocumentParser, DocumentType, ParsedDocument, ParseOptions } from './parser.types';
import { PdfParser } from './pdf.parser';
import { PlainTextParser } from './plain-text.parser';

const PARSERS: Record<DocumentType, DocumentParser> = {
  pdf: new PdfParser(),
  docx: new DocxParser(),
  txt: new PlainTextParser(),
  markdown: new PlainTextParser(),
  html: new HtmlParser(),
  eml: new EmlParser(),
  png: new ImageParser('png'),
  jpeg: new ImageParser('jpeg'),
  tiff: new ImageParser('tiff'),
};

export function parserFor(type: DocumentType): DocumentParser {
  return PARSERS[type];
}

/**
 * Parses in the calling thread. Every failure is a ParseError; prefer ParserPool, which also
 * bounds the memory and time a hostile file can take.
 */
export async function parseDocument(type: DocumentType, input: Buffer, options: ParseOptions = {}): Promise<ParsedDocument> {
  if (!Object.hasOwn(PARSERS, type)) throw new ParseError('unsupported');
  if (input.length === 0) throw ParseError.damaged('empty file');
  try {
    return await PARSERS[type].parse(input, options);
  } catch (error) {
    throw toParseError(error);
  }
}
