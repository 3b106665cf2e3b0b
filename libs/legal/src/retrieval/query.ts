import { QUESTION_STOPWORDS } from '../text/stopwords';
import { bigrams, normalizeWord, tokenize } from '../text/tokenizer';
import type { Bm25Query, WeightedTerm } from './bm25-index';
import { LEGAL_THESAURUS } from './legal-thesaurus';

export interface ParsedLegalQuery {
  /** What names the document ("the Distribution Agreement between Acme Inc. and ..."), when given. */
  context?: string;
  /** The question itself. */
  question: string;
}

export interface QueryExpansionOptions {
  /** Weight of a term added from a thesaurus entry (0 turns expansion off). */
  synonymWeight: number;
  /** Weight of a derivational variant of a question term found in the documents (assignee for assignment). */
  morphologyWeight: number;
  /** Weight of the words a question's term stands for in a document that defines it, or of the term a document defines by them. */
  definitionWeight: number;
  /** Weight of a bigram of adjacent question terms (0 turns phrases off). */
  bigramWeight: number;
  /** Drop question-framing words ("contract", "clause", "party"). */
  dropQuestionWords: boolean;
  synonyms: readonly (readonly string[])[];
}

export const DEFAULT_QUERY_EXPANSION: Readonly<QueryExpansionOptions> = {
  synonymWeight: 0.5,
  bigramWeight: 0,
  dropQuestionWords: true,
  synonyms: LEGAL_THESAURUS,
  morphologyWeight: 0.25,
  definitionWeight: 0.3,
};

const CONSIDER = /^\s*consider\s+(?:the\s+)?([\s\S]+);\s*([\s\S]*?)\s*$/i;

/**
 * Splits "Consider the <title> between <parties>; <question>" into the part that names the document and the
 * question. Parties may themselves be separated by semicolons, so the question is what follows the last one.
 */
export function parseLegalQuery(query: string): ParsedLegalQuery {
  const m = CONSIDER.exec(query);
  if (!m || m[2].length === 0) return { question: query.trim() };
  return { context: m[1].trim(), question: m[2] };
}

interface SynonymFamily {
  members: string[][];
}

const familyCache = new WeakMap<readonly (readonly string[])[], SynonymFamily[]>();

function analysedFamilies(synonyms: readonly (readonly string[])[]): SynonymFamily[] {
  let families = familyCache.get(synonyms);
  if (!families) {
    families = synonyms.map((family) => ({ members: family.map((phrase) => tokenize(phrase)).filter((terms) => terms.length > 0) }));
    familyCache.set(synonyms, families);
  }
  return families;
}

function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** The analysed terms of a question, without the words that only frame it. */
export function questionTerms(question: string, dropQuestionWords = true): string[] {
  if (!dropQuestionWords) return tokenize(question);
  const kept = question.split(/(\s+)/).filter((word) => !QUESTION_STOPWORDS.has(normalizeWord(word)));
  return tokenize(kept.join(''));
}

function addWeight(weights: Map<string, number>, term: string, weight: number): void {
  weights.set(term, Math.max(weights.get(term) ?? 0, weight));
}

/**
 * Turns a question into a weighted BM25 query: its own terms at weight 1 (repeats add up), the other members
 * of each thesaurus entry it mentions at `synonymWeight`, and its adjacent pairs as phrases.
 */
export function buildQuestionQuery(question: string, options: Partial<QueryExpansionOptions> = {}): Bm25Query {
  const opts = { ...DEFAULT_QUERY_EXPANSION, ...options };
  const terms = questionTerms(question, opts.dropQuestionWords);
  const own = new Map<string, number>();
  for (const term of terms) own.set(term, (own.get(term) ?? 0) + 1);

  const weights = new Map<string, number>();
  const phrases = new Map<string, number>();
  if (opts.synonymWeight > 0) {
    // Synonyms are matched on the full question so that framing words cannot hide a phrase.
    const allTerms = tokenize(question);
    // A phrase whose first term the question lacks is not looked for along it (most of the thesaurus, for any question).
    const present = new Set(allTerms);
    for (const family of analysedFamilies(opts.synonyms)) {
      if (!family.members.some((member) => present.has(member[0]) && containsSequence(allTerms, member))) continue;
      for (const member of family.members) {
        for (const term of member) if (!own.has(term)) addWeight(weights, term, opts.synonymWeight / member.length);
        if (opts.bigramWeight > 0) for (const pair of bigrams(member)) addWeight(phrases, pair, opts.synonymWeight * opts.bigramWeight);
      }
    }
  }
  for (const [term, count] of own) weights.set(term, count);
  if (opts.bigramWeight > 0) for (const pair of bigrams(terms)) addWeight(phrases, pair, opts.bigramWeight);

  const toList = (map: Map<string, number>): WeightedTerm[] => [...map].map(([term, weight]) => ({ term, weight }));
  return { terms: toList(weights), bigrams: toList(phrases) };
}

/** A plain query of the terms of `text`, each at weight 1 (repeats add up). */
export function buildPlainQuery(text: string): Bm25Query {
  const weights = new Map<string, number>();
  for (const term of tokenize(text)) weights.set(term, (weights.get(term) ?? 0) + 1);
  return { terms: [...weights].map(([term, weight]) => ({ term, weight })) };
}
