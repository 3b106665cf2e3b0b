import type { CuadCategory } from './categories';

/** A pattern and how much evidence it adds; a score of 1 is enough for a finding. */
export type Cue = readonly [pattern: RegExp, weight: number];

/** How sentences of one kind of clause are recognised, whatever names the kind. */
export interface SentenceRule {
  /** Every pattern here must match the sentence before any cue is counted. */
  requires?: readonly RegExp[];
  cues: readonly Cue[];
  /** Matched against the heading of the section the sentence sits in. */
  headings?: readonly Cue[];
  negatives?: readonly Cue[];
  /** A section heading naming the category: its first sentence counts even without a cue. */
  sectionTitle?: RegExp;
  /** Score a sentence needs to be reported (default 1). */
  minScore?: number;
  /** Score the best sentence needs for the contract to count as containing the category (default minScore). */
  documentScore?: number;
  /** Score a sentence needs to be quoted as the answer to a question about the category (default documentScore). */
  answerScore?: number;
}

export interface ClauseRule extends SentenceRule {
  category: CuadCategory;
  /** The category only applies to contracts where one of these is present (e.g. exceptions need a restriction). */
  dependsOn?: readonly CuadCategory[];
}

/** Builds a case-insensitive, dot-all pattern; `${DURATION}` style substitutions are inserted raw. */
export function re(strings: TemplateStringsArray, ...subs: string[]): RegExp {
  return new RegExp(String.raw({ raw: strings.raw }, ...subs), 'is');
}
