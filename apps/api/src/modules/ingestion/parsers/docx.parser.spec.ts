import {
  Document,
  FootnoteReferenceRun,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import JSZip from 'jszip';
import { writeDocx, writeZip } from './__fixtures__/zip-writer';
import { pageMapProblem } from './paged-text';
import { parseDocument } from './parser-registry';

function cell(text: string): TableCell {
  return new TableCell({ children: [new Paragraph(text)] });
}

async function serviceAgreement(): Promise<Buffer> {
  return Packer.toBuffer(
    new Document({
      footnotes: { 1: { children: [new Paragraph('As amended on the effective date.')] } },
      sections: [
        {
          children: [
            new Paragraph({ text: 'Master Services Agreement', heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ children: [new TextRun('The Provider shall deliver the Services.'), new FootnoteReferenceRun(1)] }),
            new Paragraph({ text: 'Deliver monthly reports', bullet: { level: 0 } }),
            new Paragraph({ text: 'Keep records for six years', bullet: { level: 0 } }),
            new Table({
              rows: [new TableRow({ children: [cell('Service'), cell('Fee')] }), new TableRow({ children: [cell('Support'), cell('USD 100')] })],
            }),
            new Paragraph({ children: [new PageBreak()] }),
            new Paragraph({ text: 'Schedule 1', heading: HeadingLevel.HEADING_2 }),
            new Paragraph('Payment is due within thirty days.'),
          ],
        },
      ],
    }),
  );
}

/** Rewrites the sizes a zip declares for one entry, in its local header and central directory. */
function declareUncompressedSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (let at = 0; at < patched.length - 4; at += 1) {
    const signature = patched.readUInt32LE(at);
    if (signature === 0x04034b50 && patched.subarray(at + 30, at + 30 + nameBytes.length).equals(nameBytes)) {
      patched.writeUInt32LE(size, at + 22);
    } else if (signature === 0x02014b50 && patched.subarray(at + 46, at + 46 + nameBytes.length).equals(nameBytes)) {
      patched.writeUInt32LE(size, at + 24);
    }
  }
  return patched;
}

describe('DocxParser', () => {
  it('keeps headings, paragraphs, bullets, table rows and footnotes, page breaks starting pages', async () => {
    const parsed = await parseDocument('docx', await serviceAgreement());
    const pageText = parsed.pages.map((page) => parsed.text.slice(page.start, page.end));
    expect(pageText).toEqual([
      [
        'Master Services Agreement',
        '',
        'The Provider shall deliver the Services.[1]',
        '',
        '- Deliver monthly reports',
        '- Keep records for six years',
        '',
        'Service | Fee',
        'Support | USD 100',
        '',
        '',
      ].join('\n'),
      ['Schedule 1', '', 'Payment is due within thirty days.', '', '[1] As amended on the effective date.'].join('\n'),
    ]);
    expect(parsed.report).toEqual({ pages: 2, pagesOcr: 0, pagesWithoutText: 0, characters: parsed.text.length, tables: 1 });
    expect(pageMapProblem(parsed)).toBeUndefined();
  });

  it('refuses a zip bomb by its declared sizes before inflating anything', async () => {
    const zip = new JSZip();
    const document = await JSZip.loadAsync(await serviceAgreement());
    for (const [name, entry] of Object.entries(document.files)) zip.file(name, await entry.async('nodebuffer'));
    zip.file('word/media/filler.bin', Buffer.alloc(4 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(100 * 1024);
    await expect(parseDocument('docx', bomb, { limits: { maxUncompressedBytes: 2 * 1024 * 1024 } })).rejects.toMatchObject({
      name: 'ParseError',
      code: 'too-large',
      message: 'This file expands to more than 2 MB when unpacked, so it was not processed.',
    });
  });

  it('refuses, with the default limits, a file declaring gigabytes of content', async () => {
    const declared = declareUncompressedSize(await serviceAgreement(), 'word/document.xml', 0x7fffffff);
    await expect(parseDocument('docx', declared)).rejects.toMatchObject({ code: 'too-large' });
  });

  it('refuses an entry that inflates past the size it declares', async () => {
    const zip = await JSZip.loadAsync(await serviceAgreement());
    const xml = await zip.file('word/document.xml')?.async('string');
    zip.file('word/document.xml', (xml ?? '').replace('</w:body>', `<!--${' '.repeat(8 * 1024 * 1024)}--></w:body>`));
    const lying = declareUncompressedSize(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), 'word/document.xml', 4096);
    await expect(parseDocument('docx', lying)).rejects.toMatchObject({
      code: 'too-large',
      message: 'This file expands to more data than it declares when unpacked, so it was not processed.',
    });
  });

  it('refuses an archive with too many entries', async () => {
    const zip = await JSZip.loadAsync(await serviceAgreement());
    for (let index = 0; index < 60; index += 1) zip.file(`customXml/item${index}.xml`, '<a/>');
    const crowded = await zip.generateAsync({ type: 'nodebuffer' });
    await expect(parseDocument('docx', crowded, { limits: { maxArchiveEntries: 50 } })).rejects.toMatchObject({ code: 'too-large' });
  });

  it('reports a damaged or foreign file plainly', async () => {
    const message = 'This Word file is damaged or is not a valid DOCX.';
    const docx = await serviceAgreement();
    await expect(parseDocument('docx', docx.subarray(0, Math.floor(docx.length / 2)))).rejects.toMatchObject({ code: 'damaged', message });
    await expect(parseDocument('docx', Buffer.from('not a zip at all'))).rejects.toMatchObject({ code: 'damaged', message });
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    await expect(parseDocument('docx', await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toMatchObject({ code: 'damaged', message });
  });

  describe('archive limits, on archives written byte by byte', () => {
    // Archives of thousands of entries or hundreds of megabytes unpacked take seconds on a loaded 2-core machine.
    jest.setTimeout(60_000);
    const DAMAGED = 'This Word file is damaged or is not a valid DOCX.';
    const MB = 1024 * 1024;

    it('parses a plain Word document', async () => {
      const parsed = await parseDocument('docx', writeDocx(['The Tenant shall pay rent monthly.', 'Notice is given in writing.']));
      expect(parsed.text).toBe('The Tenant shall pay rent monthly.\n\nNotice is given in writing.');
    });

    it('refuses one entry packed over 500-fold, before inflating it', async () => {
      const bomb = writeDocx(['Cover page.'], [{ name: 'word/media/image1.png', data: Buffer.alloc(50 * MB) }]);
      expect(bomb.length).toBeLessThan(MB);
      await expect(parseDocument('docx', bomb)).rejects.toMatchObject({
        code: 'too-large',
        message: 'Part of this file expands more than 500-fold when unpacked, far more than a document does, so it was not processed.',
      });
    });

    it('keeps a tightly packed entry of up to 1 MB, as real documents have', async () => {
      const parsed = await parseDocument('docx', writeDocx(['Cover page.'], [{ name: 'word/media/blank.bin', data: Buffer.alloc(MB) }]));
      expect(parsed.text).toBe('Cover page.');
    });

    it('refuses a part of any kind that inflates past the size it declares', async () => {
      const lying = declareUncompressedSize(writeDocx(['Cover page.'], [{ name: 'word/media/image1.png', data: Buffer.alloc(8 * MB) }]), 'word/media/image1.png', 4096);
      await expect(parseDocument('docx', lying)).rejects.toMatchObject({
        code: 'too-large',
        message: 'This file expands to more data than it declares when unpacked, so it was not processed.',
      });
    });

    it('refuses many entries that together unpack past 256 MB', async () => {
      const filler = Buffer.alloc(MB);
      const extra = Array.from({ length: 300 }, (_, index) => ({ name: `word/media/part${index}.bin`, data: filler }));
      await expect(parseDocument('docx', writeDocx(['Cover page.'], extra))).rejects.toMatchObject({
        code: 'too-large',
        message: 'This file expands to more than 256 MB when unpacked, so it was not processed.',
      });
    });

    it('refuses more than 10,000 entries', async () => {
      const extra = Array.from({ length: 10_000 }, (_, index) => ({ name: `customXml/item${index}.xml`, data: '<a/>' }));
      await expect(parseDocument('docx', writeDocx(['Cover page.'], extra))).rejects.toMatchObject({
        code: 'too-large',
        message: 'This file holds more than 10,000 parts, far more than a document has, so it was not processed.',
      });
    });

    it('reports a truncated archive, a file that is not a zip, and a zip without a document as damaged', async () => {
      const docx = writeDocx(['The Tenant shall pay rent monthly.']);
      for (const bytes of [docx.subarray(0, docx.length - 10), docx.subarray(0, 100), Buffer.from('PK\u0003\u0004 but nothing more'), writeZip([{ name: 'readme.txt', data: 'hello' }])]) {
        await expect(parseDocument('docx', bytes)).rejects.toMatchObject({ code: 'damaged', message: DAMAGED });
      }
    });

    it.each(['../../etc/evil.xml', '/etc/evil.xml', 'C:/evil.xml', 'word/../../evil.xml'])('refuses an entry named %j', async (name) => {
      await expect(parseDocument('docx', writeDocx(['Text.'], [{ name, data: '<a/>' }]))).rejects.toMatchObject({ code: 'damaged', message: DAMAGED });
    });
  });
});
