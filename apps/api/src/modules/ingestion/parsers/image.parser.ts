import { checkImageSize, jpegSize, pngSize, tiffPageAsImage, tiffPages } from './image-info';
import { ocrPageImage } from './image-pixels';
import { PagedTextBuilder } from './paged-text';
import { ParseError } from '@api/modules/common/parse-error';
import { type DocumentParser, type ParsedDocument, type ParseOptions, resolveLimits } from './parser.types';
import { normalizeOcrText } from './ocr-text';

export type ImageType = 'png' | 'jpeg' | 'tiff';

/** A scanned image: each image (each page of a multi-page TIFF) is one page, read by OCR. */
export class ImageParser implements DocumentParser {
  constructor(private readonly type: ImageType) {}

  async parse(input: Buffer, options: ParseOptions): Promise<ParsedDocument> {
    const limits = resolveLimits(options);
    const images = this.pageImages(input, limits.maxImagePixels);
    if (images.length > limits.maxPages) {
      throw new ParseError('too-large', `The document has more pages than can be processed (over ${limits.maxPages}).`);
    }
    const builder = new PagedTextBuilder(limits.maxCharacters);
    for (const [index, page] of images.entries()) {
      checkImageSize(page, limits.maxImagePixels);
      const engine = options.ocr === false ? undefined : options.ocrEngine;
      if (engine === undefined) {
        builder.addPage('', false);
      } else {
        builder.addPage(normalizeOcrText(await engine.recognize(page.bytes())), true);
      }
      options.onProgress?.({ page: index + 1, pages: images.length });
    }
    return builder.build();
  }

  /** Each page's declared size, checked before `bytes` decodes anything, and the image OCR reads. */
  private pageImages(input: Buffer, maxPixels: number): { width: number; height: number; bytes: () => Buffer }[] {
    switch (this.type) {
      case 'png':
        return [{ ...pngSize(input), bytes: () => ocrPageImage('png', input, maxPixels) }];
      case 'jpeg':
        return [{ ...jpegSize(input), bytes: () => ocrPageImage('jpeg', input, maxPixels) }];
      case 'tiff': {
        const pages = tiffPages(input);
        if (pages.length === 1) return [{ ...pages[0], bytes: () => input }];
        return pages.map((page) => ({ ...page, bytes: () => tiffPageAsImage(input, page) }));
      }
    }
  }
}
