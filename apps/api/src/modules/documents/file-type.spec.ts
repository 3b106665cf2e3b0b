import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { detectFileType, SUPPORTED_TYPES_TEXT, TextTooLongError } from '@api/modules/documents/file-type';
import { decodeText } from '@api/modules/ingestion/parsers/text-decoding';
import { cuadPdfPath } from '@test/utils/fixtures';

const CUAD_PDF = cuadPdfPath('AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.pdf');
const SCANNED_PNG = join(__dirname, '..', 'ingestion', 'parsers', '__fixtures__', 'scanned-clause.png');

async function makeDocx(): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('The Tenant shall pay rent monthly.')] }] }));
}

async function makeZip(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('detectFileType', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'file-type-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names the supported types for the 415 message', () => {
    expect(SUPPORTED_TYPES_TEXT).toBe('PDF, DOCX, TXT, Markdown, HTML, EML, PNG, JPEG, TIFF');
  });

  it('recognises a real PDF by its header, whatever its name', async () => {
    const pdf = await readFile(CUAD_PDF);
    expect(await detectFileType(pdf, 'contract.pdf')).toBe('pdf');
    expect(await detectFileType(pdf, 'contract')).toBe('pdf');
    expect(await detectFileType(CUAD_PDF, 'contract.pdf')).toBe('pdf');
  });

  it('recognises a DOCX from its zip directory, in memory and on disk', async () => {
    const docx = await makeDocx();
    const path = join(dir, 'lease.docx');
    await writeFile(path, docx);
    expect(await detectFileType(docx, 'lease.docx')).toBe('docx');
    expect(await detectFileType(path, 'lease.docx')).toBe('docx');
  });

  it('refuses a zip that is not a Word document, even named .docx', async () => {
    const zip = await makeZip({ 'notes.txt': 'hello', 'data.xml': '<a/>' });
    expect(await detectFileType(zip, 'archive.zip')).toBeNull();
    expect(await detectFileType(zip, 'archive.docx')).toBeNull();
  });

  it('refuses a zip holding word/document.xml without a Word content type', async () => {
    const zip = await makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    expect(await detectFileType(zip, 'fake.docx')).toBeNull();
  });

  it('refuses a name that claims PDF or DOCX over bytes that are something else', async () => {
    const text = Buffer.from('Just a note.\n');
    expect(await detectFileType(text, 'note.docx')).toBeNull();
    expect(await detectFileType(text, 'note.pdf')).toBeNull();
    expect(await detectFileType(await readFile(CUAD_PDF), 'contract.docx')).toBeNull();
  });

  it('recognises PNG, JPEG and TIFF by their magic numbers', async () => {
    const png = await readFile(SCANNED_PNG);
    expect(await detectFileType(png, 'scan.png')).toBe('png');
    expect(await detectFileType(png, 'scan.jpg')).toBe('png');
    expect(await detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'scan.jpeg')).toBe('jpeg');
    expect(await detectFileType(Buffer.from('II*\0\x08\0\0\0', 'latin1'), 'scan.tif')).toBe('tiff');
    expect(await detectFileType(Buffer.from('MM\0*\0\0\0\x08', 'latin1'), 'scan.tiff')).toBe('tiff');
    expect(await detectFileType(Buffer.from('plain words'), 'scan.png')).toBeNull();
  });

  it.each([
    ['a Windows executable', Buffer.from('MZ\x90\0\x03\0\0\0This program cannot be run in DOS mode', 'latin1')],
    ['an ELF binary', Buffer.from('\x7fELF\x02\x01\x01\0', 'latin1')],
    ['a Mach-O binary', Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1])],
  ])('refuses %s even when named .txt', async (_name, bytes) => {
    expect(await detectFileType(bytes, 'readme.txt')).toBeNull();
  });

  it('tells plain text from Markdown by the name only', async () => {
    const text = Buffer.from('# Heading\n\nSome *terms* apply.\n');
    expect(await detectFileType(text, 'terms.md')).toBe('markdown');
    expect(await detectFileType(text, 'terms.MARKDOWN')).toBe('markdown');
    expect(await detectFileType(text, 'terms.txt')).toBe('txt');
    expect(await detectFileType(text, 'terms')).toBe('txt');
  });

  it('recognises HTML from its markup, not its name', async () => {
    expect(await detectFileType(Buffer.from('\n  <!DOCTYPE html><html><body>Hi</body></html>'), 'page.txt')).toBe('html');
    expect(await detectFileType(Buffer.from('<html lang="en"><p>Hi</p></html>'), 'page')).toBe('html');
    expect(await detectFileType(Buffer.from('<body>fragment</body>'), 'x.htm')).toBe('html');
    expect(await detectFileType(Buffer.from('Use the <html> tag to start a page.'), 'howto.txt')).toBe('txt');
  });

  it('recognises an e-mail by its leading headers', async () => {
    const mail = 'Received: from mx.example.com\r\nFrom: Counsel <counsel@example.com>\r\nTo: client@example.com\r\nSubject: Draft\r\n  agreement\r\n\r\nPlease review.\r\n';
    expect(await detectFileType(Buffer.from(mail), 'message.eml')).toBe('eml');
    expect(await detectFileType(Buffer.from(mail), 'message.txt')).toBe('eml');
  });

  it('keeps a note that only starts like a header as plain text', async () => {
    expect(await detectFileType(Buffer.from('Subject: lease renewal\n\nCall the landlord.\n'), 'note.txt')).toBe('txt');
    expect(await detectFileType(Buffer.from('From: me\nthis line is not a header\n\nbody'), 'note.txt')).toBe('txt');
  });

  it('accepts UTF-16 text with a byte-order mark', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Clause 1. Definitions', 'utf16le')]);
    expect(await detectFileType(utf16, 'clauses.txt')).toBe('txt');
    const html16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><body>x</body></html>', 'utf16le')]);
    expect(await detectFileType(html16, 'page.htm')).toBe('html');
  });

  it('refuses text that is not UTF-8, holds NUL bytes, or is empty', async () => {
    expect(await detectFileType(Buffer.from('caf\xe9 au lait', 'latin1'), 'menu.txt')).toBeNull();
    expect(await detectFileType(Buffer.from('abc\0def'), 'data.txt')).toBeNull();
    expect(await detectFileType(Buffer.alloc(0), 'empty.txt')).toBeNull();
    expect(await detectFileType(Buffer.from('Clause 1', 'utf16le'), 'no-bom.txt')).toBeNull();
  });

  it('reads a long text file in chunks, a character split across chunks included', async () => {
    const chunk = 1024 * 1024;
    const before = 'a'.repeat(chunk - 1);
    const path = join(dir, 'long.txt');
    await writeFile(path, `${before}é and more text\n`);
    expect(await detectFileType(path, 'long.txt')).toBe('txt');
    await writeFile(path, Buffer.concat([Buffer.from(before), Buffer.from([0xc3]), Buffer.from('x')]));
    expect(await detectFileType(path, 'long.txt')).toBeNull();
  });

  it('finds invalid bytes far past the head of a file', async () => {
    const path = join(dir, 'tail.txt');
    await writeFile(path, Buffer.concat([Buffer.from('a'.repeat(3 * 1024 * 1024)), Buffer.from([0xff, 0xfe, 0x00])]));
    expect(await detectFileType(path, 'tail.txt')).toBeNull();
  });

  describe('with a limit on the characters of a text file', () => {
    const utf16le = (text: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = (text: string): Buffer => Buffer.from(utf16le(text).swap16());

    it.each([
      ['ASCII', Buffer.from('The tenant shall pay rent.')],
      ['accented Latin, CJK and emoji', Buffer.from('Résiliation — 契約書 📄 ✅ done')],
      ['a UTF-8 byte-order mark', Buffer.from('\uFEFFClause 1.')],
      ['UTF-16LE', utf16le('Clause 1 — 契約 📄')],
      ['UTF-16BE', utf16be('Clause 1 — 契約 📄')],
      ['HTML, counted as the characters of its file', Buffer.from('<html><body><p>Clause 1 — 契約 📄</p></body></html>')],
    ])('counts %s as the parsers do, refusing one character over', async (_label, bytes) => {
      const characters = decodeText(bytes).length;
      expect(await detectFileType(bytes, 'doc.txt', { maxTextCharacters: characters })).not.toBeNull();
      await expect(detectFileType(bytes, 'doc.txt', { maxTextCharacters: characters - 1 })).rejects.toThrow(
        new TextTooLongError('doc.txt', characters - 1),
      );
    });

    it('counts a file on disk read in chunks, characters split across them included', async () => {
      const path = join(dir, 'counted.txt');
      const text = `${'a'.repeat(1024 * 1024 - 1)}${'é'.repeat(1024 * 1024)}${'📄'.repeat(300_000)}`;
      await writeFile(path, text);
      expect(await detectFileType(path, 'counted.txt', { maxTextCharacters: text.length })).toBe('txt');
      await expect(detectFileType(path, 'counted.txt', { maxTextCharacters: text.length - 1 })).rejects.toBeInstanceOf(TextTooLongError);
    });

    it('names the limit with its thousands in the message', () => {
      expect(new TextTooLongError('a.txt', 20_000_000).message).toBe(
        '"a.txt" has more than 20,000,000 characters, the most a text file can hold. Split it into smaller files and upload them again.',
      );
    });

    it('leaves binary formats to their parsers', async () => {
      expect(await detectFileType(await makeDocx(), 'lease.docx', { maxTextCharacters: 1 })).toBe('docx');
    });
  });
});
