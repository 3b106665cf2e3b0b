import { join } from 'node:path';

/** The passages accepted as the answer to one question in one contract; none when the contract lacks the clause. */
export interface TopicJudgment {
  spans: [number, number][];
  /** Where they were found: the headings of their sections, '(sentence)' for a sentence outside one. */
  basis: string[];
}

export interface Judgments {
  /** "file: question" of each judgment read by hand (bench/questions/corrections.json). */
  reviewed: string[];
  /** file → question id → judgment, for the questions no CUAD category answers. */
  contracts: Record<string, Record<string, TopicJudgment>>;
}

/** Judgments read by hand (bench/questions/corrections.json). */
export interface Corrections {
  /** A sentence that answers a question the draft judged otherwise. */
  accept: { file: string; question: string; quote: string; why: string }[];
  /** A draft judgment that stands where the engine disagreed. */
  kept: { file: string; question: string; why: string }[];
  /** One clause that answers two questions of a contract, so that one answer to both is no duplicate. */
  answersBoth: { file: string; questions: [string, string]; quote: string; why: string }[];
}

export const JUDGMENTS_PATH = join(__dirname, 'judgments.json');
export const CORRECTIONS_PATH = join(__dirname, 'corrections.json');
