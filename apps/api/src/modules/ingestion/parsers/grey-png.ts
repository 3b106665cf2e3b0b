import { crc32, deflateSync } from 'node:zlib';

/**
 * An 8-bit greyscale page image for OCR, built from a canvas's pixels (premultiplied RGBA) and encoded as PNG.
 *
 * Why grey: tesseract binarises a colour image channel by channel and counts a pixel as ink when any channel is dark,
 * so a line under a yellow highlighter (little blue) becomes a black bar and its words are lost; in luminance a pale
 * highlight stays paper (a dark one can still fall under tesseract's one threshold for the page). Grey is also a
 * quarter of the pixels inside tesseract's WebAssembly heap, which never shrinks: a 300-DPI page of the CUAD PDFs
 * took the OCR worker's process from 107 to 229 MB as a colour PNG and to 167 MB as a grey one.
 *
 * The pixels are kept as PNG scanlines (a filter byte, then the row), so encoding copies nothing but the deflated
 * output. The luminance weights are Leptonica's (0.3, 0.5, 0.2), the ones tesseract itself grey-scales with, so a grey
 * scan reaches it with exactly the values it had in colour.
 */
export class GreyPage {
  private readonly scanlines: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`A page image must have whole, positive dimensions (${width} x ${height}).`);
    }
    // Filter byte 0 (None) on every row: Buffer.alloc zero-fills.
    this.scanlines = Buffer.alloc((width + 1) * height);
  }

  /**
   * Sets `rows` rows from `top` from premultiplied RGBA pixels, as a canvas holds them (`Canvas.data()`), each laid
   * over white paper: a premultiplied colour over white is the colour plus the white its alpha leaves showing.
   */
  setPremultipliedRows(top: number, rows: number, rgba: ArrayLike<number>): void {
    if (top < 0 || rows < 0 || top + rows > this.height || rgba.length < rows * this.width * 4) {
      throw new RangeError(`Rows ${top}-${top + rows} do not fit a page of ${this.height} rows, or too few pixels were given.`);
    }
    const stride = this.width + 1;
    let source = 0;
    for (let row = 0; row < rows; row += 1) {
      let target = (top + row) * stride + 1;
      for (let column = 0; column < this.width; column += 1, source += 4, target += 1) {
        this.scanlines[target] = Math.min(255, luminance(rgba[source], rgba[source + 1], rgba[source + 2]) + 255 - rgba[source + 3]);
      }
    }
  }

  /** Sets one pixel's grey value (0 black, 255 white); the caller keeps `x` and `y` within the page. */
  set(x: number, y: number, grey: number): void {
    this.scanlines[y * (this.width + 1) + 1 + x] = grey;
  }

  /** The grey value of one pixel (0 black, 255 white). */
  at(x: number, y: number): number {
    return this.scanlines[y * (this.width + 1) + 1 + x];
  }

  /** The image as a PNG file: colour type 0 (greyscale), 8 bits, not interlaced. */
  toPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8;
    // Colour type 0, compression 0, filter method 0, no interlace: the zero bytes Buffer.alloc left.
    // Level 1: the image goes over a pipe to the OCR engine, not to storage; a higher level costs time and saves little.
    return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(this.scanlines, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
  }
}

/** Leptonica's luminance of a colour (weights 0.3, 0.5, 0.2), rounded: the grey tesseract itself would make of it. */
export function luminance(red: number, green: number, blue: number): number {
  return Math.floor((red * 3 + green * 5 + blue * 2 + 5) / 10);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}
