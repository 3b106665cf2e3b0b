/**
 * Cited answers of the real QA endpoint (offline engine) on CUAD dev contracts. Each contract sits alone in a
 * project and is asked the question of every CUAD category over HTTP. A category the lawyers found in the
 * contract should be answered with a citation of one of their spans (overlapping it, or quoting its words where the
 * contract states them again: a title marked on the cover and quoted from the first page); a category they did
 * not find should be met with an abstention. (A category marked without a verbatim span counts for neither.) The
 * share of answers whose citation overlaps a span itself is printed too.
 *
 *   npm run bench:answers -- --corpus <txt dir> --clauses <clauses.json> [--categories <categories.json>]
 *     [--contracts 40] [--json] [--write-baseline] [--misses CATEGORY | all]
 *
 * --write-baseline records this slice and its figures in bench/baselines/answers.json, which
 * `npm run test:quality` runs again and holds to its floors.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startProjectBench } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { byCodeUnits, citesAnnotation, cuadPath, overlapsAnnotation, readCategories, readClauses } from './lib/cuad';
import { fixed, percent, percentile, seconds, table } from './lib/format';
import { SLICE_MARGIN, writeBaseline } from './lib/quality-gate';

interface Tally {
  present: number;
  answered: number;
  answeredWithGold: number;
  /** Of those, answers whose citation overlaps an annotated span itself. */
  overlappingGold: number;
  absent: number;
  abstained: number;
}

const emptyTally = (): Tally => ({ present: 0, answered: 0, answeredWithGold: 0, overlappingGold: 0, absent: 0, abstained: 0 });

const share = (part: number, whole: number): string => (whole === 0 ? '-' : fixed(percent(part / whole)));

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['corpus', 'clauses', 'categories', 'contracts', 'misses'], switches: ['json', 'write-baseline'] });
  const corpus = resolve(args.string('corpus') ?? cuadPath('txt'));
  const clauses = readClauses(resolve(args.string('clauses') ?? cuadPath('dev', 'clauses.json')));
  const categories = readCategories(resolve(args.string('categories') ?? cuadPath('categories.json')));
  const files = Object.keys(clauses).sort(byCodeUnits).slice(0, args.count('contracts', 40));
  const showMisses = args.string('misses');
  const misses: string[] = [];
  /** Keeps a miss of the category asked for, or of every category (named then) with `--misses all`. */
  const miss = (category: string, line: string): void => {
    if (showMisses === category) misses.push(line);
    else if (showMisses === 'all') misses.push(`${category}: ${line}`);
  };

  const { bench, api, projects, ingestSeconds } = await startProjectBench('answers', corpus, files);
  try {

    const tallies = new Map(categories.map((c) => [c.category, emptyTally()]));
    const latencies: number[] = [];
    const started = process.hrtime.bigint();
    for (const [i, file] of files.entries()) {
      const marked = clauses[file];
      const text = readFileSync(join(corpus, file), 'utf8');
      for (const { category, question } of categories) {
        const spans = marked[category];
        if (spans !== undefined && spans.length === 0) continue;
        const asked = process.hrtime.bigint();
        const answer = await api.ask(projects[i], question);
        latencies.push(seconds(asked) * 1000);
        const tally = tallies.get(category) as Tally;
        const quotes = answer.citations.map((c) => JSON.stringify(c.quote.replace(/\s+/g, ' ').slice(0, 160))).join(' | ');
        if (spans === undefined) {
          tally.absent += 1;
          if (answer.abstained) tally.abstained += 1;
          else miss(category, `${file}: answered where the contract lacks it: ${quotes}`);
        } else {
          tally.present += 1;
          if (!answer.abstained) tally.answered += 1;
          if (!answer.abstained && answer.citations.some((c) => c.file === file && overlapsAnnotation(c, spans))) tally.overlappingGold += 1;
          if (!answer.abstained && answer.citations.some((c) => c.file === file && citesAnnotation(c, spans, text))) tally.answeredWithGold += 1;
          else miss(category, `${file}: ${answer.abstained ? 'abstained' : `cited ${quotes}`}`);
        }
      }
    }
    const askSeconds = seconds(started);

    const total = emptyTally();
    const rows = categories.map(({ category }) => {
      const t = tallies.get(category) as Tally;
      for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += t[key];
      return [category, t.present, share(t.answered, t.present), share(t.answeredWithGold, t.present), t.absent, share(t.abstained, t.absent)];
    });
    rows.push(['all categories', total.present, share(total.answered, total.present), share(total.answeredWithGold, total.present), total.absent, share(total.abstained, total.absent)]);
    latencies.sort((a, b) => a - b);
    console.log(
      `contracts=${files.length} questions=${latencies.length} ingest=${fixed(ingestSeconds)}s asking=${fixed(askSeconds)}s ` +
        `latency p50=${fixed(percentile(latencies, 50), 0)}ms p95=${fixed(percentile(latencies, 95), 0)}ms (one client)`,
    );
    console.log(table(['category', 'present', 'answered %', 'gold cited %', 'absent', 'abstained %'], rows));
    const withGold = percent(total.answeredWithGold / Math.max(1, total.present));
    const abstained = percent(total.abstained / Math.max(1, total.absent));
    const overlapping = percent(total.overlappingGold / Math.max(1, total.present));
    console.log(`\nanswered with a citation of a gold span: ${fixed(withGold)}% (target >= 85): ${withGold >= 85 ? 'met' : 'missed'}`);
    console.log(`abstained when the clause is absent:     ${fixed(abstained)}% (target >= 95): ${abstained >= 95 ? 'met' : 'missed'}`);
    console.log(`(a citation overlapping a gold span itself: ${fixed(overlapping)}%; the others quote its words where the contract states them again)`);
    if (showMisses !== undefined) console.log(`\nmisses of ${showMisses}:\n${misses.join('\n')}`);
    if (args.has('write-baseline')) {
      const path = writeBaseline('answers', {
        args: ['--contracts', String(files.length)],
        size: { contracts: files.length, present: total.present, absent: total.absent },
        figures: { answered_with_gold_citation: withGold, abstained_when_absent: abstained },
        margin: SLICE_MARGIN,
      });
      console.log(`\nbaseline written: ${path}`);
    }
    if (args.has('json')) {
      console.log(
        JSON.stringify({
          contracts: files.length,
          present: total.present,
          absent: total.absent,
          answered_when_present: percent(total.answered / Math.max(1, total.present)),
          answered_with_gold_citation: withGold,
          overlapping_gold_span: overlapping,
          abstained_when_absent: abstained,
        }),
      );
    }
  } finally {
    await bench.close();
  }
}

runBench(main);
