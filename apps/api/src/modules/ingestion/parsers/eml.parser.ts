import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { htmlToText } from './html-to-text';
import { PagedTextBuilder, tidyLines } from './paged-text';
import { ParseError } from '@api/modules/common/parse-error';
import { type DocumentParser, type ParsedDocument, type ParseOptions, resolveLimits } from './parser.types';

function addresses(value: AddressObject | AddressObject[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = (Array.isArray(value) ? value : [value]).map((address) => address.text).filter((part) => part !== '').join(', ');
  return text === '' ? undefined : text;
}

/** The Date header as written, so the text shows what the sender's message said. */
function rawHeader(mail: ParsedMail, key: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === key)?.line;
  if (line === undefined) return undefined;
  const value = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
  return value === '' ? undefined : value;
}

/**
 * An e-mail: the From, To, Cc, Date and Subject headers, a blank line, the body (the plain-text
 * part, else the HTML part as text), then the names of the attachments. One page.
 */
export class EmlParser implements DocumentParser {
  async parse(input: Buffer, options: ParseOptions): Promise<ParsedDocument> {
    const { maxCharacters } = resolveLimits(options);
    let mail: ParsedMail;
    try {
      mail = await simpleParser(input, {
        skipHtmlToText: true,
        skipImageLinks: true,
        skipTextToHtml: true,
        skipTextLinks: true,
      });
    } catch (error) {
      throw ParseError.damaged(`eml: ${(error as Error).message}`);
    }

    const headers: [string, string | undefined][] = [
      ['From', addresses(mail.from)],
      ['To', addresses(mail.to)],
      ['Cc', addresses(mail.cc)],
      ['Date', rawHeader(mail, 'date')],
      ['Subject', mail.subject?.trim() || undefined],
    ];
    const headerText = headers
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');

    let tables = 0;
    let body = (mail.text ?? '').replace(/\r\n?/g, '\n');
    if (body.trim() === '' && typeof mail.html === 'string') {
      const converted = htmlToText(mail.html, maxCharacters);
      body = converted.text;
      tables = converted.tables;
    }

    const attachmentNames = mail.attachments.map((attachment) => attachment.filename ?? `unnamed ${attachment.contentType}`);
    const sections = [headerText, tidyLines(body)];
    if (attachmentNames.length > 0) sections.push(['Attachments:', ...attachmentNames.map((name) => `- ${name}`)].join('\n'));

    const builder = new PagedTextBuilder(maxCharacters);
    builder.addPage(sections.filter((section) => section !== '').join('\n\n'));
    builder.countTables(tables);
    return builder.build();
  }
}
