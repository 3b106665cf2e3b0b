import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseLegalQuery } from '@casewise/legal';
import { decodeText } from '@api/modules/ingestion/parsers/text-decoding';
import type { DevQuery } from './cuad';

export type RetrievalSetting = 'single' | 'pooled';

/** Where a retrieval data set in the shared layout keeps its texts, queries and categories. */
export interface RetrievalDataPaths {
  corpus: string;
  queries: string;
  categories: string;
}

const first = (dir: string, candidates: readonly string[]): string | undefined => candidates.map((c) => join(dir, c)).find((path) => existsSync(path));

/**
 * The paths of a data set laid out as the shared data sets are (`cuad/`, `contractnli/`): `txt/`, the queries in
 * `dev/queries.json` or `queries.json`, and `categories.json` beside the queries or at the top. The pooled setting
 * reads `queries_pooled.json` when the data set has one: its questions do not name the agreement themselves, so
 * the benchmark's "Consider the <title> between <parties>; ..." rewrite is not written twice.
 */
export function retrievalDataPaths(dir: string, setting: RetrievalSetting): RetrievalDataPaths {
  const root = resolve(dir);
  const pooled = setting === 'pooled' ? ['dev/queries_pooled.json', 'queries_pooled.json'] : [];
  const queries = first(root, [...pooled, 'dev/queries.json', 'queries.json']);
  if (queries === undefined) throw new Error(`No queries in ${root}: expected dev/queries.json or queries.json`);
  const categories = first(dirname(queries), ['categories.json']) ?? first(root, ['categories.json']);
  if (categories === undefined) throw new Error(`No categories.json in ${root}`);
  return { corpus: join(root, 'txt'), queries, categories };
}

/** A corpus file as the app stores it, and how far the data set's offsets must move to point into that text. */
export interface CorpusText {
  text: string;
  /** Characters before the stored text in the data set's reading of the file (1 for a UTF-8 byte-order mark). */
  dropped: number;
}

/**
 * Reads a corpus file with the app's own decoding (`decodeText`: a byte-order mark dropped, nothing else changed).
 * A data set's offsets count characters of the file read as UTF-8, where a byte-order mark is a character, so
 * `dropped` says how far they lie past the stored text's.
 */
export function readCorpusText(path: string): CorpusText {
  return corpusText(readFileSync(path));
}

export function corpusText(bytes: Buffer): CorpusText {
  const text = decodeText(bytes);
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { text, dropped: bom ? 1 : 0 };
}

/** Gold spans moved into the stored text: `dropped` characters earlier, clipped at its start, empty ones left out. */
export function storedSpans(spans: readonly [number, number][], dropped: number): [number, number][] {
  return spans.map(([start, end]): [number, number] => [Math.max(0, start - dropped), Math.max(0, end - dropped)]).filter(([start, end]) => end > start);
}

/**
 * The group a query's figures are reported under: its category, or, in a data set with a single category (ContractNLI
 * asks the same hypotheses of every agreement), the question itself without the part that names the document.
 */
export function reportGroups(queries: readonly Pick<DevQuery, 'category' | 'question'>[]): string[] {
  const categories = new Set(queries.map((query) => query.category));
  if (categories.size > 1) return queries.map((query) => query.category);
  return queries.map((query) => parseLegalQuery(query.question).question.trim());
}
