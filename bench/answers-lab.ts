/**
 * Answers lab: measures extractive answering and abstention on CUAD dev contracts, in memory (no database, no
 * API). Each contract is chunked and indexed alone; every category question is asked of it (top 8 passages).
 *
 *   node -r @swc-node/register bench/answers-lab.ts [--contracts N] [--k 8] [--data DIR]
 *     [--options clauseThreshold=1,minCoverage=0.6,relativeCut=0.6,maxSentences=3] [--no-openings] [--diagnose]
 *     [--false-answers CATEGORY]
 *
 * answered_with_gold_citation: over the categories a contract contains (a non-empty span list in
 * dev/clauses.json), the share answered with at least one citation of an annotated span (as bench:answers judges).
 * abstained_when_absent: over the categories missing from the contract's entry, the share abstained.
 * Questions about the document itself (name, parties, dates) also get the contract's opening as a passage, as
 * the API does (`wantsDocumentOpening`), with the whole text for its dates; `--no-openings` leaves it out. `--diagnose`
 * also reports how often a gold span was inside the retrieved passages at all;
 * `--false-answers` prints, on stderr, what was quoted for a category the lawyers found absent, and what was
 * said instead of the lawyers' span where they found it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { answerExtractively, OPENING_CHARS, searchQuery, wantsDocumentOpening, type AnswerOptions, type AnswerPassage } from '../libs/legal/src/answering';
import { chunkDocument } from '../libs/legal/src/chunking';
import { LegalRetriever } from '../libs/legal/src/retrieval';
import { citesAnnotation, cuadPath } from './lib/cuad';

interface Category {
  category: string;
  question: string;
}

interface LabArgs {
  contracts: number;
  k: number;
  dataDir: string;
  options: Partial<AnswerOptions>;
  diagnose: boolean;
  falseAnswers: string | undefined;
  openings: boolean;
}

interface Tally {
  present: number;
  answeredWithGold: number;
  answeredWithoutGold: number;
  goldRetrieved: number;
  absent: number;
  abstained: number;
}

function parseArgs(argv: readonly string[]): LabArgs {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : undefined;
  };
  const options: Record<string, number> = {};
  for (const pair of (value('--options') ?? '').split(',').filter((p) => p.length > 0)) {
    const [key, raw] = pair.split('=');
    const n = Number(raw);
    if (Number.isNaN(n)) throw new Error(`Not a number: ${pair}`);
    options[key] = n;
  }
  return {
    contracts: Number(value('--contracts') ?? 40),
    k: Number(value('--k') ?? 8),
    dataDir: value('--data') ?? cuadPath(),
    options: options as Partial<AnswerOptions>,
    diagnose: argv.includes('--diagnose'),
    falseAnswers: value('--false-answers'),
    openings: !argv.includes('--no-openings'),
  };
}

const overlaps = (start: number, end: number, spans: readonly [number, number][]): boolean => spans.some(([s, e]) => start < e && s < end);
const pct = (n: number, d: number): string => (d === 0 ? '     -' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const gold = JSON.parse(readFileSync(join(args.dataDir, 'dev', 'clauses.json'), 'utf8')) as Record<string, Record<string, [number, number][]>>;
  const categories = JSON.parse(readFileSync(join(args.dataDir, 'categories.json'), 'utf8')) as Category[];
  const files = Object.keys(gold).sort().slice(0, args.contracts);
  const tallies = new Map<string, Tally>(categories.map((c) => [c.category, { present: 0, answeredWithGold: 0, answeredWithoutGold: 0, goldRetrieved: 0, absent: 0, abstained: 0 }]));
  let broken = 0;
  let citations = 0;
  let questions = 0;
  let answerMs = 0;
  const started = performance.now();

  for (const file of files) {
    const text = readFileSync(join(args.dataDir, 'txt', file), 'utf8');
    const chunks = chunkDocument(text, [{ page: 1, start: 0, end: text.length }]);
    const retriever = LegalRetriever.build(
      [{ id: file, text }],
      chunks.map((c) => ({ id: String(c.ordinal), documentId: file, text: c.text, headingPath: c.headingPath })),
    );
    for (const { category, question } of categories) {
      const spans = gold[file][category];
      const tally = tallies.get(category);
      if (tally === undefined || (spans !== undefined && spans.length === 0)) continue;
      const passages: AnswerPassage[] = retriever.search(searchQuery(question), args.k).map((hit) => {
        const chunk = chunks[Number(hit.id)];
        return { id: hit.id, documentId: file, file, page: chunk.pageStart, start: chunk.start, end: chunk.end, text: chunk.text, score: hit.score, headingPath: chunk.headingPath };
      });
      if (args.openings && wantsDocumentOpening(question)) {
        const end = Math.min(text.length, OPENING_CHARS);
        passages.unshift({ id: 'opening', documentId: file, file, page: 1, start: 0, end, text: text.slice(0, end), score: 0, headingPath: [] });
      }
      const t0 = performance.now();
      const answer = answerExtractively(question, passages, { ...args.options, texts: { [file]: text } });
      answerMs += performance.now() - t0;
      questions++;
      for (const c of answer.citations) {
        citations++;
        if (text.slice(c.start, c.end) !== c.quote) broken++;
      }
      if (spans === undefined) {
        tally.absent++;
        if (answer.abstained) tally.abstained++;
        else if (args.falseAnswers === category) console.error(`FALSE ${file}: ${answer.citations.map((c) => JSON.stringify(c.quote.slice(0, 160))).join(' | ')}`);
        continue;
      }
      tally.present++;
      if (passages.some((p) => overlaps(p.start, p.end, spans))) tally.goldRetrieved++;
      const cited = !answer.abstained && answer.citations.some((c) => citesAnnotation(c, spans, text));
      if (!cited && args.falseAnswers === category) {
        const said = answer.abstained ? 'abstained' : `cited ${answer.citations.map((c) => JSON.stringify(c.quote.slice(0, 160))).join(' | ')}`;
        console.error(`MISSED ${file}: ${said}\n    gold ${spans.map(([s, e]) => JSON.stringify(text.slice(s, Math.min(e, s + 200)))).join(' | ')}`);
      }
      if (answer.abstained) continue;
      if (cited) tally.answeredWithGold++;
      else tally.answeredWithoutGold++;
    }
  }

  const header = `${'category'.padEnd(36)} present  answered+gold  wrong-cite${args.diagnose ? '  gold-in-top-k' : ''}   absent  abstained`;
  console.log(`Answers lab: ${files.length} contracts, ${questions} questions, top ${args.k} passages, ${((performance.now() - started) / 1000).toFixed(1)} s (answering ${(answerMs / Math.max(1, questions)).toFixed(2)} ms/question)\n`);
  console.log(header);
  const total: Tally = { present: 0, answeredWithGold: 0, answeredWithoutGold: 0, goldRetrieved: 0, absent: 0, abstained: 0 };
  for (const { category } of categories) {
    const t = tallies.get(category);
    if (t === undefined) continue;
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += t[key];
    console.log(
      `${category.padEnd(36)} ${String(t.present).padStart(7)}  ${pct(t.answeredWithGold, t.present).padStart(13)}  ${pct(t.answeredWithoutGold, t.present).padStart(10)}` +
        `${args.diagnose ? pct(t.goldRetrieved, t.present).padStart(15) : ''}  ${String(t.absent).padStart(7)}  ${pct(t.abstained, t.absent).padStart(9)}`,
    );
  }
  console.log(`\nanswered_with_gold_citation: ${pct(total.answeredWithGold, total.present).trim()} (${total.answeredWithGold}/${total.present}; target >= 65%)`);
  console.log(`abstained_when_absent:       ${pct(total.abstained, total.absent).trim()} (${total.abstained}/${total.absent}; target >= 85%)`);
  if (args.diagnose) console.log(`gold span within the top ${args.k} passages: ${pct(total.goldRetrieved, total.present).trim()}`);
  console.log(`citations checked: ${citations}, offset mismatches: ${broken}`);
  if (broken > 0) process.exitCode = 1;
}

main();
