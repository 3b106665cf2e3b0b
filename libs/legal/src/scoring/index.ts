export { evaluateRetrieval, LEGALBENCH_KS, precisionRecall, precisionRecallAtK } from './char-metrics';
export type { CharRange, MetricsAtK, PrecisionRecall, QueryRetrieval } from './char-metrics';
