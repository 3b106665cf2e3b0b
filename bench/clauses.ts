// Clause detection on CUAD: document-level precision/recall/F1 per category and span overlap of findings.
// npm run bench:clauses -- --corpus /work/shared/data/cuad/txt --clauses /work/shared/data/cuad/dev/clauses.json [--json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CUAD_CATEGORIES, detectClauses, presentCategories } from '../libs/legal/src/clauses';
import { evaluateDetections, type EvaluatedDocument, type GoldAnnotations } from '../libs/legal/src/clauses/metrics';

interface Options {
  corpus: string;
  clauses: string;
  json: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const value = (name: string, fallback: string): string => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
  };
  return {
    corpus: value('--corpus', '/work/shared/data/cuad/txt'),
    clauses: value('--clauses', '/work/shared/data/cuad/dev/clauses.json'),
    json: argv.includes('--json'),
  };
}

function pct(v: number | null): string {
  return v === null ? '   -  ' : `${(v * 100).toFixed(1).padStart(5)}%`;
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const gold = JSON.parse(readFileSync(options.clauses, 'utf8')) as Record<string, GoldAnnotations>;
  const files = Object.keys(gold).sort();
  const documents: EvaluatedDocument[] = [];
  let chars = 0;
  const started = performance.now();
  for (const file of files) {
    const text = readFileSync(join(options.corpus, file), 'utf8');
    chars += text.length;
    const findings = detectClauses(text);
    documents.push({ gold: gold[file], findings, predicted: new Set<string>(presentCategories(findings)) });
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = evaluateDetections(documents, CUAD_CATEGORIES);

  const width = Math.max(...CUAD_CATEGORIES.map((c) => c.length));
  const lines: string[] = [];
  lines.push(`Clause detection on ${files.length} contracts (${(chars / 1e6).toFixed(1)} M chars) in ${seconds.toFixed(1)} s`);
  lines.push('');
  lines.push(`${'category'.padEnd(width)}  gold  pred    prec  recall      F1  findings  overlap`);
  for (const c of summary.perCategory) {
    const goldCount = c.truePositives + c.falseNegatives;
    const predCount = c.truePositives + c.falsePositives;
    lines.push(
      `${c.category.padEnd(width)}  ${String(goldCount).padStart(4)}  ${String(predCount).padStart(4)}  ${pct(c.precision)}  ${pct(c.recall)}  ${pct(c.f1)}  ${String(c.findings).padStart(8)}  ${pct(c.overlapShare)}`,
    );
  }
  lines.push('');
  lines.push(
    `${'macro average'.padEnd(width)}              ${pct(summary.macroPrecision)}  ${pct(summary.macroRecall)}  ${pct(summary.macroF1)}            ${pct(summary.macroOverlapShare)}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);

  if (options.json) {
    const perCategory: Record<string, { precision: number; recall: number; f1: number; findings: number; overlap_share: number | null }> = {};
    for (const c of summary.perCategory) {
      perCategory[c.category] = { precision: c.precision, recall: c.recall, f1: c.f1, findings: c.findings, overlap_share: c.overlapShare };
    }
    const result = {
      contracts: files.length,
      seconds: Number(seconds.toFixed(2)),
      macro_precision: summary.macroPrecision,
      macro_recall: summary.macroRecall,
      macro_f1: summary.macroF1,
      macro_overlap_share: summary.macroOverlapShare,
      per_category: perCategory,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

main();
