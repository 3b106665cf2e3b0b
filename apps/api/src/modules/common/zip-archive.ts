import { Readable } from 'node:stream';
import yauzl, { type Entry, type Options, type ZipFile } from 'yauzl';
import { describeError, ParseError } from './parse-error';

/**
 * Zip archives (DOCX) read through yauzl, with the limits an untrusted archive needs: how many
 * entries, how much they unpack to in all, how tightly one entry may be packed, and entries that
 * inflate to exactly the size they declare. Entry names with absolute paths or ".." are refused by
 * yauzl; nothing is ever written to disk.
 */

export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Random access to bytes held neither whole in memory nor plainly on disk (an upload still encrypted on disk). */
export interface ByteSource {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
}

const RANGE_PIECE_BYTES = 1024 * 1024;

class ByteSourceReader extends yauzl.RandomAccessReader {
  constructor(private readonly source: ByteSource) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const source = this.source;
    return Readable.from(
      (async function* () {
        for (let position = start; position < end; position += RANGE_PIECE_BYTES) {
          yield await source.read(position, Math.min(RANGE_PIECE_BYTES, end - position));
        }
      })(),
    );
  }
}

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the entries' declared uncompressed sizes. */
  maxUncompressedBytes: number;
  /** Uncompressed to compressed size, checked for entries larger than RATIO_CHECKED_ABOVE. */
  maxCompressionRatio: number;
}

/** Small entries may be packed tightly (an empty table, repeated styles) without harm. */
export const RATIO_CHECKED_ABOVE = 1024 * 1024;

export interface ZipEntry {
  readonly name: string;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
}

const OPTIONS: Options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false };

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb.toLocaleString('en-US')} MB` : `${bytes.toLocaleString('en-US')} bytes`;
}

function tooLarge(message: string, detail: string): ParseError {
  return new ParseError('too-large', message, `zip: ${detail}`);
}

/** yauzl reports problems as plain errors; each becomes a ParseError for the person who uploaded the file. */
function toZipError(error: unknown): ParseError {
  if (error instanceof ParseError) return error;
  const detail = describeError(error);
  if (/too many bytes in the stream/.test(detail)) {
    return tooLarge('This file expands to more data than it declares when unpacked, so it was not processed.', detail);
  }
  return ParseError.damaged(`zip: ${detail}`);
}

function checkEntry(entry: Entry, limits: ZipLimits): void {
  if (entry.isEncrypted()) throw new ParseError('encrypted', 'This file is password-protected: remove the password and upload it again.');
  if (!entry.canDecodeFileData()) throw ParseError.damaged(`zip: ${entry.fileName} uses compression method ${entry.compressionMethod}`);
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize > RATIO_CHECKED_ABOVE && ratio > limits.maxCompressionRatio) {
    throw tooLarge(
      `Part of this file expands more than ${limits.maxCompressionRatio.toLocaleString('en-US')}-fold when unpacked, far more than a document does, so it was not processed.`,
      `${entry.fileName} packs ${entry.uncompressedSize} bytes into ${entry.compressedSize}`,
    );
  }
}

async function drain(stream: Readable, keep: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (keep) chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export class ZipArchive {
  private readonly found = new Map<ZipEntry, Entry>();

  private constructor(private readonly zip: ZipFile) {}

  /** Opens an archive held in memory, on disk or behind a reader (only its directory is read on opening). */
  static async open(source: Buffer | string | ByteSource): Promise<ZipArchive> {
    try {
      if (Buffer.isBuffer(source)) return new ZipArchive(await yauzl.fromBufferPromise(source, OPTIONS));
      if (typeof source === 'string') return new ZipArchive(await yauzl.openPromise(source, OPTIONS));
      return new ZipArchive(await yauzl.fromRandomAccessReaderPromise(new ByteSourceReader(source), source.size, OPTIONS));
    } catch (error) {
      throw toZipError(error);
    }
  }

  get entryCount(): number {
    return this.zip.entryCount;
  }

  /** The entries in directory order, each checked against `limits` before it is yielded. */
  async *entries(limits: ZipLimits): AsyncGenerator<ZipEntry> {
    if (this.zip.entryCount > limits.maxEntries) {
      throw tooLarge(
        `This file holds more than ${limits.maxEntries.toLocaleString('en-US')} parts, far more than a document has, so it was not processed.`,
        `${this.zip.entryCount} entries`,
      );
    }
    let declared = 0;
    const iterator = this.zip.eachEntry();
    try {
      for await (const entry of iterator) {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) {
          throw tooLarge(`This file expands to more than ${formatBytes(limits.maxUncompressedBytes)} when unpacked, so it was not processed.`, `${declared} bytes declared`);
        }
        checkEntry(entry, limits);
        const view: ZipEntry = { name: entry.fileName, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize };
        this.found.set(view, entry);
        yield view;
      }
    } catch (error) {
      throw toZipError(error);
    }
  }

  /** Every entry listed, within `limits`. */
  async list(limits: ZipLimits): Promise<ZipEntry[]> {
    const listed: ZipEntry[] = [];
    for await (const entry of this.entries(limits)) listed.push(entry);
    return listed;
  }

  /** One entry's bytes; refused if it declares more than `maxBytes`, and failed if it inflates past what it declares. */
  async read(entry: ZipEntry, maxBytes: number): Promise<Buffer> {
    if (entry.uncompressedSize > maxBytes) throw tooLarge(`This file expands to more than ${formatBytes(maxBytes)} when unpacked, so it was not processed.`, `${entry.name} declares ${entry.uncompressedSize} bytes`);
    return this.inflate(entry, true);
  }

  /** Inflates an entry without keeping it, proving it holds exactly what it declares. */
  async verify(entry: ZipEntry): Promise<void> {
    await this.inflate(entry, false);
  }

  close(): void {
    this.zip.close();
  }

  private async inflate(entry: ZipEntry, keep: boolean): Promise<Buffer> {
    const raw = this.found.get(entry);
    if (raw === undefined) throw new Error(`${entry.name} was not listed by this archive`);
    try {
      return await drain(await this.zip.openReadStreamPromise(raw), keep);
    } catch (error) {
      throw toZipError(error);
    }
  }
}
