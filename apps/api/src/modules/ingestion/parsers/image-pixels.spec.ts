import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { exifSegment, withSegment } from '@test/utils/images';
import { jpegOrientation } from './image-info';
import { greyUpright, ocrPageImage } from './image-pixels';

/** Grey values as RGBA, opaque. */
function opaque(greys: number[]): Uint8Array {
  return Uint8Array.from(greys.flatMap((grey) => [grey, grey, grey, 255]));
}

function rows(page: { width: number; height: number; at(x: number, y: number): number }): number[][] {
  return Array.from({ length: page.height }, (_, y) => Array.from({ length: page.width }, (_, x) => page.at(x, y)));
}

describe('greyUpright', () => {
  // Stored as   10 20 30
  //             40 50 60
  const stored = opaque([10, 20, 30, 40, 50, 60]);

  it.each([
    [1, [[10, 20, 30], [40, 50, 60]]],
    [2, [[30, 20, 10], [60, 50, 40]]],
    [3, [[60, 50, 40], [30, 20, 10]]],
    [4, [[40, 50, 60], [10, 20, 30]]],
    [5, [[10, 40], [20, 50], [30, 60]]],
    [6, [[40, 10], [50, 20], [60, 30]]],
    [7, [[60, 30], [50, 20], [40, 10]]],
    [8, [[30, 60], [20, 50], [10, 40]]],
    [9, [[10, 20, 30], [40, 50, 60]]],
  ])('turns a picture of EXIF orientation %i upright', (orientation, upright) => {
    expect(rows(greyUpright(3, 2, stored, orientation))).toEqual(upright);
  });

  it("grey-scales by tesseract's luminance weights and lays transparency over white paper", () => {
    const page = greyUpright(4, 1, Uint8Array.from([255, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0, 128]), 1);
    // Yellow is light (0.3 + 0.5 of white), blue dark; transparent is paper, half-transparent black half grey.
    expect(rows(page)).toEqual([[204, 51, 255, 127]]);
  });
});

describe('jpegOrientation', () => {
  const jpeg = encodeJpeg({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 255) }, 90).data;

  it.each(['II', 'MM'] as const)('reads the orientation in %s byte order', (order) => {
    expect(jpegOrientation(withSegment(jpeg, exifSegment(6, order)))).toBe(6);
    expect(jpegOrientation(withSegment(jpeg, exifSegment(8, order)))).toBe(8);
  });

  it('is 1 without EXIF, with an orientation out of range, or with a cut-off segment', () => {
    expect(jpegOrientation(jpeg)).toBe(1);
    expect(jpegOrientation(withSegment(jpeg, exifSegment(12, 'II')))).toBe(1);
    const segment = exifSegment(6, 'II');
    expect(jpegOrientation(withSegment(jpeg, segment).subarray(0, 2 + segment.length - 8))).toBe(1);
  });
});

describe('ocrPageImage', () => {
  it('sends a decoded PNG as grey, upright, and a file the decoder refuses as it came', () => {
    const png = PNG.sync.write(Object.assign(new PNG({ width: 2, height: 1 }), { data: Buffer.from([255, 255, 0, 255, 0, 0, 255, 255]) }));
    const grey = PNG.sync.read(ocrPageImage('png', png, 1_000_000));
    expect([grey.width, grey.height, grey.data[0], grey.data[4]]).toEqual([2, 1, 204, 51]);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(20, 7)]);
    expect(ocrPageImage('png', broken, 1_000_000)).toBe(broken);
  });
});
