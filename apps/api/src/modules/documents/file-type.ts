import { open } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { PayloadTooLargeError } from '@api/modules/common/app-error';
import { type ByteSource, ZIP_MAGIC, ZipArchive } from '@api/modules/common/zip-archive';

export type DetectedType = 'pdf' | 'docx' | 'txt' | 'markdown' | 'html' | 'eml' | 'png' | 'jpeg' | 'tiff';

export const SUPPORTED_TYPES_TEXT = 'PDF, DOCX, TXT, Markdown, HTML, EML, PNG, JPEG, TIFF';

export const MIME_TYPES: Record<DetectedType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  markdown: 'text/markdown',
  html: 'text/html',
  eml: 'message/rfc822',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
};

/** How much of the start of a file decides between the text types. */
const HEAD_BYTES = 64 * 1024;
const TEXT_SCAN_CHUNK = 1024 * 1024;
/** Detection only looks for a Word document's two telling parts; the parser enforces the archive limits. */
const DOCX_DETECTION_LIMITS = { maxEntries: Infinity, maxUncompressedBytes: Infinity, maxCompressionRatio: Infinity };
const DOCX_DETECTION_MAX_ENTRIES = 10_000;
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;

function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: (position, length) => Promise.resolve(bytes.subarray(position, Math.min(bytes.length, position + length))),
  };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TIFF_LE = Buffer.from([0x49, 0x49, 0x2a, 0x00]);
const TIFF_BE = Buffer.from([0x4d, 0x4d, 0x00, 0x2a]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function startsWith(bytes: Buffer, magic: Buffer | string, at = 0): boolean {
  const expected = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : magic;
  return bytes.length >= at + expected.length && bytes.subarray(at, at + expected.length).equals(expected);
}

/** Readers accept the PDF header after leading whitespace or a byte-order mark; nothing else may precede it. */
function isPdf(head: Buffer): boolean {
  const at = head.subarray(0, 1024).indexOf('%PDF-', 0, 'latin1');
  if (at < 0) return false;
  return head.subarray(0, at).every((byte) => byte <= 0x20 || byte === 0xef || byte === 0xbb || byte === 0xbf);
}

function isJpeg(head: Buffer): boolean {
  return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

type TextEncoding = 'utf8' | 'utf16le' | 'utf16be';

function textEncodingOf(head: Buffer): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  return 'utf8';
}

/**
 * Checks a whole text file chunk by chunk: UTF-8 without NUL bytes, or UTF-16 (with a BOM)
 * whose code units are never NUL and whose surrogates pair up.
 */
class TextValidator {
  private carry = Buffer.alloc(0);
  private pendingHighSurrogate = false;
  private valid = true;
  /** UTF-16 code units of the decoded text so far, which is how the parsers count characters. */
  characters = 0;

  constructor(private readonly encoding: TextEncoding) {}

  push(chunk: Buffer, final: boolean): boolean {
    if (!this.valid) return false;
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.valid = this.encoding === 'utf8' ? this.pushUtf8(bytes, final) : this.pushUtf16(bytes, final);
    return this.valid;
  }

  private pushUtf8(bytes: Buffer, final: boolean): boolean {
    if (bytes.includes(0)) return false;
    let cut = bytes.length;
    if (!final) {
      // Keep back a multi-byte sequence that the chunk boundary split.
      for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
        const byte = bytes[bytes.length - back];
        if ((byte & 0xc0) === 0xc0) {
          const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
          if (needed > back) cut = bytes.length - back;
          break;
        }
        if ((byte & 0x80) === 0) break;
      }
    }
    this.carry = Buffer.from(bytes.subarray(cut));
    const complete = bytes.subarray(0, cut);
    for (const byte of complete) {
      // A lead byte starts a character; a four-byte one becomes a surrogate pair.
      if ((byte & 0xc0) !== 0x80) this.characters += byte >= 0xf0 ? 2 : 1;
    }
    return isUtf8(complete);
  }

  private pushUtf16(bytes: Buffer, final: boolean): boolean {
    const usable = bytes.length - (bytes.length % 2);
    if (final && usable !== bytes.length) return false;
    for (let i = 0; i < usable; i += 2) {
      const unit = this.encoding === 'utf16le' ? bytes.readUInt16LE(i) : bytes.readUInt16BE(i);
      if (unit === 0) return false;
      const high = unit >= 0xd800 && unit <= 0xdbff;
      const low = unit >= 0xdc00 && unit <= 0xdfff;
      if (this.pendingHighSurrogate !== low) return false;
      this.pendingHighSurrogate = high;
    }
    this.carry = Buffer.from(bytes.subarray(usable));
    this.characters += usable / 2;
    return !(final && this.pendingHighSurrogate);
  }
}

function decodeHead(head: Buffer, encoding: TextEncoding): string {
  if (encoding === 'utf8') return new TextDecoder('utf-8').decode(head);
  if (encoding === 'utf16le') return new TextDecoder('utf-16le').decode(head.subarray(0, head.length - (head.length % 2)));
  return new TextDecoder('utf-16be').decode(head.subarray(0, head.length - (head.length % 2)));
}

const MAIL_HEADERS = new Set(['from', 'to', 'subject', 'date', 'mime-version', 'received']);
const HEADER_LINE = /^([!-9;-~]+):/;

/**
 * A message starts with header fields up to a blank line; at least two of the usual ones must be
 * there, so a note that merely starts with "Subject:" stays plain text.
 */
export function looksLikeEmail(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const known = new Set<string>();
  let headerLines = 0;
  for (const line of lines) {
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      if (headerLines === 0) return false;
      continue;
    }
    const match = HEADER_LINE.exec(line);
    if (!match) return false;
    headerLines += 1;
    const name = match[1].toLowerCase();
    if (MAIL_HEADERS.has(name)) known.add(name);
  }
  return known.size >= 2;
}

export function looksLikeHtml(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) return false;
  return /<!doctype\s+html|<html[\s>]|<body[\s>]/i.test(start.slice(0, HEAD_BYTES));
}

function textTypeOf(head: Buffer, encoding: TextEncoding, fileName: string): DetectedType {
  const text = decodeHead(head, encoding);
  if (looksLikeHtml(text)) return 'html';
  if (looksLikeEmail(text)) return 'eml';
  if (/\.(md|markdown)$/i.test(fileName)) return 'markdown';
  return 'txt';
}

/** A zip holding word/document.xml whose [Content_Types].xml names a Word document (main or template). */
async function isDocx(file: Buffer | string | ByteSource): Promise<boolean> {
  let archive: ZipArchive | undefined;
  try {
    archive = await ZipArchive.open(file);
    let hasDocument = false;
    let contentTypes: string | undefined;
    let seen = 0;
    for await (const entry of archive.entries(DOCX_DETECTION_LIMITS)) {
      if (entry.name === 'word/document.xml') hasDocument = true;
      if (entry.name === '[Content_Types].xml') contentTypes = (await archive.read(entry, CONTENT_TYPES_MAX_BYTES)).toString('utf8');
      seen += 1;
      if ((hasDocument && contentTypes !== undefined) || seen >= DOCX_DETECTION_MAX_ENTRIES) break;
    }
    return hasDocument && /wordprocessingml\.(document|template)\.main\+xml/.test(contentTypes ?? '');
  } catch {
    return false;
  } finally {
    archive?.close();
  }
}

function isExecutable(head: Buffer): boolean {
  return (
    startsWith(head, 'MZ') ||
    startsWith(head, '\x7fELF') ||
    [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].some((magic) => head.length >= 4 && head.readUInt32BE(0) === magic)
  );
}

const BINARY_EXTENSIONS = new Map<string, 'pdf' | 'docx' | 'image'>([
  ['pdf', 'pdf'],
  ['docx', 'docx'],
  ['png', 'image'],
  ['jpg', 'image'],
  ['jpeg', 'image'],
  ['tif', 'image'],
  ['tiff', 'image'],
]);

/** A name that claims a binary format must hold that format (an image may hold another image format). */
function agreesWithName(type: DetectedType, fileName: string): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const claimed = extension === undefined ? undefined : BINARY_EXTENSIONS.get(extension);
  if (claimed === undefined) return true;
  if (claimed === 'image') return type === 'png' || type === 'jpeg' || type === 'tiff';
  return type === claimed;
}

export interface DetectOptions {
  /** A text file with more characters than this is refused with TextTooLongError. */
  maxTextCharacters?: number;
}

/** A text upload longer than the parsers can take, refused before it is stored. */
export class TextTooLongError extends PayloadTooLargeError {
  constructor(fileName: string, maxCharacters: number) {
    super(
      `"${fileName}" has more than ${maxCharacters.toLocaleString('en-US')} characters, the most a text file can hold. Split it into smaller files and upload them again.`,
    );
  }
}

async function detect(file: Buffer | string | ByteSource, source: ByteSource, fileName: string, options: DetectOptions): Promise<DetectedType | null> {
  const type = await detectFromBytes(file, source, fileName, options);
  return type !== null && agreesWithName(type, fileName) ? type : null;
}

async function detectFromBytes(file: Buffer | string | ByteSource, source: ByteSource, fileName: string, options: DetectOptions): Promise<DetectedType | null> {
  const head = await source.read(0, Math.min(HEAD_BYTES, source.size));
  if (head.length === 0) return null;
  if (isExecutable(head)) return null;
  if (isPdf(head)) return 'pdf';
  if (startsWith(head, PNG_MAGIC)) return 'png';
  if (isJpeg(head)) return 'jpeg';
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)) return 'tiff';
  if (startsWith(head, ZIP_MAGIC)) return (await isDocx(file)) ? 'docx' : null;

  // Text under a name that claims a binary format is refused whatever it holds.
  if (!agreesWithName('txt', fileName)) return null;
  const encoding = textEncodingOf(head);
  const validator = new TextValidator(encoding);
  // A UTF-8 byte-order mark is dropped on decoding, as a UTF-16 one is skipped here.
  const skip = encoding === 'utf8' ? 0 : 2;
  const uncounted = encoding === 'utf8' && startsWith(head, UTF8_BOM) ? 1 : 0;
  const maxCharacters = options.maxTextCharacters ?? Infinity;
  for (let position = skip; position < source.size; position += TEXT_SCAN_CHUNK) {
    const chunk = await source.read(position, Math.min(TEXT_SCAN_CHUNK, source.size - position));
    if (!validator.push(chunk, position + chunk.length >= source.size)) return null;
    if (validator.characters - uncounted > maxCharacters) throw new TextTooLongError(fileName, maxCharacters);
  }
  if (source.size === skip) return null;
  return textTypeOf(head.subarray(skip), encoding, fileName);
}

/**
 * Decides a file's type from its bytes. The name only separates Markdown from plain text, and a
 * name claiming PDF, DOCX or an image format that the bytes contradict makes the file refused.
 * `source` is the whole file in memory, a path on disk or a random-access reader (an upload still encrypted
 * on disk), read in bounded pieces: the head, a zip's central directory and content types, and for text the
 * whole file in 1 MiB chunks. Returns null for anything unsupported, executables included.
 */
export async function detectFileType(source: Buffer | string | ByteSource, fileName: string, options: DetectOptions = {}): Promise<DetectedType | null> {
  if (Buffer.isBuffer(source)) return detect(source, bufferSource(source), fileName, options);
  if (typeof source !== 'string') return detect(source, source, fileName, options);
  const handle = await open(source, 'r');
  try {
    const { size } = await handle.stat();
    const fileSource: ByteSource = {
      size,
      read: async (position, length) => {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        return buffer.subarray(0, bytesRead);
      },
    };
    return await detect(source, fileSource, fileName, options);
  } finally {
    await handle.close();
  }
}
