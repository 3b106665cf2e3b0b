import mammoth from 'mammoth';
import { PagedTextBuilder, tidyLines } from './paged-text';
import { describeError, ParseError } from '@api/modules/common/parse-error';
import { type DocumentParser, type ParsedDocument, type ParseLimits, type ParseOptions, resolveLimits } from './parser.types';
import { ZipArchive } from '@api/modules/common/zip-archive';

/** The parts of mammoth's document model that carry text (see mammoth's "document transforms"). */
interface DocxNode {
  type: string;
  children?: DocxNode[];
  value?: string;
  styleName?: string | null;
  styleId?: string | null;
  numbering?: { isOrdered: boolean; level: string } | null;
  breakType?: 'line' | 'page' | 'column';
  checked?: boolean;
  noteType?: string;
  noteId?: string;
}

interface DocxNote {
  body: DocxNode[];
}

interface DocxDocument extends DocxNode {
  notes: { resolve(reference: DocxNode): DocxNote | null };
}

const CELL_SEPARATOR = ' | ';
const MAX_NESTING = 200;

export const DOCX_DAMAGED = 'This Word file is damaged or is not a valid DOCX.';

/**
 * Verifies the archive before mammoth opens it: bounded entries, declared sizes and packing, and
 * every entry inflating to exactly its declared size, so mammoth never meets a part that lies.
 */
async function checkArchive(input: Buffer, limits: ParseLimits): Promise<void> {
  const archive = await ZipArchive.open(input);
  try {
    const entries = await archive.list({
      maxEntries: limits.maxArchiveEntries,
      maxUncompressedBytes: limits.maxUncompressedBytes,
      maxCompressionRatio: limits.maxCompressionRatio,
    });
    if (!entries.some((entry) => entry.name === 'word/document.xml')) throw ParseError.damaged('docx: no word/document.xml');
    for (const entry of entries) await archive.verify(entry);
  } finally {
    archive.close();
  }
}

/** Text of a DOCX document, built from mammoth's document model. */
class DocxTextWriter {
  readonly pages: string[] = [];
  tables = 0;
  private blocks: string[] = [];
  private readonly notes: string[] = [];
  private lastWasListItem = false;
  private characters = 0;

  constructor(
    private readonly document: DocxDocument,
    private readonly maxCharacters: number,
  ) {}

  write(): string[] {
    for (const child of this.document.children ?? []) this.block(child, 0);
    if (this.notes.length > 0) this.blocks.push(this.notes.map((note, index) => `[${index + 1}] ${note}`).join('\n'));
    this.finishPage();
    return this.pages;
  }

  private finishPage(): void {
    this.pages.push(tidyLines(this.blocks.join('\n\n')));
    this.blocks = [];
  }

  private block(node: DocxNode, depth: number): void {
    if (depth > MAX_NESTING) throw new ParseError('too-complex', 'The document is nested too deeply to be read.', 'docx: nesting');
    if (node.type === 'paragraph') {
      this.paragraph(node, depth);
    } else if (node.type === 'table') {
      this.tables += 1;
      const rows = (node.children ?? []).map((row) => this.row(row, depth + 1)).filter((row) => row.trim() !== '');
      this.lastWasListItem = false;
      if (rows.length > 0) this.blocks.push(rows.join('\n'));
      this.checkSize(rows.reduce((sum, row) => sum + row.length + 1, 0));
    } else {
      for (const child of node.children ?? []) this.block(child, depth + 1);
    }
  }

  private paragraph(node: DocxNode, depth: number): void {
    const isListItem = node.numbering !== null && node.numbering !== undefined;
    const bullet = isListItem && node.numbering?.isOrdered === false ? '- ' : '';
    this.inline(node.children ?? [], depth + 1, true).forEach((segment, index) => {
      if (index > 0) {
        this.finishPage();
        this.lastWasListItem = false;
      }
      const text = tidyLines(segment).trim();
      if (text === '') return;
      const last = this.blocks.length - 1;
      // Consecutive list items stay on consecutive lines.
      if (isListItem && this.lastWasListItem && last >= 0) this.blocks[last] += `\n${bullet}${text}`;
      else this.blocks.push(bullet + text);
      this.lastWasListItem = isListItem;
      this.checkSize(text.length + bullet.length + 2);
    });
  }

  private checkSize(added: number): void {
    this.characters += added;
    if (this.characters > this.maxCharacters) {
      throw new ParseError('too-large', `The document has more text than can be processed (over ${this.maxCharacters.toLocaleString('en-US')} characters).`);
    }
  }

  private row(row: DocxNode, depth: number): string {
    if (depth > MAX_NESTING) throw new ParseError('too-complex', 'The document is nested too deeply to be read.', 'docx: nesting');
    return (row.children ?? [])
      .map((cell) => this.cellText(cell, depth + 1))
      .join(CELL_SEPARATOR)
      .trimEnd();
  }

  private cellText(node: DocxNode, depth: number): string {
    if (depth > MAX_NESTING) throw new ParseError('too-complex', 'The document is nested too deeply to be read.', 'docx: nesting');
    const parts: string[] = [];
    for (const child of node.children ?? []) {
      if (child.type === 'paragraph') parts.push(this.inline(child.children ?? [], depth + 1, false).join(' '));
      else if (child.type === 'table') {
        this.tables += 1;
        parts.push((child.children ?? []).map((row) => this.row(row, depth + 1)).join('; '));
      } else parts.push(this.cellText(child, depth + 1));
    }
    return parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '').join(' ');
  }

  /** Inline content; a page break splits it into segments when `pageBreaks` is set. */
  private inline(nodes: DocxNode[], depth: number, pageBreaks: boolean): string[] {
    const segments: string[] = [''];
    const append = (text: string): void => {
      segments[segments.length - 1] += text;
    };
    const visit = (node: DocxNode, level: number): void => {
      if (level > MAX_NESTING) throw new ParseError('too-complex', 'The document is nested too deeply to be read.', 'docx: nesting');
      switch (node.type) {
        case 'text':
          append(node.value ?? '');
          return;
        case 'tab':
          append('\t');
          return;
        case 'checkbox':
          append(node.checked ? '[x] ' : '[ ] ');
          return;
        case 'break':
          if (node.breakType === 'page' && pageBreaks) segments.push('');
          else append(node.breakType === 'page' ? ' ' : '\n');
          return;
        case 'noteReference': {
          const note = this.document.notes.resolve(node);
          if (note === null) return;
          const text = note.body.map((child) => this.inline(child.children ?? [], level + 1, false).join(' ')).join(' ');
          this.notes.push(text.replace(/\s+/g, ' ').trim());
          append(`[${this.notes.length}]`);
          return;
        }
        default:
          for (const child of node.children ?? []) visit(child, level + 1);
      }
    };
    for (const node of nodes) visit(node, depth);
    return segments;
  }
}

/**
 * DOCX: paragraphs separated by blank lines, headings as their own paragraphs, table rows one line
 * each with cells joined by " | ", bullet items prefixed "- ", footnotes and endnotes numbered at
 * the end. A page break in the text starts a new page; otherwise the document is one page.
 */
export class DocxParser implements DocumentParser {
  async parse(input: Buffer, options: ParseOptions): Promise<ParsedDocument> {
    const limits = resolveLimits(options);
    try {
      await checkArchive(input, limits);
    } catch (error) {
      throw error instanceof ParseError && error.code === 'damaged' ? new ParseError('damaged', DOCX_DAMAGED, error.detail) : error;
    }
    let captured: DocxDocument | undefined;
    try {
      await mammoth.convertToHtml(
        { buffer: input },
        {
          externalFileAccess: false,
          includeEmbeddedStyleMap: false,
          transformDocument: (document: DocxDocument) => {
            captured = document;
            // Nothing is left for the HTML conversion, which this parser does not use.
            return { ...document, children: [] };
          },
        },
      );
    } catch (error) {
      if (error instanceof ParseError) throw error;
      throw new ParseError('damaged', DOCX_DAMAGED, `docx: ${describeError(error)}`);
    }
    if (captured === undefined) throw new ParseError('damaged', DOCX_DAMAGED, 'docx: no document body');
    const writer = new DocxTextWriter(captured, limits.maxCharacters);
    const pages = writer.write();
    if (pages.length > limits.maxPages) {
      throw new ParseError('too-large', `The document has more pages than can be processed (over ${limits.maxPages}).`);
    }
    const builder = new PagedTextBuilder(limits.maxCharacters);
    pages.forEach((page) => builder.addPage(page));
    builder.countTables(writer.tables);
    return builder.build();
  }
}
