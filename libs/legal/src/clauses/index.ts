export { CUAD_CATEGORIES, isCuadCategory, type CuadCategory } from './categories';
export {
  detectClauses,
  containsCategory,
  presentCategories,
  presenceConfidence,
  scoreSegment,
  scoreToConfidence,
  type ClauseFinding,
  type DetectOptions,
} from './detect-clauses';
export { splitSegments, type Segment } from './segment';
export { CLAUSE_RULES } from './rules';
export type { ClauseRule, Cue } from './rule-types';
export {
  evaluateDetections,
  f1Score,
  spansOverlap,
  type CategoryMetrics,
  type EvaluatedDocument,
  type EvaluationSummary,
  type GoldAnnotations,
} from './metrics';
