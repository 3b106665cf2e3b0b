import { normalizeWhitespace } from '@casewise/legal';
import { unsupportedNote } from './citation-checker';
import { Citation } from './llm.types';
import { CASE_SUMMARY_TOPICS, CaseSummaryTopic } from './prompts/case-summary.prompt';
import { Severity, SEVERITIES } from './prompts/liability-analysis.prompt';

/** A contiguous part of a document's text, sized for one extraction call. */
export interface TextSection {
  start: number;
  end: number;
  text: string;
  /** 1-based position among the document's sections. */
  part: number;
  parts: number;
}

/**
 * Cuts a text into sections of at most `budget` characters, preferring a paragraph break, then a line
 * break, then a sentence end in the second half of each section, so clauses are rarely split.
 */
export function splitIntoSections(text: string, budget: number): TextSection[] {
  const bounds: [number, number][] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + budget);
    if (end < text.length) {
      const floor = start + Math.floor(budget / 2);
      const window = text.slice(floor, end);
      const cut = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf('. ')].find((at) => at >= 0);
      if (cut !== undefined) end = floor + cut + 1;
    }
    bounds.push([start, end]);
    start = end;
  }
  if (bounds.length === 0) bounds.push([0, 0]);
  return bounds.map(([from, to], i) => ({ start: from, end: to, text: text.slice(from, to), part: i + 1, parts: bounds.length }));
}

/** The first JSON object in a model reply, tolerating a code fence or prose around it. */
export function parseJsonObject(reply: string): Record<string, unknown> | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply);
  const candidates = [reply.trim(), fenced?.[1]?.trim() ?? ''];
  const first = reply.indexOf('{');
  const last = reply.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(reply.slice(first, last + 1));
  for (const candidate of candidates) {
    if (!candidate.startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object') : [];
}

export interface CaseSummaryFinding {
  topic: CaseSummaryTopic;
  party: string;
  statement: string;
  quote: string;
}

export interface RiskFinding {
  severity: Severity;
  clause: string;
  bearer: string;
  why: string;
  quote: string;
}

export interface Extraction<F> {
  documentType: string;
  findings: F[];
  gaps: string[];
}

export function readCaseSummaryExtraction(value: Record<string, unknown> | null): Extraction<CaseSummaryFinding> {
  const findings = records(value?.findings).flatMap((item): CaseSummaryFinding[] => {
    const topic = CASE_SUMMARY_TOPICS.find((t) => t === str(item.topic).toLowerCase()) ?? 'clause';
    const finding = { topic, party: str(item.party), statement: str(item.statement), quote: str(item.quote) };
    return finding.statement && finding.quote ? [finding] : [];
  });
  return { documentType: str(value?.document_type), findings, gaps: [] };
}

export function readLiabilityExtraction(value: Record<string, unknown> | null): Extraction<RiskFinding> {
  const findings = records(value?.findings).flatMap((item): RiskFinding[] => {
    const severity = SEVERITIES.find((s) => s.toLowerCase() === str(item.severity).toLowerCase()) ?? 'Medium';
    const finding = { severity, clause: str(item.clause), bearer: str(item.bearer), why: str(item.why), quote: str(item.quote) };
    return finding.quote && (finding.clause || finding.why) ? [finding] : [];
  });
  const gaps = Array.isArray(value?.gaps) ? value.gaps.map(str).filter((gap) => gap !== '') : [];
  return { documentType: str(value?.document_type), findings, gaps };
}

/** Escapes the characters that would turn a quoted passage into Markdown structure. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1');
}

const MAX_SOURCE_QUOTE_CHARS = 600;

export function renderSources(citations: Citation[]): string {
  if (citations.length === 0) return '## Sources\n\nNo passages were cited.\n';
  const lines = citations.map((citation, i) => {
    const quote = normalizeWhitespace(citation.quote);
    const shown = quote.length > MAX_SOURCE_QUOTE_CHARS ? `${quote.slice(0, MAX_SOURCE_QUOTE_CHARS).trimEnd()}…` : quote;
    return `- [${i + 1}] ${escapeMarkdown(citation.file)}, page ${citation.page}: “${escapeMarkdown(shown)}”`;
  });
  return `## Sources\n\n${lines.join('\n')}\n`;
}

const MARKERS = /([ \t]?)\[(\d+(?:\s*,\s*\d+)*)\](?!\()/g;

/**
 * Turns the model's Markdown into the stored report: its own Sources section and code fences removed,
 * the title heading ensured, markers that name no known source dropped, the rest renumbered in order of
 * first use, and a Sources list of exactly the cited passages appended. `droppedQuotes` counts the quotes
 * already removed because they were not in the documents; with the dropped markers they make the note.
 */
export function finalizeReport(markdown: string, title: string, sources: Citation[], droppedQuotes = 0): { markdown: string; citations: Citation[] } {
  let body = markdown.trim();
  const fence = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/i.exec(body);
  if (fence) body = (fence[1] as string).trim();
  body = body.replace(/(^|\n)#{1,6}[ \t]*Sources[ \t]*(\n[\s\S]*)?$/i, '').trim();
  if (!body.startsWith(`# ${title}`)) body = `# ${title}\n\n${body.replace(/^#\s+[^\n]*\n/, '')}`.trim();

  const renumbered = new Map<number, number>();
  const cited: Citation[] = [];
  let removed = droppedQuotes;
  body = body.replace(MARKERS, (_match: string, space: string, list: string) => {
    const numbers = list.split(',').map((n) => Number(n.trim()));
    const kept = numbers.flatMap((n) => {
      const source = sources[n - 1];
      if (!Number.isInteger(n) || n < 1 || !source) {
        removed++;
        return [];
      }
      let assigned = renumbered.get(n);
      if (assigned === undefined) {
        cited.push(source);
        assigned = cited.length;
        renumbered.set(n, assigned);
      }
      return [assigned];
    });
    return kept.length === 0 ? '' : `${space}${[...new Set(kept)].map((n) => `[${n}]`).join('')}`;
  });
  const note = removed > 0 ? `${unsupportedNote(removed)}\n\n` : '';
  return { markdown: `${body}\n\n${note}${renderSources(cited)}`, citations: cited };
}
