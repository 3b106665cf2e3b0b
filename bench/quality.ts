/**
 * The quality gate of CI: clause detection over every CUAD dev contract, and the committed slices of the answers,
 * retrieval, Case Summary and questions benchmarks, each held to the floors of its baseline in bench/baselines. Exits 1 with a table of every
 * regression, and 1 with a message when the data set is missing (never a skip).
 *
 *   npm run test:quality [-- --only clauses,answers,retrieval,summary,questions]
 *
 * The data comes from CASEWISE_DATA, else ../shared/data beside the repository. After an intended change of
 * the figures, write the baselines again: npm run bench:clauses -- --write-baseline, and the bench:answers,
 * bench:retrieval, bench:summary and bench:questions commands with the `args` recorded in their baseline files plus --write-baseline.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { BenchArgs } from './lib/args';
import { clauseFigures, measureClauses } from './lib/clause-bench';
import { cuadPath } from './lib/cuad';
import { MissingDataError } from './lib/data';
import { fixed } from './lib/format';
import { clauseChecks, gateReport, readBaseline, sliceChecks, type Check, type ClauseBaseline, type SliceBaseline } from './lib/quality-gate';

const SUITES = ['clauses', 'answers', 'retrieval', 'summary', 'questions'] as const;
type Suite = (typeof SUITES)[number];

const ROOT = resolve(__dirname, '..');

/** Runs a benchmark script with --json in its own process and returns its JSON line; its table goes to stderr. */
function runBenchJson(script: string, args: readonly string[]): Promise<Record<string, unknown>> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'bench', script), ...args, '--json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').reverse().find((text) => text.startsWith('{'));
      if (code !== 0 || line === undefined) {
        reject(new Error(`bench/${script} ${args.join(' ')} exited with ${code}:\n${(stderr || stdout).trim().split('\n').slice(-15).join('\n')}`));
        return;
      }
      resolveRun(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

const numberAt = (value: unknown, ...path: string[]): number | undefined => {
  let at: unknown = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'number' ? at : undefined;
};

async function clauses(): Promise<Check[]> {
  const run = measureClauses(cuadPath('txt'), cuadPath('dev', 'clauses.json'));
  console.log(`clauses: ${run.contracts} contracts in ${fixed(run.seconds)} s, macro-F1 ${run.summary.macroF1.toFixed(3)}`);
  return clauseChecks(readBaseline<ClauseBaseline>('clauses'), clauseFigures(run));
}

async function answers(): Promise<Check[]> {
  const baseline = readBaseline<SliceBaseline>('answers');
  const result = await runBenchJson('answers.ts', [...baseline.args, '--corpus', cuadPath('txt'), '--clauses', cuadPath('dev', 'clauses.json'), '--categories', cuadPath('categories.json')]);
  const figures = { answered_with_gold_citation: numberAt(result, 'answered_with_gold_citation'), abstained_when_absent: numberAt(result, 'abstained_when_absent') };
  console.log(`answers (${baseline.args.join(' ')}): gold cited ${figures.answered_with_gold_citation} %, abstained when absent ${figures.abstained_when_absent} %`);
  const size = { contracts: numberAt(result, 'contracts'), present: numberAt(result, 'present'), absent: numberAt(result, 'absent') };
  return sliceChecks('answers', baseline, { size, figures });
}

async function retrieval(): Promise<Check[]> {
  const baseline = readBaseline<SliceBaseline>('retrieval');
  const result = await runBenchJson('retrieval.ts', [...baseline.args, '--corpus', cuadPath('txt'), '--queries', cuadPath('dev', 'queries.json'), '--categories', cuadPath('categories.json')]);
  const figures = { 'P@1': numberAt(result, 'precision', '1'), 'R@8': numberAt(result, 'recall', '8'), 'R@64': numberAt(result, 'recall', '64') };
  console.log(`retrieval (${baseline.args.join(' ')}): P@1 ${figures['P@1']}, R@8 ${figures['R@8']}, R@64 ${figures['R@64']}`);
  return sliceChecks('retrieval', baseline, { size: { contracts: numberAt(result, 'contracts'), queries: numberAt(result, 'queries') }, figures });
}

async function summary(): Promise<Check[]> {
  const baseline = readBaseline<SliceBaseline>('summary');
  const result = await runBenchJson('summary.ts', [...baseline.args, '--corpus', cuadPath('txt'), '--clauses', cuadPath('dev', 'clauses.json')]);
  const figures = Object.fromEntries(Object.keys(baseline.figures).map((field) => [field, numberAt(result, 'fields', field)]));
  console.log(`summary (${baseline.args.join(' ')}): ${Object.entries(figures).map(([f, v]) => `${f} ${v} %`).join(', ')}`);
  return sliceChecks('summary', baseline, { size: { contracts: numberAt(result, 'contracts') }, figures });
}

async function questions(): Promise<Check[]> {
  const baseline = readBaseline<SliceBaseline>('questions');
  const result = await runBenchJson('questions.ts', [...baseline.args, '--corpus', cuadPath('txt')]);
  const figures = { right_clause: numberAt(result, 'right_clause'), abstained_when_absent: numberAt(result, 'abstained_when_absent') };
  console.log(`questions (${baseline.args.join(' ')}): right clause ${figures.right_clause} %, abstained when absent ${figures.abstained_when_absent} %`);
  const size = { contracts: numberAt(result, 'contracts'), present: numberAt(result, 'present'), absent: numberAt(result, 'absent') };
  return sliceChecks('questions', baseline, { size, figures });
}

const RUNS: Record<Suite, () => Promise<Check[]>> = { clauses, answers, retrieval, summary, questions };

async function main(): Promise<number> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['only'], switches: [] });
  const only = (args.string('only') ?? SUITES.join(',')).split(',').map((name) => name.trim());
  const unknown = only.filter((name) => !(SUITES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`--only takes ${SUITES.join(', ')}; not ${unknown.join(', ')}`);
  // Every input first, so a missing data set stops the gate before any measuring.
  for (const parts of [['txt'], ['categories.json'], ['dev', 'clauses.json'], ['dev', 'queries.json']]) cuadPath(...parts);
  const started = process.hrtime.bigint();
  const checks: Check[] = [];
  for (const suite of SUITES) if (only.includes(suite)) checks.push(...(await RUNS[suite]()));
  const report = gateReport(checks);
  console.log(`\n${report.text}\n(${fixed(Number(process.hrtime.bigint() - started) / 1e9)} s)`);
  return report.passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof MissingDataError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`quality gate FAILED: ${message}`);
    process.exit(1);
  },
);
