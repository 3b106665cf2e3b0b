import type { SentenceRule } from './rule-types';
import type { Segment } from './segment';

/** Maps an evidence score (1 = enough for a finding) to a 0..1 confidence. */
export function scoreToConfidence(score: number): number {
  return 1 - Math.exp(-score);
}

const SECTION_TITLE_WEIGHT = 1;
/** The parts of a heading that titles several things ("Governing Law; Dispute Resolution"). */
const HEADING_PARTS = /\s*(?:;|&|\band\b|,)\s*/i;

/**
 * Whether a sentence opens a section titled for the rule. Under a heading that titles several things, the first
 * sentence may be about any of them: it counts as titled only when the rule's title matches the whole heading.
 */
function titledFor(rule: SentenceRule, segment: Pick<Segment, 'heading'> & Partial<Pick<Segment, 'sectionStart'>>): boolean {
  if (segment.sectionStart !== true || rule.sectionTitle === undefined || !rule.sectionTitle.test(segment.heading)) return false;
  const parts = segment.heading.split(HEADING_PARTS).filter((part) => /\p{L}{3}/u.test(part));
  return parts.length <= 1 || parts.every((part) => rule.sectionTitle?.test(part) === true);
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

