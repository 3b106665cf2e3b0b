import type { SentenceRule } from './rule-types';
import type { Segment } from './segment';

/** Maps an evidence score (1 = enough for a finding) to a 0..1 confidence. */
export function scoreToConfidence(score: number): number {
  return 1 - Math.exp(-score);
}

const SECTION_TITLE_WEIGHT = 1;
/** Where a heading that titles several things ("Governing Law; Dispute Resolution") names its second. */
const HEADING_SEPARATOR = /\s*(?:;|&|\band\b|,)\s*/i;

/**
 * Whether a sentence opens a section titled for the rule. Under a heading that titles several things, the section
 * takes them in the heading's order: its first sentence is titled only for the first of them.
 */
function titledFor(rule: SentenceRule, segment: Pick<Segment, 'heading'> & Partial<Pick<Segment, 'sectionStart'>>): boolean {
  if (segment.sectionStart !== true || rule.sectionTitle === undefined) return false;
  const title = rule.sectionTitle.exec(segment.heading);
  if (title === null) return false;
  const separator = segment.heading.search(HEADING_SEPARATOR);
  return separator < 0 || title.index <= separator;
}

/** The evidence score of one sentence for one rule; 0 when no cue applies. */
export function scoreSegment(rule: SentenceRule, segment: Pick<Segment, 'text' | 'heading'> & Partial<Pick<Segment, 'sectionStart'>>): number {
  const text = segment.text;
  const titled = titledFor(rule, segment);
  if (!titled && rule.requires !== undefined && !rule.requires.every((p) => p.test(text))) return 0;
  let score = titled ? SECTION_TITLE_WEIGHT : 0;
  for (const [pattern, weight] of rule.cues) if (pattern.test(text)) score += weight;
  if (score === 0) return 0;
  if (rule.headings !== undefined && segment.heading !== '') {
    let best = 0;
    for (const [pattern, weight] of rule.headings) if (pattern.test(segment.heading)) best = Math.max(best, weight);
    score += best;
  }
  if (rule.negatives !== undefined) for (const [pattern, weight] of rule.negatives) if (pattern.test(text)) score -= weight;
  return score;
}

