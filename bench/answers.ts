/**
 * Cited answers of the real QA endpoint (offline engine) on CUAD dev contracts. Each contract sits alone in a
 * project and is asked the question of every CUAD category over HTTP. A category the lawyers found in the
 * contract should be answered with a citation of one of their spans (overlapping it, or quoting its words where the
 * contract states them again: a title marked on the cover and quoted from the first page); a category they did
 * not find should be met with an abstention. (A category marked without a verbatim span counts for neither.) The
 * share of answers whose citation overlaps a span itself is printed too.
 *
 *   npm run bench:answers -- --corpus <txt dir> --clauses <clauses.json> [--categories <categories.json>]
 *     [--contracts 40] [--json] [--write-baseline] [--misses CATEGORY | all] [--reviewed FILE] [--dump FILE]
 *
 * The answers reviewed one by one where they disagree with the lawyers' marks (`--reviewed`, bench/answers/reviewed.json by
 * default; see bench/answers/reviewed-answers.ts) give a second pair of figures, printed beside the lawyers' own. `--dump` writes
 * every miss as JSON (the whole quotes, their offsets and the lawyers' spans), the material such a reading starts from.
 *
 * --write-baseline records this slice and its figures in bench/baselines/answers.json, which
 * `npm run test:quality` runs again and holds to its floors.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ReviewedAnswers } from './answers/reviewed-answers';
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

const REVIEWED = resolve(__dirname, 'answers', 'reviewed.json');

/** A miss as `--dump` writes it. */
interface DumpedMiss {
  category: string;
  file: string;
  kind: 'answered where absent' | 'cited another passage' | 'abstained';
  citations: { start: number; end: number; quote: string }[];
  spans: [number, number][];
}

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['corpus', 'clauses', 'categories', 'contracts', 'misses', 'reviewed', 'dump'], switches: ['json', 'write-baseline'] });
  const corpus = resolve(args.string('corpus') ?? cuadPath('txt'));
  const clauses = readClauses(resolve(args.string('clauses') ?? cuadPath('dev', 'clauses.json')));
  const categories = readCategories(resolve(args.string('categories') ?? cuadPath('categories.json')));
  const files = Object.keys(clauses).sort(byCodeUnits).slice(0, args.count('contracts', 40));
  const showMisses = args.string('misses');
  const reviewedPath = args.string('reviewed') ?? (existsSync(REVIEWED) ? REVIEWED : undefined);
  const reviewed = reviewedPath === undefined ? undefined : ReviewedAnswers.read(resolve(reviewedPath), new Set(categories.map((c) => c.category)));
  const dumpPath = args.string('dump');
  const dumped: DumpedMiss[] = [];
  const misses: string[] = [];
  /** Keeps a miss of the category asked for, or of every category (named then) with `--misses all`. */
  const miss = (category: string, line: string): void => {
    if (showMisses === category) misses.push(line);
    else if (showMisses === 'all') misses.push(`${category}: ${line}`);
  };

  const { bench, api, projects, ingestSeconds } = await startProjectBench('answers', corpus, files);
  try {

    const tallies = new Map(categories.map((c) => [c.category, emptyTally()]));
    const reviewedTallies = new Map(categories.map((c) => [c.category, emptyTally()]));
    /** Answers still wrong with the judgments: those whose quotes were read as not stating the clause, and the others. */
    const wrongAfterReview = { read: 0, unread: 0 };
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
        const own = answer.citations.filter((c) => c.file === file);
        const hit = tallyAnswer(tally, spans ?? [], answer.abstained, own, text);
        if (!hit) {
          if (spans === undefined && !answer.abstained) miss(category, `${file}: answered where the contract lacks it: ${quotes}`);
          else if (spans !== undefined) miss(category, `${file}: ${answer.abstained ? 'abstained' : `cited ${quotes}`}`);
          if (dumpPath !== undefined) {
            const kind = answer.abstained ? 'abstained' : spans === undefined ? 'answered where absent' : 'cited another passage';
            dumped.push({ category, file, kind, citations: own.map(({ start, end, quote }) => ({ start, end, quote })), spans: spans ?? [] });
          }
        }
        if (reviewed !== undefined) {
          const right = tallyAnswer(reviewedTallies.get(category) as Tally, [...(spans ?? []), ...reviewed.spansOf(file, category, text)], answer.abstained, own, text);
          if (!right && !answer.abstained) {
            if (own.some((c) => reviewed.isError(file, category, text, c))) wrongAfterReview.read += 1;
            else wrongAfterReview.unread += 1;
          }
        }
      }
    }
    const askSeconds = seconds(started);

    const total = emptyTally();
    const reviewedTotal = emptyTally();
    const columns = (t: Tally, r: Tally): (string | number)[] => [
      t.present,
      share(t.answered, t.present),
      share(t.answeredWithGold, t.present),
      t.absent,
      share(t.abstained, t.absent),
      ...(reviewed === undefined ? [] : [share(r.answeredWithGold, r.present), share(r.abstained, r.absent)]),
    ];
    const rows = categories.map(({ category }) => {
      const t = tallies.get(category) as Tally;
      const r = reviewedTallies.get(category) as Tally;
      for (const key of Object.keys(total) as (keyof Tally)[]) {
        total[key] += t[key];
        reviewedTotal[key] += r[key];
      }
      return [category, ...columns(t, r)];
    });
    rows.push(['all categories', ...columns(total, reviewedTotal)]);
    latencies.sort((a, b) => a - b);
    console.log(
      `contracts=${files.length} questions=${latencies.length} ingest=${fixed(ingestSeconds)}s asking=${fixed(askSeconds)}s ` +
        `latency p50=${fixed(percentile(latencies, 50), 0)}ms p95=${fixed(percentile(latencies, 95), 0)}ms (one client)`,
    );
    const reviewedHeads = reviewed === undefined ? [] : ['reviewed: cited %', 'reviewed: abstained %'];
    console.log(table(['category', 'present', 'answered %', 'gold cited %', 'absent', 'abstained %', ...reviewedHeads], rows));
    const withGold = percent(total.answeredWithGold / Math.max(1, total.present));
    const abstained = percent(total.abstained / Math.max(1, total.absent));
    const overlapping = percent(total.overlappingGold / Math.max(1, total.present));
    console.log(`\nanswered with a citation of a gold span: ${fixed(withGold)}% (target >= 85): ${withGold >= 85 ? 'met' : 'missed'}`);
    console.log(`abstained when the clause is absent:     ${fixed(abstained)}% (target >= 95): ${abstained >= 95 ? 'met' : 'missed'}`);
    console.log(`(a citation overlapping a gold span itself: ${fixed(overlapping)}%; the others quote its words where the contract states them again)`);
    const reviewedFigures =
      reviewed === undefined
        ? undefined
        : {
            answered_with_gold_citation: percent(reviewedTotal.answeredWithGold / Math.max(1, reviewedTotal.present)),
            abstained_when_absent: percent(reviewedTotal.abstained / Math.max(1, reviewedTotal.absent)),
            present: reviewedTotal.present,
            absent: reviewedTotal.absent,
            ...reviewed.size,
            wrong_read_as_errors: wrongAfterReview.read,
            wrong_not_read: wrongAfterReview.unread,
          };
    if (reviewedFigures !== undefined) {
      console.log(
        `with the reviewed answers (${relative(process.cwd(), reviewedPath as string)}: ${reviewedFigures.answers} read as stating the clause, ${reviewedFigures.errors} as not): ` +
          `cited ${fixed(reviewedFigures.answered_with_gold_citation)}% of ${reviewedTotal.present}, abstained ${fixed(reviewedFigures.abstained_when_absent)}% of ${reviewedTotal.absent}; ` +
          `of the answers still wrong, ${wrongAfterReview.read} were read as engine errors and ${wrongAfterReview.unread} are not reviewed`,
      );
    }
    if (dumpPath !== undefined) {
      writeFileSync(dumpPath, `${JSON.stringify(dumped, null, 1)}\n`);
      console.log(`${dumped.length} misses written to ${dumpPath}`);
    }
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
          ...(reviewedFigures === undefined ? {} : { reviewed: reviewedFigures }),
        }),
      );
    }
  } finally {
    await bench.close();
  }
}

/**
 * Counts one answer against the spans of its category in its contract (none: the clause is absent; the caller skips a
 * category marked without a verbatim span); true when the answer is right by them.
 */
function tallyAnswer(tally: Tally, spans: readonly [number, number][], abstained: boolean, citations: readonly { start: number; end: number; quote: string }[], text: string): boolean {
  if (spans.length === 0) {
    tally.absent += 1;
    if (abstained) tally.abstained += 1;
    return abstained;
  }
  tally.present += 1;
  if (abstained) return false;
  tally.answered += 1;
  if (citations.some((c) => overlapsAnnotation(c, spans))) tally.overlappingGold += 1;
  const cited = citations.some((c) => citesAnnotation(c, spans, text));
  if (cited) tally.answeredWithGold += 1;
  return cited;
}

runBench(main);
