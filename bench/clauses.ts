// Clause detection on CUAD: document-level precision/recall/F1 per category and span overlap of findings.
// npm run bench:clauses -- [--corpus <txt dir>] [--clauses <clauses.json>] [--json] [--write-baseline]
// (defaults: the CUAD data in CASEWISE_DATA or ../shared/data; --write-baseline records the figures that
// npm run test:quality holds the detector to, in bench/baselines/clauses.json)
import { BenchArgs, runBench } from './lib/args';
import { clauseFigures, measureClauses } from './lib/clause-bench';
import { cuadPath } from './lib/cuad';
import { writeBaseline } from './lib/quality-gate';

function pct(v: number | null): string {
  return v === null ? '   -  ' : `${(v * 100).toFixed(1).padStart(5)}%`;
}

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['corpus', 'clauses'], switches: ['json', 'write-baseline'] });
  const run = measureClauses(args.string('corpus') ?? cuadPath('txt'), args.string('clauses') ?? cuadPath('dev', 'clauses.json'));
  const { summary } = run;

  const width = Math.max(...summary.perCategory.map((c) => c.category.length));
  const lines: string[] = [];
  lines.push(`Clause detection on ${run.contracts} contracts (${(run.chars / 1e6).toFixed(1)} M chars) in ${run.seconds.toFixed(1)} s`);
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

  if (args.has('write-baseline')) {
    process.stdout.write(`\nbaseline written: ${writeBaseline('clauses', clauseFigures(run))}\n`);
  }
  if (args.has('json')) {
    const perCategory: Record<string, { precision: number; recall: number; f1: number; findings: number; overlap_share: number | null }> = {};
    for (const c of summary.perCategory) {
      perCategory[c.category] = { precision: c.precision, recall: c.recall, f1: c.f1, findings: c.findings, overlap_share: c.overlapShare };
    }
    const result = {
      contracts: run.contracts,
      seconds: Number(run.seconds.toFixed(2)),
      macro_precision: summary.macroPrecision,
      macro_recall: summary.macroRecall,
      macro_f1: summary.macroF1,
      macro_overlap_share: summary.macroOverlapShare,
      per_category: perCategory,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

runBench(main);
