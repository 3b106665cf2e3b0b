/**
 * The character-level retrieval metric of LegalBench-RAG: precision is the share of retrieved characters that
 * lie in gold spans, recall the share of gold characters that the retrieved ranges cover. Ranges are unioned per
 * file first, so overlapping or repeated retrievals (and overlapping gold spans) count each character once.
 */

/** [start, end) character offsets into a file's canonical text. */
export interface CharRange {
  file: string;
  start: number;
  end: number;
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
}

export interface MetricsAtK extends PrecisionRecall {
  k: number;
}

export const LEGALBENCH_KS: readonly number[] = [1, 2, 4, 8, 16, 32, 64];

type Interval = [number, number];

function unionByFile(ranges: readonly CharRange[]): Map<string, Interval[]> {
  const byFile = new Map<string, Interval[]>();
  for (const range of ranges) {
    if (range.end <= range.start) continue;
    let list = byFile.get(range.file);
    if (!list) {
      list = [];
      byFile.set(range.file, list);
    }
    list.push([range.start, range.end]);
  }
  for (const [file, list] of byFile) {
    list.sort((a, b) => a[0] - b[0]);
    const merged: Interval[] = [];
    for (const [start, end] of list) {
      const last = merged[merged.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
    byFile.set(file, merged);
  }
  return byFile;
}

function totalLength(byFile: Map<string, Interval[]>): number {
  let total = 0;
  for (const list of byFile.values()) for (const [start, end] of list) total += end - start;
  return total;
}

/** Characters shared by two sorted, disjoint interval lists. */
function overlap(a: readonly Interval[], b: readonly Interval[]): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i][0], b[j][0]);
    const end = Math.min(a[i][1], b[j][1]);
    if (end > start) shared += end - start;
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return shared;
}

/**
 * Precision and recall of one query's retrieved ranges against its gold spans. Nothing retrieved gives
 * precision 0; no gold characters give recall 1 (there was nothing to find).
 */
export function precisionRecall(retrieved: readonly CharRange[], gold: readonly CharRange[]): PrecisionRecall {
  const got = unionByFile(retrieved);
  const want = unionByFile(gold);
  let shared = 0;
  for (const [file, list] of got) {
    const target = want.get(file);
    if (target) shared += overlap(list, target);
  }
  const retrievedChars = totalLength(got);
  const goldChars = totalLength(want);
  return {
    precision: retrievedChars === 0 ? 0 : shared / retrievedChars,
    recall: goldChars === 0 ? 1 : shared / goldChars,
  };
}

/** Precision@k and recall@k of one query, where `ranked` is its retrieval, best first. */
export function precisionRecallAtK(ranked: readonly CharRange[], gold: readonly CharRange[], k: number): PrecisionRecall {
  return precisionRecall(ranked.slice(0, k), gold);
}

export interface QueryRetrieval {
  /** Retrieved ranges, best first. */
  ranked: readonly CharRange[];
  gold: readonly CharRange[];
}

/** Precision@k and recall@k averaged over queries (macro average), for each k. */
export function evaluateRetrieval(queries: readonly QueryRetrieval[], ks: readonly number[] = LEGALBENCH_KS): MetricsAtK[] {
  return ks.map((k) => {
    let precision = 0;
    let recall = 0;
    for (const query of queries) {
      const pr = precisionRecallAtK(query.ranked, query.gold, k);
      precision += pr.precision;
      recall += pr.recall;
    }
    const n = queries.length || 1;
    return { k, precision: precision / n, recall: recall / n };
  });
}
