import type { DetectedType } from '@api/modules/documents/file-type';
import { MAX_TEXT_CHARACTERS, type ParseReport } from '@api/modules/documents/parse-report';

export type { ParseReport };

/** A page of the canonical text: `text.slice(start, end)`, end exclusive. */
export interface PageSpan {
  page: number;
  start: number;
  end: number;
  ocr: boolean;
}

/**
 * The canonical text of a document and where each page lies in it. Pages cover the text without
 * gaps: the first starts at 0, each starts where the previous ends, the last ends at text.length.
 * Pages are joined with PAGE_SEPARATOR, which belongs to the end of the page before it.
 */
export interface ParsedDocument {
  text: string;
  pages: PageSpan[];
  report: ParseReport;
}

export const PAGE_SEPARATOR = '\n\n';

export interface ParseLimits {
  maxPages: number;
  maxCharacters: number;
  /** Width times height of an image to recognise, or of a rendered page. */
  maxImagePixels: number;
  maxArchiveEntries: number;
  /** Sum of the declared uncompressed sizes of a DOCX's entries. */
  maxUncompressedBytes: number;
  /** Uncompressed to compressed size of one DOCX entry larger than 1 MB. */
  maxCompressionRatio: number;
  /** Resolution at which a page without a text layer is rendered for OCR. */
  ocrDpi: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxPages: 5_000,
  maxCharacters: MAX_TEXT_CHARACTERS,
  maxImagePixels: 50_000_000,
  maxArchiveEntries: 10_000,
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 500,
  ocrDpi: 300,
};

/** Recognises the text of one image (PNG, JPEG or TIFF bytes). */
export interface OcrEngine {
  recognize(image: Uint8Array): Promise<string>;
}

export interface ParseProgress {
  page: number;
  pages: number;
}

export interface ParseOptions {
  /** Recognise pages that have no text layer, and images; default true. Needs `ocrEngine`. */
  ocr?: boolean;
  /** Without an engine, pages that need OCR are kept empty and counted in pagesWithoutText. */
  ocrEngine?: OcrEngine;
  limits?: Partial<ParseLimits>;
  /** Called after each page; a worker uses it as a heartbeat. */
  onProgress?: (progress: ParseProgress) => void;
}

export interface DocumentParser {
  parse(input: Buffer, options: ParseOptions): Promise<ParsedDocument>;
}

export type DocumentType = DetectedType;

export function resolveLimits(options: ParseOptions): ParseLimits {
  return { ...DEFAULT_PARSE_LIMITS, ...options.limits };
}
