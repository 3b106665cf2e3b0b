import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The CUAD data shipped beside the repository (see its README). */
export const CUAD_DIR = resolve(__dirname, '../../../shared/data/cuad');

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

export function readCategories(path = join(CUAD_DIR, 'categories.json')): Category[] {
  return readJson<Category[]>(path);
}

export function readQueries(path = join(CUAD_DIR, 'dev', 'queries.json')): DevQuery[] {
  return readJson<DevQuery[]>(path);
}

export function readClauses(path = join(CUAD_DIR, 'dev', 'clauses.json')): ClauseIndex {
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
