import { ParseError } from '@api/modules/common/parse-error';

export interface ImageSize {
  width: number;
  height: number;
}

const MAX_TIFF_PAGES = 2_000;

function damaged(detail: string): ParseError {
  return ParseError.damaged(`image: ${detail}`);
}

export function pngSize(bytes: Buffer): ImageSize {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw damaged('PNG without a header chunk');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8]);

/** The segments of a JPEG before its image data: each marker with where its body starts and ends. */
function* jpegSegments(bytes: Buffer): Generator<{ marker: number; body: number; end: number }> {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw damaged('JPEG marker expected');
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (JPEG_STANDALONE.has(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return;
    const length = bytes.readUInt16BE(at + 2);
    yield { marker, body: at + 4, end: Math.min(bytes.length, at + 2 + length) };
    at += 2 + length;
  }
}

export function jpegSize(bytes: Buffer): ImageSize {
  for (const { marker, body } of jpegSegments(bytes)) {
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (!isFrame) continue;
    if (body + 5 > bytes.length) break;
    return { width: bytes.readUInt16BE(body + 3), height: bytes.readUInt16BE(body + 1) };
  }
  throw damaged('JPEG without a frame header');
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/**
 * The EXIF orientation of a JPEG (1 to 8), read from its first APP1 Exif segment in either byte order; 1 when it has
 * none, or the segment or the file is malformed.
 */
export function jpegOrientation(bytes: Buffer): number {
  try {
    for (const { marker, body, end } of jpegSegments(bytes)) {
      if (marker === 0xe1 && end - body > EXIF_HEADER.length && bytes.subarray(body, body + EXIF_HEADER.length).equals(EXIF_HEADER)) {
        return tiffOrientation(bytes.subarray(body + EXIF_HEADER.length, end));
      }
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
  }
  return 1;
}

/** The orientation tag of a TIFF structure's first directory (EXIF's IFD0). */
function tiffOrientation(tiff: Buffer): number {
  if (tiff.length < 8 || !['II', 'MM'].includes(tiff.toString('latin1', 0, 2))) return 1;
  const { u16, u32 } = tiffReader(tiff);
  if (u16(2) !== 42) return 1;
  const directory = u32(4);
  if (directory + 2 > tiff.length) return 1;
  for (let index = 0; index < u16(directory); index += 1) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    // A SHORT value sits in the first two bytes of the entry's value field, in the structure's byte order.
    const value = u16(entry + 2) === SHORT ? u16(entry + 8) : 0;
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/** Reads of a TIFF structure's numbers in its byte order ("II" little-endian, else big-endian). */
function tiffReader(bytes: Buffer): { u16: (at: number) => number; u32: (at: number) => number } {
  const little = bytes[0] === 0x49;
  return {
    u16: (at) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at)),
    u32: (at) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at)),
  };
}

export interface TiffPage extends ImageSize {
  ifdOffset: number;
}

/** Every image of a TIFF, following the directory chain (loops and runaway chains refused). */
export function tiffPages(bytes: Buffer): TiffPage[] {
  if (bytes.length < 8) throw damaged('TIFF too short');
  const { u16, u32 } = tiffReader(bytes);
  const pages: TiffPage[] = [];
  const seen = new Set<number>();
  let offset = u32(4);
  while (offset !== 0) {
    if (seen.has(offset) || pages.length >= MAX_TIFF_PAGES) throw damaged('TIFF directory chain loops or is too long');
    seen.add(offset);
    if (offset + 2 > bytes.length) throw damaged('TIFF directory beyond the end');
    const count = u16(offset);
    const end = offset + 2 + count * 12;
    if (end + 4 > bytes.length) throw damaged('TIFF directory cut short');
    let width = 0;
    let height = 0;
    for (let entry = offset + 2; entry < end; entry += 12) {
      const tag = u16(entry);
      if (tag !== 256 && tag !== 257) continue;
      const value = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
      if (tag === 256) width = value;
      else height = value;
    }
    if (width === 0 || height === 0) throw damaged('TIFF image without dimensions');
    pages.push({ width, height, ifdOffset: offset });
    offset = u32(end);
  }
  if (pages.length === 0) throw damaged('TIFF without images');
  return pages;
}

/**
 * One image of a multi-page TIFF as a TIFF of its own: the same bytes with the header pointing
 * at that image's directory, since a reader takes the first directory only.
 */
export function tiffPageAsImage(bytes: Buffer, page: TiffPage): Buffer {
  const copy = Buffer.from(bytes);
  if (copy[0] === 0x49) copy.writeUInt32LE(page.ifdOffset, 4);
  else copy.writeUInt32BE(page.ifdOffset, 4);
  return copy;
}

export function checkImageSize(size: ImageSize, maxPixels: number): void {
  if (size.width <= 0 || size.height <= 0) throw damaged('image without dimensions');
  if (size.width * size.height > maxPixels) {
    throw new ParseError(
      'too-large',
      `The image is too large to read (${size.width} x ${size.height} pixels): scan it at a lower resolution and upload it again.`,
    );
  }
}
