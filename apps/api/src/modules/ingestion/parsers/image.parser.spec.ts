import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { sidewaysJpeg } from '@test/utils/images';
import { pageMapProblem } from './paged-text';
import { parseDocument } from './parser-registry';
import { TesseractOcrEngine } from './tesseract-ocr.engine';

const SCANNED_PNG = join(__dirname, '__fixtures__', 'scanned-clause.png');
const FIRST_LINE = 'The Supplier shall indemnify the Purchaser against';
const SECOND_LINE = 'all losses arising from defective goods.';

interface Gray {
  width: number;
  height: number;
  pixels: Buffer;
}

async function grayPixels(png: Buffer, height?: number): Promise<Gray> {
  const image = await loadImage(png);
  const rows = height ?? image.height;
  const canvas = createCanvas(image.width, rows);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, rows).data;
  const pixels = Buffer.alloc(image.width * rows);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = rgba[index * 4];
  return { width: image.width, height: rows, pixels };
}

/** A baseline little-endian TIFF: uncompressed 8-bit grayscale images, one directory each. */
function grayTiff(images: Gray[]): Buffer {
  const tags = 9;
  const directorySize = 2 + tags * 12 + 4;
  const parts: Buffer[] = [];
  let offset = 8;
  const layout = images.map((image) => {
    const directory = offset;
    const data = directory + directorySize;
    offset = data + image.pixels.length;
    return { directory, data };
  });
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(layout[0].directory, 4);
  parts.push(header);
  images.forEach((image, index) => {
    const directory = Buffer.alloc(directorySize);
    directory.writeUInt16LE(tags, 0);
    const entries: [number, number, number][] = [
      [256, 4, image.width],
      [257, 4, image.height],
      [258, 3, 8],
      [259, 3, 1],
      [262, 3, 1],
      [273, 4, layout[index].data],
      [277, 3, 1],
      [278, 4, image.height],
      [279, 4, image.pixels.length],
    ];
    entries.forEach(([tag, type, value], entry) => {
      const at = 2 + entry * 12;
      directory.writeUInt16LE(tag, at);
      directory.writeUInt16LE(type, at + 2);
      directory.writeUInt32LE(1, at + 4);
      if (type === 3) directory.writeUInt16LE(value, at + 8);
      else directory.writeUInt32LE(value, at + 8);
    });
    directory.writeUInt32LE(index + 1 < images.length ? layout[index + 1].directory : 0, 2 + tags * 12);
    parts.push(directory, image.pixels);
  });
  return Buffer.concat(parts);
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

describe('ImageParser', () => {
  const ocrEngine = new TesseractOcrEngine();
  let png: Buffer;

  beforeAll(async () => {
    png = await readFile(SCANNED_PNG);
  });

  afterAll(async () => {
    await ocrEngine.terminate();
  });

  it('reads the text of a PNG that has no text but its pixels', async () => {
    const parsed = await parseDocument('png', png, { ocrEngine });
    expect(flat(parsed.text)).toBe(`${FIRST_LINE} ${SECOND_LINE}`);
    expect(parsed.pages).toEqual([{ page: 1, start: 0, end: parsed.text.length, ocr: true }]);
    expect(parsed.report).toMatchObject({ pages: 1, pagesOcr: 1, pagesWithoutText: 0 });
  }, 60_000);

  it('reads a JPEG', async () => {
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const parsed = await parseDocument('jpeg', canvas.toBuffer('image/jpeg'), { ocrEngine });
    expect(flat(parsed.text)).toContain(FIRST_LINE);
  }, 60_000);

  it.each(['II', 'MM'] as const)('reads a JPEG taken sideways, upright by its EXIF orientation in %s byte order', async (order) => {
    const parsed = await parseDocument('jpeg', sidewaysJpeg(png, order), { ocrEngine });
    expect(flat(parsed.text)).toBe(`${FIRST_LINE} ${SECOND_LINE}`);
  }, 60_000);

  it('reads every page of a multi-page TIFF, each as its own page', async () => {
    const tiff = grayTiff([await grayPixels(png), await grayPixels(png, 120)]);
    const parsed = await parseDocument('tiff', tiff, { ocrEngine });
    const pages = parsed.pages.map((page) => flat(parsed.text.slice(page.start, page.end)));
    expect(pages).toEqual([`${FIRST_LINE} ${SECOND_LINE}`, FIRST_LINE]);
    expect(parsed.report).toMatchObject({ pages: 2, pagesOcr: 2 });
    expect(pageMapProblem(parsed)).toBeUndefined();
  }, 60_000);

  it('keeps an empty page when OCR is off', async () => {
    const parsed = await parseDocument('png', png, { ocr: false, ocrEngine });
    expect(parsed.text).toBe('');
    expect(parsed.report).toEqual({ pages: 1, pagesOcr: 0, pagesWithoutText: 1, characters: 0, tables: 0 });
  });

  it('refuses an image whose declared size would exhaust memory, before decoding it', async () => {
    const huge = Buffer.from(png);
    huge.writeUInt32BE(60_000, 16);
    huge.writeUInt32BE(60_000, 20);
    await expect(parseDocument('png', huge, { ocrEngine })).rejects.toMatchObject({
      code: 'too-large',
      message: 'The image is too large to read (60000 x 60000 pixels): scan it at a lower resolution and upload it again.',
    });
  });

  it('reports an image it cannot decode as damaged', async () => {
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(parseDocument('png', broken, { ocrEngine })).rejects.toMatchObject({
      code: 'damaged',
      message: 'The file is damaged and could not be read.',
    });
  }, 60_000);
});

/** Lets every promise callback already queued run (the idle stop is scheduled once the queue settles). */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Idle stops the test fires itself, instead of waiting on the wall clock. */
class ManualScheduler {
  readonly waiting: { run: () => void; ms: number }[] = [];

  readonly schedule = (run: () => void, ms: number): (() => void) => {
    const entry = { run, ms };
    this.waiting.push(entry);
    return () => {
      const at = this.waiting.indexOf(entry);
      if (at >= 0) this.waiting.splice(at, 1);
    };
  };

  fire(): void {
    for (const entry of this.waiting.splice(0)) entry.run();
  }
}

describe('TesseractOcrEngine when idle', () => {
  it('stops its worker once idle for its idle time and starts a new one for the next image', async () => {
    const timers = new ManualScheduler();
    const engine = new TesseractOcrEngine({ idleMs: 30_000, schedule: timers.schedule });
    try {
      const png = await readFile(SCANNED_PNG);
      expect(flat(await engine.recognize(png))).toContain(FIRST_LINE);
      await settled();
      expect(engine.loaded).toBe(true);
      expect(timers.waiting.map((entry) => entry.ms)).toEqual([30_000]);
      timers.fire();
      expect(engine.loaded).toBe(false);
      expect(flat(await engine.recognize(png))).toContain(FIRST_LINE);
      expect(engine.loaded).toBe(true);
    } finally {
      await engine.terminate();
    }
  }, 60_000);

  it('keeps its worker while images keep coming: a new image cancels the pending stop', async () => {
    const timers = new ManualScheduler();
    const engine = new TesseractOcrEngine({ idleMs: 30_000, schedule: timers.schedule });
    try {
      const png = await readFile(SCANNED_PNG);
      await engine.recognize(png);
      await settled();
      expect(timers.waiting).toHaveLength(1);
      const next = engine.recognize(png);
      expect(timers.waiting).toHaveLength(0);
      await next;
      await settled();
      expect(timers.waiting).toHaveLength(1);
      expect(engine.loaded).toBe(true);
    } finally {
      await engine.terminate();
    }
  }, 60_000);
});
