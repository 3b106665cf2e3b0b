import type { SentenceRule } from './rule-types';
import type { Segment } from './segment';

/** Maps an evidence score (1 = enough for a finding) to a 0..1 confidence. */
export function scoreToConfidence(score: number): number {
  return 1 - Math.exp(-score);
}

const SECTION_TITLE_WEIGHT = 1;

/** The evidence score of one sentence for one rule; 0 when no cue applies. */
export function scoreSegment(rule: SentenceRule, segment: Pick<Segment, 'text' | 'heading'> & Partial<Pick<Segment, 'sectionStart'>>): number {
  const text = segment.text;
  const titled = segment.sectionStart === true && rule.sectionTitle !== undefined && rule.sectionTitle.test(segment.heading);
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

