/**
 * Facts in the Case Summary against the lawyers' annotations on CUAD dev contracts. Each contract is summarised
 * on its own (the report builder the API runs, in process); for Parties, Agreement Date, Effective Date,
 * Expiration Date, Renewal Term, Governing Law and Notice Period To Terminate Renewal, the value the summary
 * states is read back from its markdown and compared with the annotated text:
 *
 * - parties: at least two (or every annotated one) named, and every name stated is an annotated name;
 * - dates: the stated calendar date is a date written in the annotation (a blank "__, 2000" compared as text);
 * - term, renewal and notice: the stated date or duration is one the annotation states;
 * - governing law: the stated jurisdiction is named in the annotation;
 * - a statement given only as a quotation counts when its citation overlaps the annotation.
 *
 * The scoring reads the annotation with its own small parsers, not the extraction code it measures.
 *
 *   npm run bench:summary -- [--corpus <txt dir>] [--clauses <clauses.json>] [--contracts N] [--json] [--misses FIELD]
 *     [--write-baseline]
 *
 * --write-baseline records the figures in bench/baselines/summary.json, which `npm run test:quality` holds to.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeText } from '@api/modules/ingestion/parsers/text-decoding';
import { buildCaseSummary, type LegalReport } from '../libs/legal/src/reports';
import { BenchArgs, runBench } from './lib/args';
import { byCodeUnits, cuadPath, readClauses } from './lib/cuad';
import { fixed, percent, table } from './lib/format';
import { SLICE_MARGIN, writeBaseline } from './lib/quality-gate';

const FIELDS = ['Parties', 'Agreement Date', 'Effective Date', 'Expiration Date', 'Renewal Term', 'Governing Law', 'Notice Period To Terminate Renewal'] as const;
type Field = (typeof FIELDS)[number];
const TARGET = 90;
/** Joins the annotated spans of one field. */
const SEPARATOR = '\n|\n';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WORD_NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15,
  eighteen: 18, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45, fifty: 50, sixty: 60, ninety: 90, hundred: 100,
};

interface Statement {
  /** The line's text without citation markers, or undefined when the summary says the fact is not stated. */
  text?: string;
  /** Citations of the line, as [start, end) offsets. */
  cited: [number, number][];
}

const unescape = (s: string): string => s.replace(/\\(.)/g, '$1');
const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[“”"'’(),.;:]/g, ' ')
    .replace(/^\s*the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The statement on the document section's line starting with `label` (the last such line), with its citations. */
function statement(report: LegalReport, label: RegExp): Statement {
  const line = report.markdown.split('\n').filter((l) => label.test(l)).pop();
  if (line === undefined) return { cited: [] };
  const body = line.replace(label, '');
  const cited = [...body.matchAll(/\[(\d+)\]/g)].map((m) => report.citations[Number(m[1]) - 1]).map((c): [number, number] => [c.start, c.end]);
  if (/^\s*Not stated/.test(body)) return { cited };
  return { text: unescape(body.replace(/\s*\[\d+\]/g, '')).trim(), cited };
}

function isoDates(text: string): string[] {
  const out: string[] = [];
  const pad = (n: number): string => String(n).padStart(2, '0');
  const push = (y: number, m: number, d: number): void => {
    if (m >= 1 && m <= 12 && d >= 1 && d <= 31) out.push(`${y}-${pad(m)}-${pad(d)}`);
  };
  const month = (w: string): number => MONTHS.indexOf(w.slice(0, 3).toLowerCase()) + 1;
  const year = (y: string): number => (y.length === 2 ? 2000 + Number(y) - (Number(y) > 50 ? 100 : 0) : Number(y));
  const flat = text
    .replace(/\s+/g, ' ')
    .replace(/(\d)\s?(s\s?t|n\s?d|r\s?d|t\s?h)\b/gi, '$1')
    .replace(/\(\s*(\d{1,2})\s*\)/g, '$1');
  for (const m of flat.matchAll(/\b([A-Za-z]{3,9})\.? ?(\d{1,2}) ?,? ?((?:19|20)\d\d)\b/g)) if (month(m[1]) > 0) push(Number(m[3]), month(m[1]), Number(m[2]));
  for (const m of flat.matchAll(/\b(\d{1,2})(?: day of)? ([A-Za-z]{3,9})\.? ?,? ?((?:19|20)\d\d)\b/gi)) if (month(m[2]) > 0) push(Number(m[3]), month(m[2]), Number(m[1]));
  for (const m of flat.matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-]((?:19|20)?\d\d)\b/g)) {
    // Month first or day first: an annotation is read both ways.
    push(year(m[3]), Number(m[1]), Number(m[2]));
    push(year(m[3]), Number(m[2]), Number(m[1]));
  }
  return out;
}

/** A blank date form compared by its shape: runs of underscores or placeholders count as one. */
const blankShape = (s: string): string =>
  norm(s)
    .replace(/^(?:this|the)\s+/, '')
    .replace(/[_[\]·•●*]+/g, '_')
    .replace(/\s/g, '');

/** Durations written in a text, in days (a month is 30, a year 365). */
function durations(text: string): number[] {
  const flat = text.toLowerCase().replace(/\s+/g, ' ');
  const unit = (u: string): number => (u.startsWith('year') ? 365 : u.startsWith('month') ? 30 : 1);
  const out: number[] = [];
  // "twelve (12) full calendar months": up to two words between the number and the unit.
  const between = '(?:(?:calendar|business|full|consecutive|working) ){0,2}';
  for (const m of flat.matchAll(new RegExp(`\\((\\d+)\\)\\s?-?\\s?${between}(day|month|year)`, 'g'))) out.push(Number(m[1]) * unit(m[2]));
  for (const m of flat.matchAll(new RegExp(`\\b(\\d+)\\s?-?\\s?${between}(day|month|year)`, 'g'))) out.push(Number(m[1]) * unit(m[2]));
  for (const m of flat.matchAll(new RegExp(`\\b([a-z]+(?:-[a-z]+)?)[ -](?:\\(\\d+\\)\\s)?${between}(day|month|year)`, 'g'))) {
    const n = WORD_NUMBERS[m[1]];
    if (n !== undefined) out.push(n * unit(m[2]));
  }
  if (/year[ -]to[ -]year|annual|yearly|successive years|each year/.test(flat)) out.push(365);
  if (/month[ -]to[ -]month/.test(flat)) out.push(30);
  return out;
}

const overlaps = (cited: [number, number][], spans: [number, number][]): boolean => cited.some(([s, e]) => spans.some(([a, b]) => s < b && a < e));

function sameDuration(a: number, b: number): boolean {
  return a === b || (a % 365 === 0 && b % 30 === 0 && (a / 365) * 12 === b / 30) || (b % 365 === 0 && a % 30 === 0 && (b / 365) * 12 === a / 30);
}

/** The line each field is stated on; a field is "stated" when its line says more than "Not stated". */
const FIELD_LINE: Record<Field, RegExp> = {
  Parties: /^- \*\*Parties:\*\* /,
  'Agreement Date': /^ {2}- Agreement date: /,
  'Effective Date': /^ {2}- Effective date: /,
  'Expiration Date': /^ {2}- Expiry: /,
  'Renewal Term': /^- \*\*Term and renewal:\*\* /,
  'Governing Law': /^- \*\*Governing law and forum:\*\* /,
  'Notice Period To Terminate Renewal': /^ {2}- Notice deadline: /,
};

/** Whether the summary states the annotated value. */
function judge(field: Field, report: LegalReport, gold: string, spans: [number, number][]): boolean {
  switch (field) {
    case 'Parties': {
      const s = statement(report, FIELD_LINE.Parties);
      if (s.text === undefined) return false;
      const names = s.text.replace(/\.$/, '').split('; ').map((p) => norm(p.replace(/\s*\(“[^”]*”\)\s*$/, '')));
      const golds = gold.split(SEPARATOR).map(norm).filter((g) => g.length > 0);
      const known = (n: string): boolean => golds.some((g) => g === n || (g.length > 3 && n.includes(g)) || (n.length > 3 && g.includes(n)));
      const covered = new Set(golds.filter((g) => names.some((n) => n === g || n.includes(g) || g.includes(n))));
      return names.every(known) && names.length >= Math.min(2, golds.length) && covered.size >= Math.min(2, golds.length);
    }
    case 'Agreement Date':
    case 'Effective Date': {
      const s = statement(report, FIELD_LINE[field]);
      if (s.text === undefined) return false;
      const stated = isoDates(s.text);
      const annotated = isoDates(gold);
      if (stated.length > 0 && annotated.length > 0) return stated.some((d) => annotated.includes(d));
      // The annotation is wording without a date ("effective as of the date of last signing"): it must be cited.
      if (annotated.length === 0 && !/[_·•●]/.test(gold)) return overlaps(s.cited, spans);
      if (annotated.length > 0 && !s.text.startsWith('“')) return false;
      if (/[_·•●]/.test(s.text)) return blankShape(s.text) === blankShape(gold);
      return overlaps(s.cited, spans);
    }
    case 'Expiration Date': {
      const s = statement(report, FIELD_LINE[field]);
      if (s.text === undefined) return false;
      const stated = isoDates(s.text);
      if (stated.length > 0) return stated.some((d) => isoDates(gold).includes(d));
      if (s.text.startsWith('no fixed date')) return overlaps(s.cited, spans);
      const length = durations(s.text);
      if (length.length > 0) return length.some((d) => durations(gold).some((g) => sameDuration(d, g)));
      return overlaps(s.cited, spans);
    }
    case 'Renewal Term':
    case 'Notice Period To Terminate Renewal': {
      const s = statement(report, FIELD_LINE[field]);
      if (s.text === undefined) return false;
      const sentence = field === 'Renewal Term' ? /It (?:renews|may be renewed)[^.]*\./.exec(s.text)?.[0] : s.text;
      if (sentence === undefined) return false;
      const length = durations(sentence);
      if (length.length > 0 && !sentence.startsWith('“')) return length.some((d) => durations(gold).some((g) => sameDuration(d, g)));
      return overlaps(s.cited, spans);
    }
    case 'Governing Law': {
      const s = statement(report, FIELD_LINE[field]);
      const place = s.text === undefined ? undefined : /Governed by the law of (.+?)\.(?: Disputes|$)/.exec(s.text)?.[1];
      if (place === undefined) return false;
      return norm(gold).includes(norm(place));
    }
  }
}

/** Whether the summary states the field at all (for contracts where the lawyers found none). */
function states(field: Field, report: LegalReport): boolean {
  const s = statement(report, FIELD_LINE[field]);
  if (s.text === undefined) return false;
  if (field === 'Renewal Term') return /It (?:renews|may be renewed)/.test(s.text);
  if (field === 'Governing Law') return /Governed by the law of/.test(s.text);
  if (field === 'Effective Date') return !s.text.startsWith('no separate date');
  return true;
}

function printMiss(file: string, report: LegalReport, field: Field, gold: string): void {
  const line = report.markdown.split('\n').filter((l) => FIELD_LINE[field].test(l)).pop() ?? '(none)';
  console.log(`\n# ${file}\n  gold: ${gold.replace(/\s+/g, ' ').slice(0, 400)}\n  said: ${line.slice(0, 400)}`);
}

interface Tally {
  annotated: number;
  correct: number;
  /** Contracts where the lawyers found no such field. */
  absent: number;
  /** ... and the summary states one all the same. */
  statedWhenAbsent: number;
}

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['corpus', 'clauses', 'contracts', 'misses'], switches: ['json', 'write-baseline'] });
  const corpus = resolve(args.string('corpus') ?? cuadPath('txt'));
  const clauses = readClauses(resolve(args.string('clauses') ?? cuadPath('dev', 'clauses.json')));
  const files = Object.keys(clauses).sort(byCodeUnits).slice(0, args.count('contracts', 10_000));
  const showMisses = args.string('misses');
  const tallies = new Map<Field, Tally>(FIELDS.map((f) => [f, { annotated: 0, correct: 0, absent: 0, statedWhenAbsent: 0 }]));
  const started = process.hrtime.bigint();

  for (const file of files) {
    const text = decodeText(readFileSync(join(corpus, file)));
    const report = buildCaseSummary([{ id: file, file, text, pages: [{ page: 1, start: 0, end: text.length }] }], { projectName: 'bench' });
    for (const field of FIELDS) {
      const spans = clauses[file][field];
      const tally = tallies.get(field) as Tally;
      if (spans === undefined) {
        tally.absent += 1;
        if (states(field, report)) {
          tally.statedWhenAbsent += 1;
          if (showMisses === field) printMiss(file, report, field, '(none annotated)');
        }
        continue;
      }
      if (spans.length === 0) continue;
      tally.annotated += 1;
      const gold = spans.map(([a, b]) => text.slice(a, b)).join(SEPARATOR);
      const ok = judge(field, report, gold, spans);
      if (ok) tally.correct += 1;
      if (!ok && showMisses === field) printMiss(file, report, field, gold.split(SEPARATOR).join(' | '));
    }
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const rows = FIELDS.map((f) => {
    const t = tallies.get(f) as Tally;
    const share = percent(t.correct / Math.max(1, t.annotated));
    return [f, t.annotated, t.correct, fixed(share), share >= TARGET ? 'met' : 'missed', t.absent, t.statedWhenAbsent];
  });
  console.log(`contracts=${files.length} time=${fixed(elapsed)}s (Case Summary per contract, in process)`);
  console.log(table(['field', 'annotated', 'stated correctly', '%', `target ${TARGET} %`, 'not annotated', 'stated anyway'], rows));
  const shares = Object.fromEntries(FIELDS.map((f) => [f, percent((tallies.get(f) as Tally).correct / Math.max(1, (tallies.get(f) as Tally).annotated))]));
  if (args.has('write-baseline')) {
    const path = writeBaseline('summary', { args: ['--contracts', String(files.length)], size: { contracts: files.length }, figures: shares, margin: SLICE_MARGIN });
    console.log(`\nbaseline written: ${path}`);
  }
  if (args.has('json')) {
    console.log(JSON.stringify({ contracts: files.length, fields: shares }));
  }
}

runBench(main);
