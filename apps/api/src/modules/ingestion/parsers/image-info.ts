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

export function jpegSize(bytes: Buffer): ImageSize {
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
    const length = bytes.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) break;
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    if (marker === 0xd9 || marker === 0xda) break;
    at += 2 + length;
  }
  throw damaged('JPEG without a frame header');
}

export interface TiffPage extends ImageSize {
  ifdOffset: number;
}

/** Every image of a TIFF, following the directory chain (loops and runaway chains refused). */
export function tiffPages(bytes: Buffer): TiffPage[] {
  if (bytes.length < 8) throw damaged('TIFF too short');
  const little = bytes[0] === 0x49;
  const u16 = (at: number): number => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number): number => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
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
