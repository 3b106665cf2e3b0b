import type { CuadCategory } from '../clauses/categories';
import { cite, citableDocument, type CitableDocument } from '../citations/citation';
import { bestFinding, documentLabel, formatIsoDate, profileDocument, type DocumentProfile } from '../reports/document-profile';
import { keyObligations } from '../reports/obligations';
import type { ReportSource } from '../reports/types';
import { assessRisks } from '../risk/assess-risks';
import { questionCategories } from './question-categories';
import { matchQuestionTopics } from './topics';
import type { AnswerCitation, ExtractiveAnswer } from './types';

export type BroadIntent = 'key-terms' | 'obligations' | 'risks';

const INTENTS: readonly (readonly [RegExp, BroadIntent])[] = [
  [/\b(?:key|main|important|principal|essential|material|major)\s+(?:terms?|points?|provisions?|clauses?)\b|\bsummar(?:y|i[sz]e)\b|\boverview\b|\bwhat\s+is\s+(?:this|the)\s+(?:contract|agreement|document)\s+about\b/i, 'key-terms'],
  [/\bobligations?\b|\bduties\b|\bresponsibilit(?:y|ies)\b|\bwhat\s+(?:must|should|do)\s+(?:i|we)\s+(?:do|provide|deliver)\b/i, 'obligations'],
  [/\b(?:potential|main|key|major|legal|biggest)?\s*risks?\b|\bexposures?\b|\bred\s+flags?\b|\bpitfalls?\b/i, 'risks'],
];

/** Notable clause categories quoted among a contract's key terms, most telling first. */
const NOTABLE: readonly CuadCategory[] = [
  'Exclusivity',
  'Non-Compete',
  'Termination For Convenience',
  'Change Of Control',
  'Anti-Assignment',
  'Cap On Liability',
  'Uncapped Liability',
  'Liquidated Damages',
  'Ip Ownership Assignment',
  'Minimum Commitment',
  'Renewal Term',
  'Warranty Duration',
] as CuadCategory[];

/**
 * A broad question about the documents as a whole ("key terms", "main points", "my obligations",
 * "potential risks"), which no single passage answers; null when the question names a clause category or topic.
 */
export function broadIntent(question: string): BroadIntent | null {
  if (questionCategories(question).length > 0 || matchQuestionTopics(question).weight > 0) return null;
  for (const [pattern, intent] of INTENTS) if (pattern.test(question)) return intent;
  return null;
}

class Quotes {
  readonly citations: AnswerCitation[] = [];
  private readonly document: CitableDocument;

  constructor(profile: DocumentProfile) {
    this.document = citableDocument(profile.source);
  }

  /** Cites text[start, end) of the document and returns how the answer shows it. */
  cite(start: number, end: number): string {
    const citation = cite(this.document, start, end);
    this.citations.push({ passageId: `document:${citation.documentId}`, ...citation });
    return `“${citation.quote.replace(/\s+/g, ' ').trim()}” (${citation.file}, page ${citation.page})`;
  }
}

function keyTerms(profile: DocumentProfile, quotes: Quotes): string[] {
  const { fields } = profile;
  const lines: string[] = [];
  if (fields.parties.length > 0) {
    const first = fields.parties[0];
    const last = fields.parties[fields.parties.length - 1];
    lines.push(`Parties: ${quotes.cite(first.start, Math.max(first.end, last.end))}`);
  }
  const date = fields.dates.find((d) => d.kind === 'effective') ?? fields.dates.find((d) => d.kind === 'agreement');
  if (date) lines.push(`${date.kind === 'effective' ? 'Effective date' : 'Dated'}${date.iso ? ` ${formatIsoDate(date.iso)}` : ''}: ${quotes.cite(date.start, date.end)}`);
  if (fields.term) lines.push(`Term: ${quotes.cite(fields.term.start, fields.term.end)}`);
  if (fields.renewal) lines.push(`Renewal: ${quotes.cite(fields.renewal.start, fields.renewal.end)}`);
  if (fields.governingLaw) lines.push(`Governing law (${fields.governingLaw.jurisdiction}): ${quotes.cite(fields.governingLaw.start, fields.governingLaw.end)}`);
  let notable = 0;
  for (const category of NOTABLE) {
    if (notable >= 3) break;
    const finding = bestFinding(profile, category);
    if (!finding) continue;
    lines.push(`${category}: ${quotes.cite(finding.start, finding.end)}`);
    notable++;
  }
  return lines;
}

function obligations(profile: DocumentProfile, quotes: Quotes): string[] {
  return keyObligations(profile, 2, 6).map((obligation) => `${obligation.party}: ${quotes.cite(obligation.segment.start, obligation.segment.end)}`);
}

function risks(profile: DocumentProfile, quotes: Quotes): string[] {
  const { items } = assessRisks([{ documentId: profile.source.id, findings: profile.findings, parties: profile.parties }]);
  return items.slice(0, 5).map((item) => `${item.severity[0].toUpperCase()}${item.severity.slice(1)} risk, ${item.category} (borne by ${item.bearer}): ${item.rationale} ${quotes.cite(item.start, item.end)}`);
}

const SECTIONS: Record<BroadIntent, { title: string; build: (profile: DocumentProfile, quotes: Quotes) => string[] }> = {
  'key-terms': { title: 'Key terms', build: keyTerms },
  obligations: { title: 'Key obligations', build: obligations },
  risks: { title: 'Potential risks', build: risks },
};

/**
 * Answers a broad question from whole documents with the rules behind the reports: every line quotes the
 * document at exact offsets. Abstains (empty citations) when the rules find nothing.
 */
export function answerBroadQuestion(intent: BroadIntent, sources: readonly ReportSource[]): ExtractiveAnswer {
  const section = SECTIONS[intent];
  const parts: string[] = [];
  const citations: AnswerCitation[] = [];
  for (const source of sources) {
    const profile = profileDocument(source);
    const quotes = new Quotes(profile);
    const lines = section.build(profile, quotes);
    if (lines.length === 0) continue;
    parts.push(`${section.title} of ${documentLabel(profile)}:\n${lines.map((line) => `- ${line}`).join('\n')}`);
    citations.push(...quotes.citations);
  }
  if (citations.length === 0) return { answer: '', citations: [], abstained: true };
  return { answer: parts.join('\n\n'), citations, abstained: false };
}
