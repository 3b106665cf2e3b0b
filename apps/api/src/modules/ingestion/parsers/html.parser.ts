import { htmlToText } from './html-to-text';
import { PagedTextBuilder } from './paged-text';
import { type DocumentParser, type ParsedDocument, type ParseOptions, resolveLimits } from './parser.types';
import { decodeText } from './text-decoding';

/** HTML: the visible text as one page (see htmlToText). */
export class HtmlParser implements DocumentParser {
  parse(input: Buffer, options: ParseOptions): Promise<ParsedDocument> {
    const { maxCharacters } = resolveLimits(options);
    const { text, tables } = htmlToText(decodeText(input), maxCharacters);
    const builder = new PagedTextBuilder(maxCharacters);
    builder.addPage(text);
    builder.countTables(tables);
    return Promise.resolve(builder.build());
  }
}
