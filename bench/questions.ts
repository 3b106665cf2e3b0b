/**
 * The thirty questions lawyers ask first of a contract (libs/legal CONTRACT_QUESTIONS), asked over HTTP of CUAD
 * dev contracts each alone in a project, on the offline engine. An answer is right when one of its citations
 * falls in a passage accepted as the answer: for a question a CUAD category answers, a span the lawyers marked;
 * for the others, a passage of bench/questions/judgments.json (drafted by bench/questions/draft-judgments.ts,
 * then corrected by hand). Where the contract lacks the clause the engine should say so. Also counted: answers
 * quoting page furniture (a page number, or a line repeated on three or more pages), and two questions of one
 * contract answered with the same quotes when those quotes do not answer both.
 *
 *   npm run bench:questions -- [--contracts 50] [--corpus <txt dir>] [--misses <question id> | pairs] [--json] [--write-baseline]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTRACT_QUESTIONS } from '@casewise/legal';
import { startProjectBench, type Answer, type Citation } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { byCodeUnits, citesAnnotation, cuadPath, readClauses } from './lib/cuad';
import { fixed, percent, percentile, seconds, table } from './lib/format';
import { SLICE_MARGIN, writeBaseline } from './lib/quality-gate';
import { CORRECTIONS_PATH, JUDGMENTS_PATH, type Corrections, type Judgments } from './questions/judgment-file';

const TARGET_RIGHT = 85;
const TARGET_ABSTAINED = 95;

/** The passages accepted as the answer; [] when the contract lacks the clause; undefined when not judged. */
type Accepted = [number, number][] | undefined;

interface Tally {
  present: number;
  answered: number;
  right: number;
  absent: number;
  abstained: number;
  furniture: number;
}

const emptyTally = (): Tally => ({ present: 0, answered: 0, right: 0, absent: 0, abstained: 0, furniture: 0 });
const share = (part: number, whole: number): string => (whole === 0 ? '-' : fixed(percent(part / whole)));
/** Lines a contract repeats on three or more pages (running headers, filing stamps) and page numbers. */
function furnitureLines(text: string): Set<string> {
  const counts = new Map<string, number>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line.length >= 3) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return new Set([...counts].filter(([line, count]) => count >= 3 && !/[.;:]$/.test(line)).map(([line]) => line));
}

const PAGE_NUMBER = /^(?:page\s+)?-?\s*\d{1,3}\s*-?(?:\s+of\s+\d{1,3})?$/i;

function quotesFurniture(citation: Citation, furniture: ReadonlySet<string>): boolean {
  return citation.quote.split('\n').some((raw) => {
    const line = raw.replace(/\s+/g, ' ').trim();
    return PAGE_NUMBER.test(line) || furniture.has(line);
  });
}

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['corpus', 'contracts', 'misses'], switches: ['json', 'write-baseline'] });
  const corpus = resolve(args.string('corpus') ?? cuadPath('txt'));
  const clauses = readClauses(cuadPath('dev', 'clauses.json'));
  const judgments = JSON.parse(readFileSync(JUDGMENTS_PATH, 'utf8')) as Judgments;
  const files = Object.keys(judgments.contracts).sort(byCodeUnits).slice(0, args.count('contracts', 50));
  const missesOf = args.string('misses');
  const { answersBoth } = JSON.parse(readFileSync(CORRECTIONS_PATH, 'utf8')) as Corrections;
  /** Whether a reviewer read the clause these citations quote as the answer to both questions. */
  const reviewedAsBoth = (file: string, ids: readonly [string, string], citations: readonly Citation[]): boolean =>
    answersBoth.some(
      (entry) => entry.file === file && entry.questions.includes(ids[0]) && entry.questions.includes(ids[1]) && citations.some((c) => c.quote.replace(/\s+/g, ' ').includes(entry.quote)),
    );
  let reviewedPairs = 0;

  const accepted = (file: string, id: string, answeredBy: (typeof CONTRACT_QUESTIONS)[number]['answeredBy']): Accepted => {
    if ('topic' in answeredBy) return judgments.contracts[file]?.[id]?.spans;
    const spans = clauses[file]?.[answeredBy.category];
    if (spans === undefined) return [];
    return spans.length === 0 ? undefined : spans;
  };

  const { bench, api, projects, ingestSeconds } = await startProjectBench('questions', corpus, files);
  try {

    const tallies = new Map(CONTRACT_QUESTIONS.map((q) => [q.id, emptyTally()]));
    const latencies: number[] = [];
    const duplicates: string[] = [];
    const misses: string[] = [];
    const started = process.hrtime.bigint();
    for (const [i, file] of files.entries()) {
      const text = readFileSync(join(corpus, file), 'utf8');
      const furniture = furnitureLines(text);
      const byQuotes = new Map<string, { id: string; citations: Citation[] }[]>();
      for (const { id, question, answeredBy } of CONTRACT_QUESTIONS) {
        const spans = accepted(file, id, answeredBy);
        const asked = process.hrtime.bigint();
        const answer: Answer = await api.ask(projects[i], question);
        latencies.push(seconds(asked) * 1000);
        const tally = tallies.get(id) as Tally;
        const answered = !answer.abstained && answer.citations.length > 0;
        if (answered && answer.citations.some((c) => quotesFurniture(c, furniture))) tally.furniture += 1;
        if (answered) {
          const key = answer.citations.map((c) => `${c.start}:${c.end}`).sort().join(',');
          byQuotes.set(key, [...(byQuotes.get(key) ?? []), { id, citations: answer.citations }]);
        }
        if (spans === undefined) continue;
        if (spans.length === 0) {
          tally.absent += 1;
          if (!answered) tally.abstained += 1;
          else if (missesOf === id) misses.push(`${file}: answered where the contract lacks it: ${answer.citations.map((c) => JSON.stringify(c.quote.slice(0, 160))).join(' | ')}`);
          continue;
        }
        tally.present += 1;
        if (answered) tally.answered += 1;
        if (answered && answer.citations.some((c) => citesAnnotation(c, spans, text))) tally.right += 1;
        else if (missesOf === id) {
          const wanted = spans.slice(0, 2).map(([s, e]) => JSON.stringify(text.slice(s, Math.min(e, s + 160)).replace(/\s+/g, ' ')));
          misses.push(`${file}\n  wanted: ${wanted.join(' | ')}\n  got:    ${answered ? answer.citations.map((c) => JSON.stringify(c.quote.slice(0, 160).replace(/\s+/g, ' '))).join(' | ') : '(abstained)'}`);
        }
      }
      // Two questions answered with the same quotes: fine only when those quotes answer both.
      for (const group of byQuotes.values()) {
        for (let a = 0; a < group.length; a++) {
          for (let b = a + 1; b < group.length; b++) {
            const both = [group[a], group[b]].every(({ id, citations }) => {
              const q = CONTRACT_QUESTIONS.find((x) => x.id === id) as (typeof CONTRACT_QUESTIONS)[number];
              const spans = accepted(file, id, q.answeredBy);
              return spans !== undefined && citations.some((c) => citesAnnotation(c, spans, text));
            });
            if (both) continue;
            if (reviewedAsBoth(file, [group[a].id, group[b].id], group[a].citations)) {
              reviewedPairs += 1;
              continue;
            }
            duplicates.push(`${file}: ${group[a].id} = ${group[b].id}`);
            if (missesOf === 'pairs') {
              const wanted = (id: string): string => {
                const q = CONTRACT_QUESTIONS.find((x) => x.id === id) as (typeof CONTRACT_QUESTIONS)[number];
                const spans = accepted(file, id, q.answeredBy);
                return spans === undefined ? '(not judged)' : spans.length === 0 ? '(absent)' : spans.slice(0, 2).map(([s, e]) => JSON.stringify(text.slice(s, Math.min(e, s + 160)).replace(/\s+/g, ' '))).join(' | ');
              };
              misses.push(
                `${file}: ${group[a].id} = ${group[b].id}\n  quoted: ${group[a].citations.map((c) => JSON.stringify(c.quote.slice(0, 200).replace(/\s+/g, ' '))).join(' | ')}\n  ${group[a].id} wants: ${wanted(group[a].id)}\n  ${group[b].id} wants: ${wanted(group[b].id)}`,
              );
            }
          }
        }
      }
    }
    const askSeconds = seconds(started);

    const total = emptyTally();
    const rows = CONTRACT_QUESTIONS.map(({ id, question }) => {
      const t = tallies.get(id) as Tally;
      for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += t[key];
      return [id, question.length > 60 ? `${question.slice(0, 57)}...` : question, t.present, share(t.answered, t.present), share(t.right, t.present), t.absent, share(t.abstained, t.absent), t.furniture];
    });
    rows.push(['all questions', '', total.present, share(total.answered, total.present), share(total.right, total.present), total.absent, share(total.abstained, total.absent), total.furniture]);
    latencies.sort((a, b) => a - b);
    console.log(
      `contracts=${files.length} questions=${latencies.length} ingest=${fixed(ingestSeconds)}s asking=${fixed(askSeconds)}s ` +
        `latency p50=${fixed(percentile(latencies, 50), 0)}ms p95=${fixed(percentile(latencies, 95), 0)}ms (one client); ${judgments.reviewed.length} judgments read by hand`,
    );
    console.log(table(['question', 'as asked', 'present', 'answered %', 'right clause %', 'absent', 'abstained %', 'furniture'], rows));
    const right = percent(total.right / Math.max(1, total.present));
    const abstained = percent(total.abstained / Math.max(1, total.absent));
    console.log(`\nanswered from an accepted passage:   ${fixed(right)}% (target >= ${TARGET_RIGHT}): ${right >= TARGET_RIGHT ? 'met' : 'missed'}`);
    console.log(`said so when the clause is absent:   ${fixed(abstained)}% (target >= ${TARGET_ABSTAINED}): ${abstained >= TARGET_ABSTAINED ? 'met' : 'missed'}`);
    console.log(`answers quoting page furniture:      ${total.furniture} (target 0): ${total.furniture === 0 ? 'met' : 'missed'}`);
    console.log(
      `questions answered with same quotes: ${duplicates.length} pair(s) not answered by those quotes (target 0): ${duplicates.length === 0 ? 'met' : 'missed'}` +
        ` (${reviewedPairs} more read by hand as one clause answering both)`,
    );
    if (duplicates.length > 0) console.log(duplicates.map((d) => `  ${d}`).join('\n'));
    if (misses.length > 0) console.log(`\nmisses of ${missesOf}:\n${misses.join('\n')}`);
    const figures = { right_clause: right, abstained_when_absent: abstained };
    if (args.has('write-baseline')) {
      const path = writeBaseline('questions', {
        args: ['--contracts', String(files.length)],
        size: { contracts: files.length, present: total.present, absent: total.absent },
        figures,
        margin: SLICE_MARGIN,
      });
      console.log(`\nbaseline written: ${path}`);
    }
    if (args.has('json')) {
      console.log(JSON.stringify({ contracts: files.length, present: total.present, absent: total.absent, ...figures, furniture: total.furniture, duplicates: duplicates.length, reviewed_pairs: reviewedPairs }));
    }
  } finally {
    await bench.close();
  }
}

runBench(main);
