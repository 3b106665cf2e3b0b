import { createCanvas, loadImage } from '@napi-rs/canvas';
import { GreyPage } from './grey-png';

/** Decodes a PNG with the canvas's own decoder (Skia) and returns its pixels as RGBA. */
async function decode(png: Buffer): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, rgba: context.getImageData(0, 0, image.width, image.height).data };
}

function opaque(greys: number[]): Uint8Array {
  return Uint8Array.from(greys.flatMap((grey) => [grey, grey, grey, 255]));
}

describe('GreyPage', () => {
  it('writes a PNG of 8-bit grey pixels that a decoder reads back as given', async () => {
    const page = new GreyPage(3, 2);
    page.setPremultipliedRows(0, 1, opaque([0, 128, 255]));
    page.setPremultipliedRows(1, 1, opaque([17, 200, 254]));
    const png = page.toPng();
    // IHDR: width 3, height 2, bit depth 8, colour type 0 (greyscale).
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([3, 2, 8, 0]);
    const decoded = await decode(png);
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    const greys = Array.from({ length: 6 }, (_, index) => decoded.rgba[index * 4]);
    expect(greys).toEqual([0, 128, 255, 17, 200, 254]);
  });

  it("grey-scales a canvas's pixels by Leptonica's luminance weights, over white paper where they are not opaque", () => {
    const colours = ['rgb(255,0,0)', 'rgb(0,255,0)', 'rgb(0,0,255)', 'rgb(255,255,120)', 'rgba(0,0,0,0.5)', 'rgba(0,0,0,0)'];
    const canvas = createCanvas(colours.length, 1);
    const context = canvas.getContext('2d');
    colours.forEach((colour, x) => {
      context.fillStyle = colour;
      context.fillRect(x, 0, 1, 1);
    });
    const page = new GreyPage(colours.length, 1);
    page.setPremultipliedRows(0, 1, canvas.data());
    // 0.3 R + 0.5 G + 0.2 B, rounded; a pale yellow highlight (blue 120) is light grey; half-transparent black is half
    // grey, and nothing drawn is white.
    expect(colours.map((_, x) => page.at(x, 0))).toEqual([77, 128, 51, 228, 128, 255]);
  });

  it('takes a page a band of rows at a time', () => {
    const page = new GreyPage(2, 3);
    page.setPremultipliedRows(1, 2, opaque([10, 20, 30, 40]));
    page.setPremultipliedRows(0, 1, opaque([1, 2]));
    expect([page.at(0, 0), page.at(1, 0), page.at(0, 1), page.at(1, 1), page.at(0, 2), page.at(1, 2)]).toEqual([1, 2, 10, 20, 30, 40]);
    expect(() => page.setPremultipliedRows(2, 2, new Uint8Array(16))).toThrow(RangeError);
    expect(() => page.setPremultipliedRows(0, 1, new Uint8Array(4))).toThrow(RangeError);
    expect(() => new GreyPage(0, 10)).toThrow(RangeError);
  });
});
