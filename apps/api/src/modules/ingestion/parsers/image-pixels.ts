import { decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { GreyPage, luminance } from './grey-png';
import { jpegOrientation } from './image-info';

/**
 * An uploaded PNG or JPEG as the page OCR reads: upright, in grey, as a PNG. Grey because the OCR engine's
 * WebAssembly heap never shrinks: a colour picture is decoded there at 32 bits a pixel before it is grey-scaled (a
 * 12-megapixel photo, 48 MB), a grey one at 8 (see GreyPage, which grey-scales with the engine's own weights).
 *
 * The pixels are decoded here, in the parsing process, by decoders written in JavaScript (pngjs, jpeg-js): an upload
 * is untrusted, and a damaged file must end in an error, never in a crash of native code. A file these decoders
 * refuse goes to the OCR engine as it came, whose own decoder (WebAssembly) reads what it can or reports it damaged,
 * as before. The caller has checked the image's declared size against its pixel bound before this decodes anything.
 *
 * A JPEG is turned upright by its EXIF orientation, in either byte order: phones store the picture as the sensor
 * took it and say in EXIF how to turn it, and the OCR engine turns only pictures whose EXIF is big-endian, so a page
 * photographed sideways with a little-endian EXIF (most phones that are not Apple's) reached it on its side.
 */
export function ocrPageImage(type: 'png' | 'jpeg', bytes: Buffer, maxPixels: number): Buffer {
  const decoded = decode(type, bytes, maxPixels);
  if (decoded === null) return bytes;
  return greyUpright(decoded.width, decoded.height, decoded.data, type === 'jpeg' ? jpegOrientation(bytes) : 1).toPng();
}

interface Rgba {
  width: number;
  height: number;
  /** Straight (not premultiplied) RGBA, 8 bits a channel. */
  data: Uint8Array;
}

function decode(type: 'png' | 'jpeg', bytes: Buffer, maxPixels: number): Rgba | null {
  try {
    if (type === 'png') return PNG.sync.read(bytes);
    // maxMemoryUsageInMB bounds what the decoder allocates besides the pixels: a declared size is not all a JPEG can ask for.
    return decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: maxPixels / 1e6, maxMemoryUsageInMB: Math.ceil((maxPixels * 8) / 2 ** 20) + 64 });
  } catch {
    return null;
  }
}

/**
 * The image in grey, laid over white where it is transparent, and turned by an EXIF orientation (1 to 8: 1 as
 * stored, 2 mirrored, 3 turned 180°, 4 flipped, 5 transposed, 6 turned 90° clockwise, 7 transversed, 8 turned 90°
 * counter-clockwise); any other value leaves it as stored.
 */
export function greyUpright(width: number, height: number, rgba: Uint8Array, orientation: number): GreyPage {
  const sideways = orientation >= 5 && orientation <= 8;
  const page = new GreyPage(sideways ? height : width, sideways ? width : height);
  const [x0, xByX, xByY, y0, yByX, yByY] = turn(orientation, width - 1, height - 1);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const alpha = rgba[at + 3];
      const grey = Math.round((luminance(rgba[at], rgba[at + 1], rgba[at + 2]) * alpha) / 255) + 255 - alpha;
      page.set(x0 + xByX * x + xByY * y, y0 + yByX * x + yByY * y, grey);
    }
  }
  return page;
}

/**
 * Where a stored pixel (x, y) shows once the picture is turned, as [x0, x by x, x by y, y0, y by x, y by y]: it shows at
 * (x0 + x·(x by x) + y·(x by y), y0 + x·(y by x) + y·(y by y)); `right` and `bottom` are the stored picture's last column and row.
 */
function turn(orientation: number, right: number, bottom: number): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [right, -1, 0, 0, 0, 1];
    case 3:
      return [right, -1, 0, bottom, 0, -1];
    case 4:
      return [0, 1, 0, bottom, 0, -1];
    case 5:
      return [0, 0, 1, 0, 1, 0];
    case 6:
      return [bottom, 0, -1, 0, 1, 0];
    case 7:
      return [bottom, 0, -1, right, -1, 0];
    case 8:
      return [0, 0, 1, right, -1, 0];
    default:
      return [0, 1, 0, 0, 0, 1];
  }
}
