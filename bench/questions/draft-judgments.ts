/**
 * Drafts the judgments of bench:questions for the questions no CUAD annotation covers (indemnities, forum,
 * notices, ...): for each contract, the passages a reviewer would accept as the answer — the sentences of a
 * section whose heading names the clause and that speak of it, and anywhere else the sentences that state it
 * in the words contracts use. A contract with none is judged not to contain the clause.
 *
 *   node -r @swc-node/register bench/questions/draft-judgments.ts [--contracts 50] [--corpus <txt dir>]
 *
 * The patterns here are the reviewer's, written apart from the answer engine's rules. The judgments read by hand
 * where the engine and the draft disagreed are in bench/questions/corrections.json ('accept': a sentence the
 * draft missed; 'kept': the draft stands) and are applied to the draft, which is written to
 * bench/questions/judgments.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTRACT_QUESTIONS, splitSegments } from '@casewise/legal';
import { BenchArgs, runBench } from '../lib/args';
import { byCodeUnits, cuadPath, locateQuote, readClauses } from '../lib/cuad';
import { CORRECTIONS_PATH, JUDGMENTS_PATH, type Corrections, type Judgments, type TopicJudgment } from './judgment-file';

interface ReviewerRule {
  /** A heading that names the clause. */
  heading: RegExp;
  /** What a sentence of such a section must say to be part of the answer. */
  within: RegExp;
  /** A sentence that states the clause wherever it stands. */
  anywhere: RegExp;
}

const DAMAGES = String.raw`(?:consequential|indirect|incidental|special|punitive|exemplary)`;
const rx = (source: string): RegExp => new RegExp(source, 'is');

const REVIEWER_RULES: Record<string, ReviewerRule> = {
  'termination-for-cause': {
    heading: rx(String.raw`terminat|default`),
    within: rx(String.raw`(?:breach|default|insolv|bankrupt|fail\w*\s+to\s+(?:perform|pay|cure|comply)|receiver|liquidat)`),
    anywhere: rx(String.raw`\bterminat\w*\b.{0,250}\b(?:material(?:ly)?\s+breach|breach\w*|default\w*|insolven\w*|bankrupt\w*)|\b(?:breach\w*|default\w*)\b.{0,250}\bterminat\w*`),
  },
  forum: {
    heading: rx(String.raw`jurisdiction|venue|forum`),
    within: rx(String.raw`\bcourts?\b|\bvenue\b|\bjurisdiction\b`),
    anywhere: rx(String.raw`\b(?:exclusive|personal|non-exclusive)\s+jurisdiction\b|\bsubmits?\s+to\s+(?:the\s+)?(?:\w+\s+){0,2}jurisdiction|\bvenue\b.{0,150}\b(?:courts?|county|district|state)\b|\bcourts?\s+(?:of|in|located\s+in)\b.{0,150}\b(?:jurisdiction|venue|brought|commenced|instituted)`),
  },
  'dispute-resolution': {
    heading: rx(String.raw`arbitrat|dispute`),
    within: rx(String.raw`\barbitrat|\bmediat|\bdisputes?\b|\bnegotiat`),
    anywhere: rx(String.raw`\barbitrat\w*\b|\bmediation\b`),
  },
  indemnification: {
    heading: rx(String.raw`indemn`),
    within: rx(String.raw`\bindemn|\bhold\s+(?:\w+\s+){0,3}harmless|\bdefen[cds]`),
    anywhere: rx(String.raw`\bindemnif(?:y|ies)\b.{0,200}\b(?:against|from)\b|\bhold\s+(?:\w+\s+){0,3}harmless\b|\bshall\s+(?:defend\s*,?\s+)?indemnify\b`),
  },
  'excluded-damages': {
    heading: rx(String.raw`consequential|limitation\s+of\s+liability|limitation\s+on\s+liability|limitations?\s+of\s+damages`),
    within: rx(String.raw`\b${DAMAGES}\b`),
    anywhere: rx(String.raw`\b(?:in\s+no\s+event|not\s+be\s+liable|no\s+liability|exclud\w*|waive\w*)\b.{0,250}\b${DAMAGES}\b|\b${DAMAGES}\b.{0,250}\b(?:not\s+be\s+liable|excluded|waived)`),
  },
  confidentiality: {
    heading: rx(String.raw`confidential|non-?disclosure|proprietary\s+information`),
    within: rx(String.raw`\bconfiden|\bdisclos|\bsecret`),
    anywhere: rx(String.raw`\b(?:hold|keep|maintain|treat)\w*\b.{0,150}\b(?:in\s+(?:strict\s+)?confidence|confidential\w*)\b|\bconfidential\s+information\b.{0,250}\bnot\b.{0,40}\b(?:disclose|use|reveal|divulge)|\bconfidentiality\s+(?:obligations?|thereof|of\s+(?:the|such|all|any))\b|\bobservance\s+of\s+confidentiality`),
  },
  'payment-terms': {
    heading: rx(String.raw`payment|invoic|fees|compensation|remuneration|royalt|price|consideration`),
    within: rx(String.raw`\b(?:pay|paid|payable|payments?|invoic\w*)\b`),
    anywhere: rx(String.raw`\b(?:pay|paid|payable|payments?|invoices?)\b.{0,150}\b(?:within\s+(?:\w+\s+){0,2}(?:\(\d+\)\s+)?(?:calendar\s+|business\s+)?days|monthly|quarterly|annually|per\s+(?:month|annum|year)|in\s+arrears|in\s+advance|upon\s+receipt)\b|\bnet\s+(?:thirty|sixty|\d+)\b`),
  },
  warranties: {
    heading: rx(String.raw`warrant`),
    within: rx(String.raw`\bwarrant|\brepresent`),
    anywhere: rx(String.raw`\brepresents?\s+and\s+warrants?\b|\bwarrants?\s+that\b|\bwarrant(?:y|ies)\b.{0,120}\b(?:free\s+from\s+defects|merchantability|fitness\s+for)`),
  },
  notices: {
    heading: rx(String.raw`^\W*(?:(?:section|article)?\s*[\d.]+\s*)?notices?\b`),
    within: rx(String.raw`\bnotices?\b|\bcommunications?\b|\baddress`),
    anywhere: rx(String.raw`\b(?:all\s+)?notices?\b.{0,200}\b(?:shall\s+be\s+in\s+writing|in\s+writing\s+and\s+shall|shall\s+be\s+(?:deemed\s+)?(?:given|delivered|sent)|deemed\s+(?:to\s+have\s+been\s+)?(?:given|received))`),
  },
  'force-majeure': {
    heading: rx(String.raw`force\s+majeure|acts?\s+of\s+god|excused\s+performance`),
    within: rx(String.raw`\bforce\s+majeure|\bbeyond\b.{0,40}\bcontrol|\bacts?\s+of\s+god|\bdelay|\bexcus`),
    anywhere: rx(String.raw`\bforce\s+majeure\b|\bacts?\s+of\s+god\b`),
  },
};

function merge(spans: [number, number][]): [number, number][] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && start <= last[1] + 2) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

function judge(text: string, rule: ReviewerRule): TopicJudgment {
  const spans: [number, number][] = [];
  const sections = new Set<string>();
  for (const segment of splitSegments(text)) {
    if (segment.isHeading) continue;
    // A heading on its own line, or one that opens the section's first sentence ("3. Confidentiality The parties ...").
    const heading = segment.heading !== '' ? segment.heading : segment.sectionStart ? segment.text.slice(0, 60) : '';
    const titled = heading !== '' && rule.heading.test(heading) && rule.within.test(segment.text);
    if (titled || rule.anywhere.test(segment.text)) {
      spans.push([segment.start, segment.end]);
      sections.add(titled ? heading.replace(/\s+/g, ' ').trim().slice(0, 80) : '(sentence)');
    }
  }
  return { spans: merge(spans), basis: [...sections] };
}

/** The sentence holding `quote` (spaces compared loosely); fails naming the quote when the text has none. */
function sentenceHolding(text: string, quote: string, file: string): [number, number] {
  const found = locateQuote(text, quote);
  if (found === undefined) throw new Error(`${CORRECTIONS_PATH}: "${quote}" is not in ${file}`);
  const [start] = found;
  const segment = splitSegments(text).find((s) => s.start <= start && start < s.end);
  return segment === undefined ? found : [segment.start, segment.end];
}

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['contracts', 'corpus'], switches: [] });
  const corpus = resolve(args.string('corpus') ?? cuadPath('txt'));
  const files = Object.keys(readClauses()).sort(byCodeUnits).slice(0, args.count('contracts', 50));
  const judgments: Judgments = { reviewed: [], contracts: {} };
  const topical = CONTRACT_QUESTIONS.filter((q) => 'topic' in q.answeredBy);
  for (const file of files) {
    const text = readFileSync(join(corpus, file), 'utf8');
    judgments.contracts[file] = Object.fromEntries(topical.map((q) => [q.id, judge(text, REVIEWER_RULES[q.id])]));
  }
  const corrections = JSON.parse(readFileSync(CORRECTIONS_PATH, 'utf8')) as Corrections;
  for (const { file, question, quote } of corrections.accept) {
    const judgment = judgments.contracts[file]?.[question];
    if (judgment === undefined) throw new Error(`${CORRECTIONS_PATH}: no judgment of ${question} for ${file}`);
    judgment.spans = merge([...judgment.spans, sentenceHolding(readFileSync(join(corpus, file), 'utf8'), quote, file)]);
    judgment.basis.push('(corrected by hand)');
  }
  judgments.reviewed = [...corrections.accept, ...corrections.kept].map(({ file, question }) => `${file}: ${question}`);
  writeFileSync(JUDGMENTS_PATH, `${JSON.stringify(judgments, null, 1)}\n`);
  console.log(`${files.length} contracts, ${topical.length} questions: ${JUDGMENTS_PATH}`);
}

runBench(main);
