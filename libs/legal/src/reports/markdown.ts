/** Characters that Markdown (GFM) would read as formatting, links, HTML or table syntax inside a line. */
const INLINE_SPECIAL = /[\\`*_[\]<>|~]/g;

/** Collapses all whitespace, line breaks included, to single spaces. */
export function flatten(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text made safe to place inside a Markdown line, a heading or a table cell. */
export function escapeInline(text: string): string {
  return flatten(text).replace(INLINE_SPECIAL, '\\$&');
}

/** Shortens text to about `max` characters at a word boundary, marking the cut with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = flatten(text);
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(' ', max);
  return `${flat.slice(0, cut > max / 2 ? cut : max).replace(/[\s,;:]+$/, '')} …`;
}

const LEADING_NUMBER = /^(?:(?:section|article|clause)\s+[0-9][0-9.]*\s+|\([0-9a-z]{1,4}\)\s+|[0-9]{1,3}(?:\.[0-9]{1,3})*\.?\s+|[a-z]\.\s+|[ivx]{1,4}\.\s+)(?=\S)/i;

/** A quotation in curly quotes, without a leading clause number, shortened and escaped for inline use. */
export function quoted(text: string, max: number): string {
  const flat = flatten(text);
  const body = flat.replace(LEADING_NUMBER, '');
  return `“${escapeInline(shorten(body.length >= 20 ? body : flat, max))}”`;
}

/** A GFM table; every cell is escaped, so a pipe or line break in the text cannot break a row. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function capitalize(text: string): string {
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

/** "SUPPLY AND DISTRIBUTION AGREEMENT" -> "Supply and Distribution Agreement"; mixed-case text is kept. */
export function titleCase(text: string): string {
  const flat = flatten(text);
  if (/[a-z]/.test(flat)) return flat;
  const small = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
  return flat
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && small.has(word) ? word : word.replace(/(^|[-/(“"'])(\p{L})/gu, (_m, lead: string, ch: string) => lead + ch.toUpperCase())))
    .join(' ');
}

/** Joins items as prose: "a", "a and b", "a, b and c". */
export function listProse(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
