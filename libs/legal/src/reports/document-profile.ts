import type { CuadCategory } from '../clauses/categories';
import { containsCategory, detectClauses, type ClauseFinding } from '../clauses/detect-clauses';
import { splitSegments, type Segment } from '../clauses/segment';
import { extractFields } from '../extraction/extract-fields';
import { extractLiability, type LiabilityFacts } from '../extraction/liability';
import type { Duration, ExtractedFields } from '../extraction/types';
import type { PartyRef } from '../risk/types';
import { flatten, titleCase } from './markdown';
import type { ReportSource } from './types';

/** What the rules find in one document, computed once and shared by the sections of a report. */
export interface DocumentProfile {
  source: ReportSource;
  segments: Segment[];
  fields: ExtractedFields;
  findings: ClauseFinding[];
  parties: PartyRef[];
  /** Indemnities, caps, excluded damages and insurance, clause by clause. */
  liability: LiabilityFacts;
  /** The document's title in title case, when it has one. */
  title?: string;
}

// Both reports of a matter are usually built from the same sources; the analysis is done once per source.
const cache = new WeakMap<ReportSource, DocumentProfile>();

export function profileDocument(source: ReportSource): DocumentProfile {
  const cached = cache.get(source);
  if (cached !== undefined && cached.source.text === source.text && cached.source.file === source.file && cached.source.id === source.id && cached.source.pages === source.pages) return cached;
  const profile = analyse(source);
  cache.set(source, profile);
  return profile;
}

function analyse(source: ReportSource): DocumentProfile {
  const segments = splitSegments(source.text);
  const fields = extractFields(source.text, segments);
  const findings = detectClauses(source.text, { segments });
  const parties = fields.parties.map((p) => ({ name: flatten(p.value), ...(p.role === undefined ? {} : { role: flatten(p.role.value) }) }));
  const labels = parties.flatMap((p) => (p.role === undefined ? [p.name] : [p.role, p.name]));
  const liability = extractLiability(source.text, labels, segments);
  return { source, segments, fields, findings, parties, liability, ...(fields.title === undefined ? {} : { title: titleCase(fields.title.value) }) };
}

/** The segment (sentence) containing `offset`, if any. */
export function segmentAt(profile: DocumentProfile, offset: number): Segment | undefined {
  const segments = profile.segments;
  let lo = 0;
  let hi = segments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = segments[mid];
    if (offset < s.start) hi = mid - 1;
    else if (offset >= s.end) lo = mid + 1;
    else return s;
  }
  return undefined;
}

/**
 * The most telling finding of a category in a document, when the document contains the category: the most
 * confident one, the earliest among equals.
 */
export function bestFinding(profile: DocumentProfile, category: CuadCategory): ClauseFinding | undefined {
  if (!containsCategory(profile.findings, category)) return undefined;
  let best: ClauseFinding | undefined;
  for (const f of profile.findings) {
    if (f.category !== category) continue;
    if (best === undefined || f.confidence > best.confidence) best = f;
  }
  return best;
}

export function formatDuration(d: Duration): string {
  return `${d.amount} ${d.unit}${d.amount === 1 ? '' : 's'}`;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2019-03-01" -> "March 1, 2019". */
export function formatIsoDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTH_NAMES[m - 1] ?? ''} ${d}, ${y}`;
}

/** The name a document is referred to by in headings and tables: its title, else its file name. */
export function documentLabel(profile: DocumentProfile): string {
  return profile.title ?? profile.source.file;
}
