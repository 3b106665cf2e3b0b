import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CUAD_CATEGORIES, detectClauses, presentCategories } from '../../libs/legal/src/clauses';
import { evaluateDetections, type EvaluatedDocument, type EvaluationSummary, type GoldAnnotations } from '../../libs/legal/src/clauses/metrics';
import type { ClauseBaseline } from './quality-gate';

export interface ClauseRun {
  contracts: number;
  chars: number;
  seconds: number;
  summary: EvaluationSummary;
}

/** Detects clauses in every annotated contract and scores the detections against the lawyers' annotations. */
export function measureClauses(corpus: string, clausesPath: string): ClauseRun {
  const gold = JSON.parse(readFileSync(clausesPath, 'utf8')) as Record<string, GoldAnnotations>;
  const files = Object.keys(gold).sort();
  const documents: EvaluatedDocument[] = [];
  let chars = 0;
  const started = performance.now();
  for (const file of files) {
    const text = readFileSync(join(corpus, file), 'utf8');
    chars += text.length;
    const findings = detectClauses(text);
    documents.push({ gold: gold[file], findings, predicted: new Set<string>(presentCategories(findings)) });
  }
  const seconds = (performance.now() - started) / 1000;
  return { contracts: files.length, chars, seconds, summary: evaluateDetections(documents, CUAD_CATEGORIES) };
}

/** The figures the quality gate compares: macro-F1 and each category's F1. */
export function clauseFigures(run: ClauseRun): ClauseBaseline {
  return {
    contracts: run.contracts,
    macro_f1: run.summary.macroF1,
    per_category: Object.fromEntries(run.summary.perCategory.map((c) => [c.category, c.f1])),
  };
}
