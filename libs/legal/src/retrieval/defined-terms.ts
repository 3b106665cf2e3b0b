/**
 * Terms a document defines for itself, and what they stand for: `"Confidential Information" means ...`,
 * `Acme Corp. (the "Disclosing Party")`, `hereinafter referred to as "Recipient"`. A question asked in one
 * document's words ("the Receiving Party") is resolved to another's ("Recipient") through these definitions.
 */

export interface DefinedTerm {
  /** The defined term as written, without quotes ("Disclosing Party"). */
  term: string;
  /** The words it stands for: what follows "means", or the name before the parenthesis. */
  definition: string;
}

const QUOTE_OPEN = '["\u201c\u2018\']';
const QUOTE_CLOSE = '["\u201d\u2019\']';
/** A defined term: a capitalised phrase of at most six words inside quotes. */
const TERM = `${QUOTE_OPEN}\\s*([A-Z][\\w&'\u2019-]*(?:\\s+[\\w&'\u2019-]+){0,5})\\s*${QUOTE_CLOSE}`;

/** `"X" means / shall mean / includes / refers to / has the meaning ...`: the definition follows. */
const MEANS = new RegExp(`${TERM}\\s*(?:,\\s*)?(?:shall\\s+|will\\s+|is\\s+)?(?:mean|means|include|includes|refers?\\s+to|shall\\s+refer\\s+to|is\\s+defined\\s+as|has\\s+the\\s+meaning|shall\\s+have\\s+the\\s+meaning)\\b[:\\s]*`, 'g');
/** `(the "X")`, `(hereinafter "X")`, `(collectively, the "X")`, `(referred to as "X")`: the definition precedes. */
const NAMED = new RegExp(
  `\\(\\s*(?:hereinafter|hereafter|herein)?\\s*(?:(?:collectively|individually|each|together)\\s*,?\\s*)?(?:(?:referred\\s+to|defined)\\s+)?(?:as\\s+)?(?:the\\s+|a\\s+|an\\s+)?${TERM}`,
  'g',
);
/** `..., hereinafter referred to as "X"` without a parenthesis. */
const REFERRED = new RegExp(`,?\\s*(?:hereinafter|hereafter)\\s+(?:referred\\s+to\\s+|called\\s+)?(?:as\\s+)?(?:the\\s+)?${TERM}`, 'g');

const MAX_DEFINITION_CHARS = 400;
const MAX_NAME_CHARS = 160;
/** What ends the text before a name: a sentence, a clause break, a line, or the words that join parties in a preamble. */
const NAME_BOUNDARY = /\.\s+(?=[A-Z])|[;:()\n]|\b(?:between|Between|BETWEEN|and|AND|by|BY)\b/g;

function definitionAfter(text: string, from: number): string {
  const rest = text.slice(from, from + MAX_DEFINITION_CHARS);
  const end = rest.search(/\.\s+[A-Z0-9(\u201c"]|\.$|\n\s*\n|;\s/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

function nameBefore(text: string, at: number): string {
  const before = text.slice(Math.max(0, at - MAX_NAME_CHARS), at);
  let start = 0;
  for (const m of before.matchAll(NAME_BOUNDARY)) start = (m.index ?? 0) + m[0].length;
  return before.slice(start).replace(/^[\s,]+|[\s,]+$/g, '');
}

/** Every term the text defines, with its definition; a term defined twice keeps its first definition. */
export function findDefinedTerms(text: string): DefinedTerm[] {
  const found = new Map<string, DefinedTerm>();
  const add = (term: string, definition: string): void => {
    const key = term.trim();
    if (definition.length === 0 || found.has(key)) return;
    found.set(key, { term: key, definition });
  };
  for (const m of text.matchAll(MEANS)) add(m[1], definitionAfter(text, (m.index ?? 0) + m[0].length));
  for (const m of text.matchAll(NAMED)) add(m[1], nameBefore(text, m.index ?? 0));
  for (const m of text.matchAll(REFERRED)) add(m[1], nameBefore(text, m.index ?? 0));
  return [...found.values()];
}
