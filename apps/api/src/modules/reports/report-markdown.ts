import { Marked, type Token, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { ReportCitation } from './report.types';

/** A run of markers such as [3] or [2, 5] in the report text; numbers index the citations from 1. */
export interface CitationToken {
  type: 'citation';
  raw: string;
  numbers: number[];
}

/** Contiguous top-level tokens, either of the report body or of its Sources section. */
export interface ReportSection {
  sources: boolean;
  tokens: Token[];
}

export type Severity = 'high' | 'medium' | 'low';

/** Link schemes a report may carry; anything else (javascript:, data:, file:) is dropped. */
export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

const CITATION = /^\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\](?!\()/;
const SOURCES_HEADING = /^(?:sources|references)\s*:?$/i;
// Raw HTML elements whose content is code or styling, never prose: dropped together with their content.
const NON_TEXT_ELEMENTS = new Set(['script', 'style', 'noscript', 'textarea', 'template', 'iframe', 'object', 'svg', 'math', 'title', 'head']);

export function isCitationToken(token: { type: string }): token is CitationToken {
  return token.type === 'citation';
}

/**
 * A marked instance (GFM) that reads citation markers as their own inline tokens. Markers that point past
 * the citation list stay plain text, so a stray "[7]" in a quote is never turned into a dangling reference.
 */
export function createReportMarked(citationCount: number, renderCitation?: (token: CitationToken) => string): Marked {
  const citation: TokenizerAndRendererExtension = {
    name: 'citation',
    level: 'inline',
    start(src: string) {
      const index = src.search(/\[\d/);
      return index < 0 ? undefined : index;
    },
    tokenizer(src: string) {
      const match = CITATION.exec(src);
      if (!match) return undefined;
      const numbers = match[1].split(',').map((n) => Number(n.trim()));
      if (numbers.some((n) => n < 1 || n > citationCount)) return undefined;
      const token: CitationToken = { type: 'citation', raw: match[0], numbers };
      return token;
    },
    renderer(token) {
      return renderCitation ? renderCitation(token as unknown as CitationToken) : token.raw;
    },
  };
  return new Marked({ gfm: true, breaks: false, async: false, extensions: [citation] });
}

/**
 * Lexes a report's markdown: raw HTML is reduced to its text (script-like elements vanish), a leading
 * level-1 heading that repeats the report title is dropped (the title block carries it), headings are
 * lifted so the shallowest is level 1, and the tokens are split into body and Sources runs.
 */
export function lexReport(marked: Marked, markdown: string, reportTitle: string): { sections: ReportSection[]; hasSources: boolean } {
  const tokens = cleanRawHtml(marked.lexer(markdown));
  const first = tokens.findIndex((t) => t.type !== 'space');
  if (first >= 0) {
    const head = tokens[first];
    if (head.type === 'heading' && (head as Tokens.Heading).depth === 1 && normalise(head.text).startsWith(normalise(reportTitle))) {
      tokens.splice(first, 1);
    }
  }
  // The shallowest heading becomes level 1, so a body of '##' sections is not all second-level.
  const depths = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((t) => t.depth);
  const shift = depths.length > 0 ? Math.min(...depths) - 1 : 0;
  if (shift > 0) {
    tokens.forEach((t, i) => {
      if (t.type === 'heading') tokens[i] = { ...(t as Tokens.Heading), depth: (t as Tokens.Heading).depth - shift };
    });
  }
  const sections: ReportSection[] = [];
  let sourcesDepth: number | null = null;
  let hasSources = false;
  for (const token of tokens) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      if (sourcesDepth !== null && heading.depth <= sourcesDepth) sourcesDepth = null;
      if (SOURCES_HEADING.test(heading.text.trim())) {
        sourcesDepth = heading.depth;
        hasSources = true;
      }
    }
    const inSources = sourcesDepth !== null;
    const last = sections[sections.length - 1];
    if (last && last.sources === inSources) last.tokens.push(token);
    else sections.push({ sources: inSources, tokens: [token] });
  }
  return { sections, hasSources };
}

/** Text of inline tokens, entities decoded, markers kept as written. */
export function inlineText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((t) => {
      if (isCitationToken(t)) return t.raw;
      if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length > 0) return inlineText(t.tokens as Token[]);
      if (t.type === 'br') return '\n';
      return 'text' in t && typeof t.text === 'string' ? decodeEntities(t.text) : '';
    })
    .join('');
}

export function severityOf(text: string): Severity | null {
  const value = text.trim().toLowerCase();
  return value === 'high' || value === 'medium' || value === 'low' ? value : null;
}

export function isAllowedLink(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim());
  return scheme !== null && ALLOWED_LINK_SCHEMES.includes(scheme[1].toLowerCase());
}

export function citationSource(citation: ReportCitation): string {
  return `${citation.file}, page ${citation.page}`;
}

/** The footnote and appendix text of one citation: 'file, page p: “quote”'. */
export function citationNote(citation: ReportCitation): string {
  return `${citationSource(citation)}: “${collapseWhitespace(citation.quote)}”`;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function formatReportDate(date: Date): string {
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function normalise(text: string): string {
  return collapseWhitespace(decodeEntities(text)).toLowerCase();
}

function htmlToText(html: string): string {
  return collapseWhitespace(decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: [...NON_TEXT_ELEMENTS] })));
}

function plainTextToken(text: string): Tokens.Text {
  return { type: 'text', raw: text, text, escaped: false };
}

/** Replaces raw HTML by its text, recursively; inline script-like elements lose their content too. */
function cleanRawHtml(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let skipping: string | null = null;
  for (const token of tokens) {
    if (token.type === 'html') {
      const html = (token as Tokens.HTML).text;
      if ((token as Tokens.HTML).block) {
        const text = htmlToText(html);
        if (text !== '') out.push({ type: 'paragraph', raw: html, text, tokens: [plainTextToken(text)] } satisfies Tokens.Paragraph);
        continue;
      }
      const tag = /^<\s*(\/?)\s*([a-z][a-z0-9-]*)/i.exec(html);
      if (tag) {
        const name = tag[2].toLowerCase();
        if (skipping === null && tag[1] === '' && NON_TEXT_ELEMENTS.has(name) && !/\/\s*>$/.test(html)) skipping = name;
        else if (skipping === name && tag[1] === '/') skipping = null;
      }
      continue;
    }
    if (skipping !== null) continue;
    out.push(cleanChildren(token));
  }
  return out;
}

function cleanChildren(token: Token): Token {
  switch (token.type) {
    case 'list': {
      const list = token as Tokens.List;
      return { ...list, items: list.items.map((item) => ({ ...item, tokens: cleanRawHtml(item.tokens) })) };
    }
    case 'table': {
      const table = token as Tokens.Table;
      const cell = (c: Tokens.TableCell): Tokens.TableCell => ({ ...c, tokens: cleanRawHtml(c.tokens) });
      return { ...table, header: table.header.map(cell), rows: table.rows.map((row) => row.map(cell)) };
    }
    default:
      if ('tokens' in token && Array.isArray(token.tokens)) return { ...token, tokens: cleanRawHtml(token.tokens as Token[]) } as Token;
      return token;
  }
}
