import { extractParties } from '../extraction/parties';
import { extractTitle } from '../extraction/title';
import { findAgreementDate, findEffectiveDateSpan } from '../extraction/extract-fields';
import { CUAD_CATEGORIES, type CuadCategory } from './categories';
import type { ClauseRule } from './rule-types';
import { CLAUSE_RULES } from './rules';
import { scoreSegment, scoreToConfidence } from './score';
import { splitSegments, type Segment } from './segment';

export { scoreSegment, scoreToConfidence };

export interface ClauseFinding {
  category: string;
  start: number;
  end: number;
  /** Exactly `text.slice(start, end)`. */
  quote: string;
  /** 0..1; how strongly the wording points to the category. */
  confidence: number;
}

export interface DetectOptions {
  /** Only look for these categories (default: all 41). */
  categories?: readonly CuadCategory[];
  /** Segments already computed for the same text. */
  segments?: Segment[];
}

const DEFAULT_MIN_SCORE = 1;
const STRONG_SCORE = 1;
const MAX_WEAK_PER_CATEGORY = 2;
const RULES_BY_CATEGORY = new Map<string, ClauseRule>(CLAUSE_RULES.map((r) => [r.category, r]));
const EXTRACTED_CONFIDENCE = 0.9;

function finding(text: string, category: CuadCategory, span: { start: number; end: number }, confidence: number): ClauseFinding {
  return { category, start: span.start, end: span.end, quote: text.slice(span.start, span.end), confidence };
}

function descriptiveFindings(text: string, wanted: ReadonlySet<CuadCategory>): ClauseFinding[] {
  // Stryker disable next-line ArrayDeclaration: a stray entry has no category, so the requested-category filter drops it.
  const out: ClauseFinding[] = [];
  // Stryker disable next-line ConditionalExpression: skipping what was not asked for saves time; detectClauses filters by the request anyway.
  if (wanted.has('Document Name')) {
    const title = extractTitle(text);
    if (title !== undefined) out.push(finding(text, 'Document Name', title, EXTRACTED_CONFIDENCE));
  }
  // Stryker disable next-line ConditionalExpression: as above.
  if (wanted.has('Parties')) {
    for (const party of extractParties(text)) {
      out.push(finding(text, 'Parties', party, EXTRACTED_CONFIDENCE));
      if (party.role !== undefined) out.push(finding(text, 'Parties', party.role, EXTRACTED_CONFIDENCE));
    }
  }
  // Stryker disable next-line ConditionalExpression: as above.
  if (wanted.has('Agreement Date')) {
    const date = findAgreementDate(text);
    if (date !== undefined) out.push(finding(text, 'Agreement Date', date, EXTRACTED_CONFIDENCE));
  }
  // Stryker disable next-line ConditionalExpression: as above.
  if (wanted.has('Effective Date')) {
    const effective = findEffectiveDateSpan(text);
    if (effective !== undefined) out.push(finding(text, 'Effective Date', effective, EXTRACTED_CONFIDENCE));
  }
  return out;
}

/**
 * Finds clauses of the CUAD categories in a contract. Each finding quotes a sentence (or, for the
 * descriptive categories, the name, party or date) by exact offsets into `text`.
 */
export function detectClauses(text: string, options: DetectOptions = {}): ClauseFinding[] {
  const wanted = new Set<CuadCategory>(options.categories ?? CUAD_CATEGORIES);
  const segments = options.segments ?? splitSegments(text);
  for (const rule of CLAUSE_RULES) {
    if (wanted.has(rule.category)) for (const dependency of rule.dependsOn ?? []) wanted.add(dependency);
  }
  const out = descriptiveFindings(text, wanted);
  for (const rule of CLAUSE_RULES) {
    // Stryker disable next-line ConditionalExpression: scoring more categories than asked changes nothing once the result is filtered by the request.
    if (!wanted.has(rule.category)) continue;
    const min = rule.minScore ?? DEFAULT_MIN_SCORE;
    // Stryker disable next-line ArrayDeclaration: a stray entry has no category, so the requested-category filter drops it.
    const weak: ClauseFinding[] = [];
    for (const segment of segments) {
      if (segment.isHeading) continue;
      const score = scoreSegment(rule, segment);
      if (score < min) continue;
      const f = finding(text, rule.category, segment, scoreToConfidence(score));
      if (score >= STRONG_SCORE) out.push(f);
      else weak.push(f);
    }
    // Sentences with only faint evidence are kept to a few per category so they do not swamp a report.
    out.push(...weak.sort((a, b) => b.confidence - a.confidence || a.start - b.start).slice(0, MAX_WEAK_PER_CATEGORY));
  }
  const dependent = CLAUSE_RULES.filter((r) => r.dependsOn !== undefined && !r.dependsOn.some((d) => containsCategory(out, d)));
  const dropped = new Set<string>(dependent.map((r) => r.category));
  const requested = new Set<string>(options.categories ?? CUAD_CATEGORIES);
  return out
    .filter((f) => !dropped.has(f.category) && requested.has(f.category))
    .sort((a, b) => a.start - b.start || a.category.localeCompare(b.category));
}

/** The confidence a finding needs for its category to count as present in the contract. */
export function presenceConfidence(category: string): number {
  const rule = RULES_BY_CATEGORY.get(category);
  if (rule === undefined) return 0.5;
  return scoreToConfidence(rule.documentScore ?? rule.minScore ?? DEFAULT_MIN_SCORE) - 1e-9;
}

/** Whether the findings of one contract show that it contains `category`. */
export function containsCategory(findings: readonly ClauseFinding[], category: string): boolean {
  const needed = presenceConfidence(category);
  // Stryker disable next-line EqualityOperator: needed sits 1e-9 below a representable confidence, so > and >= agree.
  return findings.some((f) => f.category === category && f.confidence >= needed);
}

/** The categories the findings of one contract show as present. */
export function presentCategories(findings: readonly ClauseFinding[]): CuadCategory[] {
  return CUAD_CATEGORIES.filter((c) => containsCategory(findings, c));
}
