import type { ClauseFinding } from './detect-clauses';

/** Annotated spans per category for one contract; a key with an empty list still marks the category present. */
export type GoldAnnotations = Readonly<Record<string, ReadonlyArray<readonly [number, number]>>>;

export interface EvaluatedDocument {
  gold: GoldAnnotations;
  findings: readonly ClauseFinding[];
  /** The categories the detector decided are present. */
  predicted: ReadonlySet<string>;
}

export interface CategoryMetrics {
  category: string;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  findings: number;
  /** Findings whose span overlaps an annotated span of the same category in the same contract. */
  overlapping: number;
  /** overlapping / findings, or null when nothing was found. */
  overlapShare: number | null;
}

export interface EvaluationSummary {
  perCategory: CategoryMetrics[];
  macroPrecision: number;
  macroRecall: number;
  macroF1: number;
  /** Mean of the per-category overlap shares over categories with at least one finding. */
  macroOverlapShare: number | null;
}

function ratio(numerator: number, denominator: number, whenEmpty: number): number {
  return denominator === 0 ? whenEmpty : numerator / denominator;
}

export function f1Score(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

export function spansOverlap(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] < b[1] && b[0] < a[1];
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;
}

/** Document-level precision, recall and F1 of "this contract contains the category", and span overlap of findings. */
export function evaluateDetections(documents: readonly EvaluatedDocument[], categories: readonly string[]): EvaluationSummary {
  const perCategory = categories.map((category): CategoryMetrics => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let found = 0;
    let overlapping = 0;
    for (const doc of documents) {
      const goldSpans = doc.gold[category];
      const isGold = goldSpans !== undefined;
      const isPredicted = doc.predicted.has(category);
      if (isGold && isPredicted) tp++;
      else if (isPredicted) fp++;
      else if (isGold) fn++;
      for (const f of doc.findings) {
        if (f.category !== category) continue;
        found++;
        if (goldSpans !== undefined && goldSpans.some((g) => spansOverlap([f.start, f.end], g))) overlapping++;
      }
    }
    const precision = ratio(tp, tp + fp, fn === 0 ? 1 : 0);
    const recall = ratio(tp, tp + fn, fp === 0 ? 1 : 0);
    return {
      category,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      precision,
      recall,
      f1: f1Score(precision, recall),
      findings: found,
      overlapping,
      overlapShare: found === 0 ? null : overlapping / found,
    };
  });
  const shares = perCategory.map((c) => c.overlapShare).filter((s): s is number => s !== null);
  return {
    perCategory,
    macroPrecision: mean(perCategory.map((c) => c.precision)),
    macroRecall: mean(perCategory.map((c) => c.recall)),
    macroF1: mean(perCategory.map((c) => c.f1)),
    macroOverlapShare: shares.length === 0 ? null : mean(shares),
  };
}
