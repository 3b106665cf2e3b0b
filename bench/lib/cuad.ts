import { readFileSync } from 'node:fs';
import { requireData } from './data';

/**
 * A path in the CUAD data set, the benchmarks' default when no path is given as an argument: in CASEWISE_DATA, else
 * ../shared/data beside the repository. Fails with a message naming the missing path and how to provide it.
 */
export function cuadPath(...parts: string[]): string {
  return requireData(['cuad', ...parts]);
}

export interface DevQuery {
  id: string;
  file: string;
  category: string;
  question: string;
  title: string;
  parties: string;
  spans: [number, number][];
}

export interface Category {
  category: string;
  description: string;
  question: string;
  legalbench_rag: boolean;
}

/** file → category → gold spans; a category with an empty list was marked but is not verbatim in the text. */
export type ClauseIndex = Record<string, Record<string, [number, number][]>>;

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function readCategories(path = cuadPath('categories.json')): Category[] {
  return readJson<Category[]>(path);
}

export function readQueries(path = cuadPath('dev', 'queries.json')): DevQuery[] {
  return readJson<DevQuery[]>(path);
}

export function readClauses(path = cuadPath('dev', 'clauses.json')): ClauseIndex {
  return readJson<ClauseIndex>(path);
}

/** Code-unit order, the same on every machine and locale ("sorted by file name"). */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The query as the pooled setting writes it: it names the contract it is about. */
export function pooledQuestion(query: Pick<DevQuery, 'title' | 'parties' | 'question'>): string {
  return `Consider the ${query.title} between ${query.parties}; ${query.question}`;
}

/** A citation's place and words, as the API returns them. */
export interface CitedSpan {
  start: number;
  end: number;
  quote: string;
}

const flatWords = (value: string): string => value.replace(/\s+/g, ' ').trim().toLowerCase();

/** Where `quote` stands in `text`, whitespace read as any run of whitespace; undefined when it is not there. */
export function locateQuote(text: string, quote: string): [number, number] | undefined {
  const words = quote.trim().split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0) return undefined;
  const found = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')).exec(text);
  return found === null ? undefined : [found.index, found.index + found[0].length];
}

/** Whether a citation overlaps one of the annotated spans. */
export function overlapsAnnotation(citation: CitedSpan, spans: readonly [number, number][]): boolean {
  return spans.some(([start, end]) => citation.start < end && start < citation.end);
}

/**
 * Whether a citation answers from an annotated span: it overlaps one, or quotes one's words where the contract
 * states them again (a title the lawyers marked on the cover, quoted from the first page; a party marked in the
 * signature block, named in the preamble that is quoted).
 */
export function citesAnnotation(citation: CitedSpan, spans: readonly [number, number][], text: string): boolean {
  if (overlapsAnnotation(citation, spans)) return true;
  const quote = flatWords(citation.quote);
  return spans.some(([start, end]) => {
    const words = flatWords(text.slice(start, end));
    return words.length >= 4 && quote.includes(words);
  });
}
