import { tidyLines } from './paged-text';

/** What PDF.js reports for one run of text on a page. */
export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, e, f]: e, f is the baseline origin in page space (y grows upwards). */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/** A line ends where PDF.js says so, or where the baseline moves by half a font size. */
const SAME_LINE_TOLERANCE = 0.5;
/** A gap between baselines this many font sizes wide separates paragraphs. */
const PARAGRAPH_GAP = 1.6;
/** A horizontal gap this many font sizes wide between runs on a line is a space. */
const WORD_GAP = 0.15;

/** Control characters other than tab and line feed, which some PDFs map glyphs to. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

function fontSizeOf(item: PdfTextItem): number {
  const size = Math.hypot(item.transform[2], item.transform[3]);
  return size > 0 ? size : Math.max(item.height, 1);
}

/**
 * The text of a page in content order (which PDF.js keeps as the document's reading order):
 * runs joined into lines, lines into paragraphs separated by a blank line, trailing spaces
 * and control characters removed.
 */
export function layoutPageText(items: readonly PdfTextItem[]): string {
  const out: string[] = [];
  let lineY: number | undefined;
  let lineSize = 0;
  let lastEndX = 0;
  let lastChar = '\n';
  let breakPending = false;

  const push = (text: string): void => {
    if (text === '') return;
    out.push(text);
    lastChar = text[text.length - 1];
  };

  for (const item of items) {
    const text = item.str.replace(CONTROLS, '');
    const x = item.transform[4];
    const y = item.transform[5];
    const size = fontSizeOf(item);
    if (text !== '') {
      if (lineY !== undefined) {
        const drop = lineY - y;
        const newLine = breakPending || Math.abs(drop) > Math.max(size, lineSize) * SAME_LINE_TOLERANCE;
        if (newLine) {
          // Moving up the page (a new column, a footnote area left behind) also starts a paragraph.
          const paragraph = drop < 0 || drop > Math.max(size, lineSize) * PARAGRAPH_GAP;
          push(paragraph ? '\n\n' : '\n');
          lineY = y;
          lineSize = size;
        } else if (lastChar !== ' ' && lastChar !== '\n' && !text.startsWith(' ') && x - lastEndX > size * WORD_GAP) {
          push(' ');
        }
      }
      if (lineY === undefined || lastChar === '\n') {
        lineY = y;
        lineSize = size;
      } else {
        lineSize = Math.max(lineSize, size);
      }
      push(text);
      lastEndX = x + item.width;
      breakPending = false;
    }
    if (item.hasEOL && lineY !== undefined) breakPending = true;
  }
  return tidyLines(out.join(''));
}
