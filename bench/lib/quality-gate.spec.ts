import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MissingDataError, requireData, sharedDataDir } from './data';
import { clauseChecks, gateReport, readBaseline, sliceChecks, type ClauseBaseline, type SliceBaseline } from './quality-gate';

const committed = readBaseline<ClauseBaseline>('clauses');

/** The committed baseline as a fresh run would report it, with some categories' F1 replaced. */
function runWith(changes: Record<string, number> = {}, macroDelta = 0): ClauseBaseline {
  return { contracts: committed.contracts, macro_f1: committed.macro_f1 + macroDelta, per_category: { ...committed.per_category, ...changes } };
}

describe('the clause quality gate', () => {
  it('passes a run equal to the committed baseline, which covers every category', () => {
    expect(Object.keys(committed.per_category)).toHaveLength(41);
    const report = gateReport(clauseChecks(committed, runWith()));
    expect(report.passed).toBe(true);
    expect(report.text).toContain('clauses: 43/43 checks at or above their floor');
  });

  it('fails when one category becomes undetectable, naming it and the fallen macro-F1 in its table', () => {
    const broken = runWith({ 'License Grant': 0 }, -committed.per_category['License Grant'] / 41);
    const report = gateReport(clauseChecks(committed, broken));
    expect(report.passed).toBe(false);
    const lines = report.text.split('\n');
    expect(lines[0]).toBe('quality gate FAILED: 2 regression(s)');
    expect(lines.find((line) => line.startsWith('clauses: F1 License Grant'))).toMatch(
      new RegExp(`${committed.per_category['License Grant'].toFixed(3)}\\s+${(committed.per_category['License Grant'] - 0.05).toFixed(3)}\\s+0\\.000`),
    );
    expect(lines.some((line) => line.startsWith('clauses: macro-F1'))).toBe(true);
  });

  it('lets one category fall by up to 0.05 while macro-F1 holds, and no further', () => {
    const [first, second] = Object.keys(committed.per_category).filter((c) => committed.per_category[c] > 0.1 && committed.per_category[c] < 0.9);
    const within = runWith({ [first]: committed.per_category[first] - 0.049, [second]: committed.per_category[second] + 0.049 });
    expect(gateReport(clauseChecks(committed, within)).passed).toBe(true);
    const beyond = runWith({ [first]: committed.per_category[first] - 0.051, [second]: committed.per_category[second] + 0.051 });
    const failed = clauseChecks(committed, beyond).filter((c) => !c.passed);
    expect(failed.map((c) => c.metric)).toEqual([`F1 ${first}`]);
  });

  it('fails when macro-F1 falls at all, even with every category inside its tolerance', () => {
    const failed = clauseChecks(committed, runWith({}, -0.001)).filter((c) => !c.passed);
    expect(failed.map((c) => c.metric)).toEqual(['macro-F1']);
  });

  it('fails on a missing category, a category without a baseline row, and another number of contracts', () => {
    const current = runWith();
    delete current.per_category['Parties'];
    current.per_category['Brand New Category'] = 0.5;
    current.contracts -= 1;
    const report = gateReport(clauseChecks(committed, current));
    expect(report.passed).toBe(false);
    expect(report.text).toMatch(/F1 Parties\s+\S+\s+\S+\s+missing/);
    expect(report.text).toContain('F1 Brand New Category (no baseline row)');
    expect(report.text).toContain('contracts (slice size)');
  });
});

describe('the answers and retrieval slices', () => {
  const baseline: SliceBaseline = { args: ['--contracts', '6'], size: { contracts: 6, queries: 92 }, figures: { 'P@1': 43, 'R@8': 73.3 }, margin: 2 };
  const size = { contracts: 6, queries: 92 };

  it('holds each figure to its baseline less the margin', () => {
    expect(sliceChecks('retrieval', baseline, { size, figures: { 'P@1': 41.1, 'R@8': 80 } }).every((c) => c.passed)).toBe(true);
    const failed = sliceChecks('retrieval', baseline, { size, figures: { 'P@1': 40.9, 'R@8': 73.3 } }).filter((c) => !c.passed);
    expect(failed).toEqual([{ suite: 'retrieval', metric: 'P@1', baseline: 43, floor: 41, actual: 40.9, passed: false }]);
  });

  it('fails on a figure the run did not report and on a slice of another size', () => {
    const failed = sliceChecks('retrieval', baseline, { size: { contracts: 6, queries: 91 }, figures: { 'P@1': 43 } }).filter((c) => !c.passed);
    expect(failed.map((c) => c.metric)).toEqual(['queries (slice size)', 'R@8']);
  });

  it('commits a baseline for both slices, with the arguments they run with', () => {
    expect(readBaseline<SliceBaseline>('answers')).toMatchObject({ args: expect.arrayContaining(['--contracts']), margin: 2 });
    expect(readBaseline<SliceBaseline>('retrieval')).toMatchObject({ args: expect.arrayContaining(['--setting']), margin: 2 });
  });
});

describe('the shared data', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'casewise-data-'));
    mkdirSync(join(dir, 'cuad', 'dev'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is found in CASEWISE_DATA, else in ../shared/data beside the repository', () => {
    expect(sharedDataDir({ CASEWISE_DATA: dir })).toBe(dir);
    expect(sharedDataDir({})).toBe(resolve(__dirname, '..', '..', '..', 'shared', 'data'));
    expect(requireData(['cuad', 'dev'], { CASEWISE_DATA: dir })).toBe(join(dir, 'cuad', 'dev'));
  });

  it('names the missing path and how to provide it', () => {
    const missing = (): string => requireData(['cuad', 'dev', 'clauses.json'], { CASEWISE_DATA: dir });
    expect(missing).toThrow(MissingDataError);
    expect(missing).toThrow(`cuad/dev/clauses.json not found in ${dir} (CASEWISE_DATA)`);
  });

  it('stops npm run test:quality with that message and exit code 1, never a skip', () => {
    const root = resolve(__dirname, '..', '..');
    const run = spawnSync(process.execPath, ['-r', '@swc-node/register', join(root, 'bench', 'quality.ts')], {
      cwd: root,
      env: { ...process.env, CASEWISE_DATA: dir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`quality gate FAILED: The shared data set is missing: cuad/txt not found in ${dir} (CASEWISE_DATA)`);
    expect(run.stdout).not.toContain('passed');
  });
});
