import { PagedTextBuilder } from './paged-text';
import { type DocumentParser, type ParsedDocument, type ParseOptions, resolveLimits } from './parser.types';
import { decodeText } from './text-decoding';

/** TXT and Markdown: the decoded text unchanged, as one page. */
export class PlainTextParser implements DocumentParser {
  parse(input: Buffer, options: ParseOptions): Promise<ParsedDocument> {
    const builder = new PagedTextBuilder(resolveLimits(options).maxCharacters);
    builder.addPage(decodeText(input));
    return Promise.resolve(builder.build());
  }
}
