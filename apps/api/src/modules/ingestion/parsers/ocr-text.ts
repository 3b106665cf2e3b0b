import { tidyLines } from './paged-text';

/** Tesseract's output with its form feeds and trailing spaces removed. */
export function normalizeOcrText(text: string): string {
  return tidyLines(text.replace(/\f/g, '\n'));
}

/** Letters and digits: what makes a page's text worth more than another's. */
export function meaningfulLength(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}
