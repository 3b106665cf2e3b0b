import { Parser } from 'htmlparser2';
import { ParseError } from '@api/modules/common/parse-error';
import { tidyLines } from './paged-text';

const SKIPPED = new Set(['head', 'script', 'style', 'noscript', 'template', 'title', 'svg', 'math', 'iframe', 'object', 'canvas', 'select', 'datalist']);
const PARAGRAPHS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl', 'hr',
  'figure', 'address', 'fieldset', 'details',
]);
const LINES = new Set([
  'div', 'li', 'tr', 'dt', 'dd', 'section', 'article', 'header', 'footer', 'nav', 'aside', 'main', 'form',
  'figcaption', 'summary', 'caption', 'center', 'legend', 'thead', 'tbody', 'tfoot', 'body', 'option',
]);
const CELLS = new Set(['td', 'th']);
const CELL_SEPARATOR = ' | ';
const MAX_DEPTH = 10_000;

export interface HtmlText {
  text: string;
  tables: number;
}

interface OpenElement {
  name: string;
  skips: boolean;
  listIndex?: number;
}

/**
 * Visible text of an HTML document: no head, scripts, styles or hidden elements; block elements
 * become line breaks (blank lines around paragraphs), table rows one line with cells joined by
 * " | ", list items prefixed "- " or their number. Whitespace collapses except inside <pre>.
 */
export function htmlToText(html: string, maxCharacters: number): HtmlText {
  const parts: string[] = [];
  let length = 0;
  let lastChar = '\n';
  let pendingBreak = 0;
  let pendingSpace = false;
  let skipDepth = 0;
  let preDepth = 0;
  let tables = 0;
  const cellsInRow: number[] = [];
  const stack: OpenElement[] = [];

  const write = (piece: string): void => {
    length += piece.length;
    if (length > maxCharacters) {
      throw new ParseError('too-large', `The document has more text than can be processed (over ${maxCharacters.toLocaleString('en-US')} characters).`);
    }
    parts.push(piece);
    lastChar = piece[piece.length - 1];
  };
  const requestBreak = (level: number): void => {
    pendingBreak = Math.max(pendingBreak, level);
    pendingSpace = false;
  };
  const emit = (text: string): void => {
    if (text === '') return;
    if (pendingBreak > 0 && length > 0) write('\n'.repeat(pendingBreak));
    pendingBreak = 0;
    if (pendingSpace && lastChar !== '\n' && lastChar !== ' ' && !text.startsWith(' ')) write(' ');
    pendingSpace = false;
    write(text);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (stack.length >= MAX_DEPTH) {
          throw new ParseError('too-complex', 'The document is nested too deeply to be read.', `html: depth over ${MAX_DEPTH}`);
        }
        const hidden =
          'hidden' in attributes ||
          attributes['aria-hidden'] === 'true' ||
          /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(attributes.style ?? '');
        const element: OpenElement = { name, skips: SKIPPED.has(name) || hidden };
        stack.push(element);
        if (element.skips) skipDepth += 1;
        if (skipDepth > 0) return;
        if (name === 'pre') preDepth += 1;
        if (name === 'table') tables += 1;
        if (name === 'ol') element.listIndex = Number.parseInt(attributes.start ?? '1', 10) || 1;
        if (PARAGRAPHS.has(name)) requestBreak(2);
        else if (LINES.has(name)) requestBreak(1);
        if (name === 'tr') cellsInRow.push(0);
        if (CELLS.has(name) && cellsInRow.length > 0) {
          const count = cellsInRow[cellsInRow.length - 1];
          if (count > 0) {
            pendingSpace = false;
            emit(CELL_SEPARATOR);
          }
          cellsInRow[cellsInRow.length - 1] = count + 1;
        }
        if (name === 'li') {
          const list = stack.findLast((open) => open.name === 'ol' || open.name === 'ul');
          if (list?.listIndex !== undefined) {
            emit(`${list.listIndex}. `);
            list.listIndex += 1;
          } else {
            emit('- ');
          }
        }
        if (name === 'br') {
          pendingSpace = false;
          if (length > 0) write('\n');
        }
      },
      ontext(text) {
        if (skipDepth > 0) return;
        if (preDepth > 0) {
          emit(text);
          return;
        }
        const collapsed = text.replace(/\s+/g, ' ');
        const body = collapsed.trim();
        if (collapsed.startsWith(' ')) pendingSpace = true;
        if (body === '') return;
        emit(body);
        if (collapsed.endsWith(' ')) pendingSpace = true;
      },
      onclosetag(name) {
        // htmlparser2 reports every close, implied ones included, in the order of its own stack.
        const element = stack.pop();
        if (element === undefined) return;
        if (element.skips) {
          skipDepth -= 1;
          return;
        }
        if (skipDepth > 0) return;
        if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
        if (name === 'tr') cellsInRow.pop();
        if (PARAGRAPHS.has(name)) requestBreak(2);
        else if (LINES.has(name)) requestBreak(1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { text: tidyLines(parts.join('')), tables };
}

