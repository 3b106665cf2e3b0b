/** Image files built for the parsers' tests. */
import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';

/** A JPEG's APP1 Exif segment whose first directory holds only the orientation tag, in the given byte order. */
export function exifSegment(orientation: number, order: 'II' | 'MM'): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  const little = order === 'II';
  tiff.write(order, 0, 'latin1');
  const u16 = (value: number, at: number): number => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
  const u32 = (value: number, at: number): number => (little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at));
  u16(42, 2);
  u32(8, 4);
  u16(1, 8);
  u16(0x0112, 10);
  u16(3, 12);
  u32(1, 14);
  u16(orientation, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The JPEG with `segment` put right after its start-of-image marker. */
export function withSegment(jpeg: Buffer, segment: Buffer): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/**
 * A grey PNG page as a phone stores it when the page was held sideways: the picture turned 90 degrees
 * counter-clockwise, saved as a JPEG with EXIF orientation 6 (turn it 90 degrees clockwise to show it), in `order`.
 */
export function sidewaysJpeg(png: Buffer, order: 'II' | 'MM'): Buffer {
  const { width, height, data } = PNG.sync.read(png);
  const stored = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < height; x += 1) {
      const from = (x * width + (width - 1 - y)) * 4;
      stored.set(data.subarray(from, from + 3), (y * height + x) * 4);
    }
  }
  return withSegment(encodeJpeg({ width: height, height: width, data: stored }, 95).data, exifSegment(6, order));
}
