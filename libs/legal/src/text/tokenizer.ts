import { stem } from './stemmer';
import { ENGLISH_STOPWORDS } from './stopwords';

export interface TokenizeOptions {
  /** Apply the stemmer (default true). */
  stem?: boolean;
  /** Words dropped before stemming (default: English function words); `false` keeps every word. */
  stopwords?: ReadonlySet<string> | false;
}

export interface Token {
  /** The normalised (and by default stemmed) term. */
  term: string;
  /** [start, end) of the word in the input text. */
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)*/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const POSSESSIVE = /['\u2019]s$/;
const NON_WORD = /[^\p{L}\p{N}]/gu;
const NON_ASCII = /[^ -~]/;

/** Lowercases, strips accents and possessive endings: "Party’s" -> "party", "Société" -> "societe". */
export function normalizeWord(word: string): string {
  let w = word.toLowerCase();
  if (NON_ASCII.test(w)) w = w.normalize('NFKD').replace(COMBINING_MARKS, '');
  return w.replace(POSSESSIVE, '').replace(NON_WORD, '');
}

const STEM_CACHE_LIMIT = 100_000;
const stemCache = new Map<string, string>();

function cachedStem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** Tokens of `text` with their offsets; stopwords are skipped. */
export function tokenizeWithOffsets(text: string, options: TokenizeOptions = {}): Token[] {
  const useStem = options.stem ?? true;
  const stopwords = options.stopwords === undefined ? ENGLISH_STOPWORDS : options.stopwords;
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalizeWord(match[0]);
    if (word.length === 0) continue;
    if (stopwords && stopwords.has(word)) continue;
    const start = match.index ?? 0;
    tokens.push({ term: useStem ? cachedStem(word) : word, start, end: start + match[0].length });
  }
  return tokens;
}

/** The terms of `text`: lowercase, accent-free, stopwords removed, stemmed. */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  return tokenizeWithOffsets(text, options).map((token) => token.term);
}

/** Adjacent pairs of terms ("change of control" -> "chang control"), a cheap stand-in for phrase matching. */
export function bigrams(terms: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 1; i < terms.length; i++) pairs.push(`${terms[i - 1]} ${terms[i]}`);
  return pairs;
}
