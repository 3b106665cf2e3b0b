import { inflateRawSync } from 'node:zlib';
import { ParseError } from './parse-error';

/** Reads a zip's central directory and single entries without trusting, or inflating, more than asked. */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ByteSource {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: (position, length) => Promise.resolve(bytes.subarray(position, Math.min(bytes.length, position + length))),
  };
}

export interface ZipDirectoryLimits {
  maxEntries: number;
  maxDirectoryBytes: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function damaged(detail: string): ParseError {
  return ParseError.damaged(`zip: ${detail}`);
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged(`${what} out of range`);
  return Number(value);
}

interface DirectoryLocation {
  entries: number;
  size: number;
  offset: number;
}

async function locateDirectory(source: ByteSource): Promise<DirectoryLocation> {
  if (source.size < EOCD_MIN) throw damaged('too short');
  const tailLength = Math.min(source.size, EOCD_MIN + MAX_COMMENT);
  const tailStart = source.size - tailLength;
  const tail = await source.read(tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE && i + EOCD_MIN + tail.readUInt16LE(i + 20) <= tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw damaged('no end of central directory');
  let entries = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locatorAt = tailStart + at - 20;
    if (locatorAt < 0) throw damaged('no zip64 locator');
    const locator = await source.read(locatorAt, 20);
    if (locator.length < 20 || locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) throw damaged('no zip64 locator');
    const recordAt = toSafeNumber(locator.readBigUInt64LE(8), 'zip64 record offset');
    const record = await source.read(recordAt, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw damaged('no zip64 record');
    entries = toSafeNumber(record.readBigUInt64LE(32), 'entry count');
    size = toSafeNumber(record.readBigUInt64LE(40), 'directory size');
    offset = toSafeNumber(record.readBigUInt64LE(48), 'directory offset');
  }
  if (offset + size > source.size) throw damaged('central directory beyond the end');
  return { entries, size, offset };
}

function readZip64Extra(extra: Buffer, entry: ZipEntry, rawCompressed: number, rawUncompressed: number, rawOffset: number): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    const body = extra.subarray(at + 4, at + 4 + length);
    if (id === 0x0001) {
      let field = 0;
      const next = (what: string): number => {
        if (field + 8 > body.length) throw damaged(`zip64 ${what} missing`);
        const value = toSafeNumber(body.readBigUInt64LE(field), what);
        field += 8;
        return value;
      };
      if (rawUncompressed === 0xffffffff) entry.uncompressedSize = next('uncompressed size');
      if (rawCompressed === 0xffffffff) entry.compressedSize = next('compressed size');
      if (rawOffset === 0xffffffff) entry.localHeaderOffset = next('header offset');
      return;
    }
    at += 4 + length;
  }
}

export async function readZipDirectory(source: ByteSource, limits: ZipDirectoryLimits): Promise<ZipEntry[]> {
  const location = await locateDirectory(source);
  if (location.entries > limits.maxEntries) {
    throw new ParseError('too-large', 'The file holds too many parts to be a normal document.', `zip: ${location.entries} entries`);
  }
  if (location.size > limits.maxDirectoryBytes) {
    throw new ParseError('too-large', 'The file holds too many parts to be a normal document.', `zip: directory of ${location.size} bytes`);
  }
  const directory = await source.read(location.offset, location.size);
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 46 <= directory.length && entries.length < location.entries) {
    if (directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw damaged('bad central directory entry');
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw damaged('central directory entry cut short');
    const rawCompressed = directory.readUInt32LE(at + 20);
    const rawUncompressed = directory.readUInt32LE(at + 24);
    const rawOffset = directory.readUInt32LE(at + 42);
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: rawCompressed,
      uncompressedSize: rawUncompressed,
      localHeaderOffset: rawOffset,
    };
    readZip64Extra(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry, rawCompressed, rawUncompressed, rawOffset);
    entries.push(entry);
    at = end;
  }
  if (entries.length !== location.entries) throw damaged('entry count does not match');
  return entries;
}

/**
 * Inflates one entry, refusing to produce more than its declared size or `maxBytes`, so a
 * directory that lies about sizes cannot make it allocate more than was checked.
 */
export async function readZipEntry(source: ByteSource, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  if (entry.flags & 0x1) throw new ParseError('encrypted', 'This file is password-protected: remove the password and upload it again.');
  if (entry.uncompressedSize > maxBytes) {
    throw new ParseError('too-large', undefined, `zip: ${entry.name} declares ${entry.uncompressedSize} bytes`);
  }
  const header = await source.read(entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw damaged(`bad local header for ${entry.name}`);
  const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataStart + entry.compressedSize > source.size) throw damaged(`${entry.name} runs past the end`);
  const data = await source.read(dataStart, entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw damaged(`${entry.name} stored with two sizes`);
    return data;
  }
  if (entry.method !== 8) throw damaged(`${entry.name} uses compression method ${entry.method}`);
  try {
    // maxOutputLength must be at least 1.
    const inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    if (inflated.length !== entry.uncompressedSize) throw damaged(`${entry.name} is not its declared size`);
    return inflated;
  } catch (error) {
    if (error instanceof ParseError) throw error;
    // Checked by code, not class: zlib's errors come from another realm under a test runner.
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ParseError('too-large', 'The file expands to far more data than it declares and was refused.', `zip: ${entry.name} inflates past its declared size`);
    }
    throw damaged(`${entry.name}: ${String((error as { message?: unknown }).message ?? error)}`);
  }
}
