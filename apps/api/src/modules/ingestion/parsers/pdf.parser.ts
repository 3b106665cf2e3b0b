import { createIsomorphicCanvasFactory, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { GreyPage } from './grey-png';
import { meaningfulLength, normalizeOcrText } from './ocr-text';
import { PagedTextBuilder } from './paged-text';
import { describeError, ParseError } from '@api/modules/common/parse-error';
import { usePatchedPdfJs } from './pdfjs-module';
import { type DocumentParser, type ParsedDocument, type ParseLimits, type ParseOptions, resolveLimits } from './parser.types';
import { layoutPageText, type PdfTextItem } from './pdf-text-layout';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;

/** Fewer letters and digits than this on a page and its text layer is not trusted alone. */
const SPARSE_TEXT = 20;
/** Below this, a page mostly covered by an image is a scan with a stamp (a Bates number, a header). */
const STAMPED_SCAN_TEXT = 200;
const SCAN_COVERAGE = 0.5;
const OUTLINED_TEXT_PATHS = 50;
/** Share of a page's characters that are private-use or replacement characters: text that no font maps. */
const UNREADABLE_SHARE = 0.3;
/** Ceiling on a rendered page, whatever the resolution asked for. */
const MAX_RENDER_PIXELS = 16_000_000;
/** Decoded images larger than this (in pixels) are skipped by PDF.js instead of allocated. */
const MAX_DECODED_IMAGE_PIXELS = 64_000_000;

const loadCanvas = () => import('@napi-rs/canvas');

type CanvasFactoryClass = Awaited<ReturnType<typeof createIsomorphicCanvasFactory>>;
type CanvasFactory = InstanceType<CanvasFactoryClass>;
type CanvasFactoryOptions = ConstructorParameters<CanvasFactoryClass>[0];

let loadedCanvasFactory: CanvasFactoryClass | undefined;

/** Loads the canvas (Skia, about 35 MB of a parsing process) once a page is to be drawn, and only then. */
async function loadCanvasFactory(): Promise<CanvasFactoryClass> {
  loadedCanvasFactory ??= await createIsomorphicCanvasFactory(loadCanvas);
  return loadedCanvasFactory;
}

/**
 * The canvases PDF.js draws a page with, made by the real factory once `loadCanvasFactory` has run. PDF.js makes
 * its factory when a document opens but asks it for a canvas only while drawing a page, and pages are drawn only by
 * renderForOcr, after it has loaded the canvas: a document none of whose pages needs OCR never loads it.
 */
class CanvasOnDemand {
  private inner: CanvasFactory | undefined;

  constructor(private readonly options: CanvasFactoryOptions) {}

  create(width: number, height: number): ReturnType<CanvasFactory['create']> {
    return this.factory().create(width, height);
  }

  reset(context: Parameters<CanvasFactory['reset']>[0], width: number, height: number): void {
    this.factory().reset(context, width, height);
  }

  destroy(context: Parameters<CanvasFactory['destroy']>[0]): void {
    this.factory().destroy(context);
  }

  private factory(): CanvasFactory {
    if (loadedCanvasFactory === undefined) throw new Error('The canvas was asked for before it was loaded.');
    this.inner ??= new loadedCanvasFactory(this.options);
    return this.inner;
  }
}

function isUnreadable(text: string): boolean {
  const visible = text.replace(/\s/g, '');
  if (visible.length === 0) return false;
  const unmapped = (visible.match(/[\uE000-\uF8FF\uFFFD]/g) ?? []).length;
  return unmapped / visible.length > UNREADABLE_SHARE;
}

function multiply(m: number[], n: number[]): number[] {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

interface PageDrawing {
  /** Share of the page that painted images cover (overlaps counted twice, capped at 1). */
  imageCoverage: number;
  /** Paths drawn: text converted to outlines shows up as many of them. */
  paths: number;
}

async function drawingOf(page: PdfPage, pdfjs: PdfJs): Promise<PageDrawing> {
  const { OPS } = pdfjs;
  const imageOps = new Set([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
  ]);
  const list = await page.getOperatorList();
  const [x0, y0, x1, y1] = page.view;
  const pageArea = Math.abs((x1 - x0) * (y1 - y0));
  let matrix = [1, 0, 0, 1, 0, 0];
  const saved: number[][] = [];
  let covered = 0;
  let paths = 0;
  list.fnArray.forEach((op, index) => {
    const args = list.argsArray[index] as unknown[] | null;
    if (op === OPS.save || op === OPS.paintFormXObjectBegin) {
      saved.push(matrix);
      if (op === OPS.paintFormXObjectBegin && Array.isArray(args?.[0])) matrix = multiply(matrix, args[0] as number[]);
    } else if (op === OPS.restore || op === OPS.paintFormXObjectEnd) {
      matrix = saved.pop() ?? matrix;
    } else if (op === OPS.transform && Array.isArray(args)) {
      matrix = multiply(matrix, args as number[]);
    } else if (imageOps.has(op)) {
      covered += Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]);
    } else if (op === OPS.constructPath) {
      paths += 1;
    }
  });
  return { imageCoverage: pageArea === 0 ? 0 : Math.min(1, covered / pageArea), paths };
}

async function needsOcr(text: string, page: PdfPage, pdfjs: PdfJs): Promise<boolean> {
  if (isUnreadable(text)) return true;
  const letters = meaningfulLength(text);
  if (letters >= STAMPED_SCAN_TEXT) return false;
  const drawing = await drawingOf(page, pdfjs);
  if (letters < SPARSE_TEXT) return drawing.imageCoverage > 0 || drawing.paths >= OUTLINED_TEXT_PATHS;
  return drawing.imageCoverage >= SCAN_COVERAGE;
}

async function renderForOcr(page: PdfPage, limits: ParseLimits): Promise<Uint8Array> {
  const [x0, y0, x1, y1] = page.view;
  const width = Math.abs(x1 - x0);
  const height = Math.abs(y1 - y0);
  const maxPixels = Math.min(MAX_RENDER_PIXELS, limits.maxImagePixels);
  const scale = Math.min(limits.ocrDpi / 72, Math.sqrt(maxPixels / Math.max(1, width * height)));
  const Factory = await loadCanvasFactory();
  const viewport = page.getViewport({ scale });
  const factory = new Factory();
  const drawing = factory.create(viewport.width, viewport.height);
  try {
    await page.render({ canvas: drawing.canvas, canvasContext: drawing.context, viewport }).promise;
    const image = new GreyPage(drawing.canvas.width, drawing.canvas.height);
    // The canvas's own pixels, not a copy (getImageData would copy the page, 34 MB at 300 DPI).
    image.setPremultipliedRows(0, image.height, drawing.canvas.data());
    return image.toPng();
  } finally {
    factory.destroy(drawing);
  }
}

function openError(error: unknown): ParseError {
  if ((error as { name?: unknown } | null)?.name === 'PasswordException') return new ParseError('encrypted');
  return ParseError.damaged(`pdf: ${describeError(error)}`);
}

/**
 * PDF: the text layer of each page in reading order (see layoutPageText); a page without a
 * usable text layer (none, too little on a scanned image, or unmapped glyphs) is rendered and
 * read by OCR when an engine is given. Pages are joined with PAGE_SEPARATOR.
 */
export class PdfParser implements DocumentParser {
  async parse(input: Buffer, options: ParseOptions): Promise<ParsedDocument> {
    const limits = resolveLimits(options);
    const engine = options.ocr === false ? undefined : options.ocrEngine;
    await usePatchedPdfJs();
    const pdfjs = await getResolvedPDFJS();
    let document: PdfDocument;
    try {
      document = await getDocumentProxy(new Uint8Array(input), {
        verbosity: 0,
        isEvalSupported: false,
        useSystemFonts: false,
        disableFontFace: true,
        maxImageSize: MAX_DECODED_IMAGE_PIXELS,
        ...(engine === undefined ? {} : { CanvasFactory: CanvasOnDemand }),
      });
    } catch (error) {
      throw openError(error);
    }
    try {
      if (document.numPages > limits.maxPages) {
        throw new ParseError('too-large', `The document has more pages than can be processed (over ${limits.maxPages}).`);
      }
      const builder = new PagedTextBuilder(limits.maxCharacters);
      for (let number = 1; number <= document.numPages; number += 1) {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        const text = layoutPageText(content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item));
        let pageText = text;
        let ocr = false;
        if (engine !== undefined && (await needsOcr(text, page, pdfjs))) {
          const recognised = normalizeOcrText(await engine.recognize(await renderForOcr(page, limits)));
          if (meaningfulLength(recognised) > meaningfulLength(text) || isUnreadable(text)) {
            pageText = recognised;
            ocr = true;
          }
        }
        builder.addPage(pageText, ocr);
        page.cleanup();
        options.onProgress?.({ page: number, pages: document.numPages });
      }
      return builder.build();
    } catch (error) {
      if (error instanceof ParseError) throw error;
      throw ParseError.damaged(`pdf: ${describeError(error)}`);
    } finally {
      await document.destroy();
    }
  }
}
