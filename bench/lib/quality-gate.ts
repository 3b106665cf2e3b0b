import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { table } from './format';

/** The committed figures `npm run test:quality` holds the code to. */
export const BASELINE_DIR = resolve(__dirname, '..', 'baselines');

/** The committed baselines, one file each in BASELINE_DIR. */
export type BaselineName = 'clauses' | 'answers' | 'retrieval' | 'summary' | 'questions';

/** How far one clause category's F1 may fall below its baseline (macro-F1 may not fall at all). */
export const CLAUSE_TOLERANCE = 0.05;
/** Percentage points a slice's figure (answers, retrieval) may fall below its baseline. */
export const SLICE_MARGIN = 2;
/** Rounding noise allowed on a figure that may not fall: far below any real change of one detection. */
const EPSILON = 1e-9;

export interface ClauseBaseline {
  /** Contracts the figures were measured on; a different count means another data set. */
  contracts: number;
  macro_f1: number;
  /** Category → F1 in 0..1. */
  per_category: Record<string, number>;
}

/** A benchmark slice: the arguments it runs with, the figures it measured (percentages) and how far they may fall. */
export interface SliceBaseline {
  args: string[];
  /** Counts that identify the slice (contracts, queries); a different count means another slice or data set. */
  size: Record<string, number>;
  figures: Record<string, number>;
  /** Percentage points each figure may fall below its baseline. */
  margin: number;
}

export interface Check {
  suite: string;
  metric: string;
  baseline: number;
  floor: number;
  /** null when the run did not report the metric at all. */
  actual: number | null;
  passed: boolean;
}

function check(suite: string, metric: string, baseline: number, floor: number, actual: number | undefined): Check {
  const value = actual === undefined || !Number.isFinite(actual) ? null : actual;
  return { suite, metric, baseline, floor, actual: value, passed: value !== null && value >= floor - EPSILON };
}

function sizeChecks(suite: string, expected: Record<string, number>, actual: Record<string, number | undefined>): Check[] {
  return Object.entries(expected).map(([name, count]) => {
    const value = actual[name];
    return { suite, metric: `${name} (slice size)`, baseline: count, floor: count, actual: value ?? null, passed: value === count };
  });
}

/**
 * Each category's F1 at most CLAUSE_TOLERANCE below its baseline, macro-F1 not below the baseline's, the same
 * number of contracts, and no category without a baseline row (a new category needs one written).
 */
export function clauseChecks(baseline: ClauseBaseline, current: { contracts: number; macro_f1: number; per_category: Record<string, number> }): Check[] {
  const suite = 'clauses';
  const checks = sizeChecks(suite, { contracts: baseline.contracts }, { contracts: current.contracts });
  checks.push(check(suite, 'macro-F1', baseline.macro_f1, baseline.macro_f1, current.macro_f1));
  for (const [category, f1] of Object.entries(baseline.per_category)) {
    checks.push(check(suite, `F1 ${category}`, f1, Math.max(0, f1 - CLAUSE_TOLERANCE), current.per_category[category]));
  }
  for (const category of Object.keys(current.per_category)) {
    if (!(category in baseline.per_category)) {
      checks.push({ suite, metric: `F1 ${category} (no baseline row)`, baseline: NaN, floor: NaN, actual: current.per_category[category] ?? null, passed: false });
    }
  }
  return checks;
}

/** Every figure of a slice at most `margin` points below its baseline, on a slice of the same size. */
export function sliceChecks(suite: string, baseline: SliceBaseline, current: { size: Record<string, number | undefined>; figures: Record<string, number | undefined> }): Check[] {
  const checks = sizeChecks(suite, baseline.size, current.size);
  for (const [metric, value] of Object.entries(baseline.figures)) {
    checks.push(check(suite, metric, value, value - baseline.margin, current.figures[metric]));
  }
  return checks;
}

/** F1 in 0..1 with three decimals, percentages and counts with one. */
function shown(value: number | null, check: Check): string {
  if (value === null) return 'missing';
  if (!Number.isFinite(value)) return '-';
  return value.toFixed(check.suite === 'clauses' && !check.metric.endsWith('(slice size)') ? 3 : 1);
}

/** The verdict and a table: every regression when some check failed, else one line per suite. */
export function gateReport(checks: readonly Check[]): { passed: boolean; text: string } {
  const failed = checks.filter((c) => !c.passed);
  const suites = [...new Set(checks.map((c) => c.suite))];
  const summary = suites.map((suite) => {
    const own = checks.filter((c) => c.suite === suite);
    return `${suite}: ${own.filter((c) => c.passed).length}/${own.length} checks at or above their floor`;
  });
  if (failed.length === 0) return { passed: true, text: ['quality gate passed', ...summary].join('\n') };
  const rows = failed.map((c) => [
    `${c.suite}: ${c.metric}`,
    shown(c.baseline, c),
    shown(c.floor, c),
    shown(c.actual, c),
    c.actual === null ? '-' : shown(c.actual - c.baseline, c),
  ]);
  return {
    passed: false,
    text: [`quality gate FAILED: ${failed.length} regression(s)`, table(['regression', 'baseline', 'floor', 'now', 'change'], rows), '', ...summary].join('\n'),
  };
}

export function readBaseline<T>(name: BaselineName): T {
  const path = join(BASELINE_DIR, `${name}.json`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new Error(`No readable baseline ${path} (${(error as Error).message}): write it with npm run bench:${name} -- <slice options> --write-baseline`);
  }
}

export function writeBaseline(name: BaselineName, baseline: ClauseBaseline | SliceBaseline): string {
  const path = join(BASELINE_DIR, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(baseline, null, 2)}\n`);
  return path;
}
