/**
 * Answers of `bench:answers` reviewed one by one where they disagree with the CUAD lawyers' marks, kept in
 * bench/answers/reviewed.json; the reviewer sees the category's question, the quoted sentence with the text around it
 * and what the lawyers marked, not the engine's rules. Each judgment names a contract, a category and the opening words of the sentence that
 * was quoted, as they stand in the contract:
 * - `answers`: the sentence states a clause of that category although the lawyers marked none there (or marked
 *   another passage): with the judgments, it counts as a span of the category;
 * - `errors`: the sentence does not state such a clause: the answer stays a miss, and the judgment records why.
 * The figures against the lawyers' marks alone stay the benchmark's headline; the reviewed ones are printed beside them.
 */
import { readFileSync } from 'node:fs';
import { locateQuote } from '../lib/cuad';

export interface ReviewedJudgment {
  file: string;
  category: string;
  /** The opening words of the quoted sentence, exactly as the contract writes them (whitespace aside). */
  quote: string;
  why: string;
}

export interface ReviewedFile {
  note: string;
  answers: ReviewedJudgment[];
  errors: ReviewedJudgment[];
}

const key = (file: string, category: string): string => `${file}\u0000${category}`;

export class ReviewedAnswers {
  private readonly accepted = new Map<string, ReviewedJudgment[]>();
  private readonly rejected = new Map<string, ReviewedJudgment[]>();

  constructor(file: ReviewedFile, private readonly categories: ReadonlySet<string>) {
    for (const [list, into] of [
      [file.answers, this.accepted],
      [file.errors, this.rejected],
    ] as const) {
      for (const judgment of list) {
        if (!this.categories.has(judgment.category)) throw new Error(`reviewed judgment for ${judgment.file}: unknown category "${judgment.category}"`);
        if (judgment.quote.trim().length < 12) throw new Error(`reviewed judgment for ${judgment.file} (${judgment.category}): the quote is too short to find its sentence`);
        if (judgment.why.trim().length === 0) throw new Error(`reviewed judgment for ${judgment.file} (${judgment.category}): no reason given`);
        const k = key(judgment.file, judgment.category);
        into.set(k, [...(into.get(k) ?? []), judgment]);
      }
    }
  }

  static read(path: string, categories: ReadonlySet<string>): ReviewedAnswers {
    return new ReviewedAnswers(JSON.parse(readFileSync(path, 'utf8')) as ReviewedFile, categories);
  }

  get size(): { answers: number; errors: number } {
    const count = (map: Map<string, ReviewedJudgment[]>): number => [...map.values()].reduce((sum, list) => sum + list.length, 0);
    return { answers: count(this.accepted), errors: count(this.rejected) };
  }

  /** The spans reviewed as stating the category in this contract; fails on a quote the text does not hold. */
  spansOf(file: string, category: string, text: string): [number, number][] {
    return (this.accepted.get(key(file, category)) ?? []).map((judgment) => this.located(judgment, text));
  }

  /** Whether a citation of this contract and category was reviewed as not stating the clause. */
  isError(file: string, category: string, text: string, citation: { start: number; end: number }): boolean {
    return (this.rejected.get(key(file, category)) ?? []).some((judgment) => {
      const [start, end] = this.located(judgment, text);
      return citation.start < end && start < citation.end;
    });
  }

  private located(judgment: ReviewedJudgment, text: string): [number, number] {
    const span = locateQuote(text, judgment.quote);
    if (span === undefined) throw new Error(`reviewed judgment for ${judgment.file} (${judgment.category}): "${judgment.quote}" is not in the contract`);
    return span;
  }
}
