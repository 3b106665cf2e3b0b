import { evaluateRetrieval, precisionRecall, precisionRecallAtK, type CharRange } from './char-metrics';

const r = (file: string, start: number, end: number): CharRange => ({ file, start, end });

describe('precisionRecall', () => {
  it('is perfect when the retrieved range is the gold span', () => {
    expect(precisionRecall([r('a', 10, 20)], [r('a', 10, 20)])).toEqual({ precision: 1, recall: 1 });
  });

  it('measures partial overlap in characters', () => {
    // 5 of 20 retrieved characters are gold; 5 of 10 gold characters are found.
    expect(precisionRecall([r('a', 0, 20)], [r('a', 15, 25)])).toEqual({ precision: 0.25, recall: 0.5 });
  });

  it('counts overlapping retrieved ranges once', () => {
    const once = precisionRecall([r('a', 0, 10)], [r('a', 5, 15)]);
    const twice = precisionRecall([r('a', 0, 10), r('a', 5, 10), r('a', 0, 10)], [r('a', 5, 15)]);
    expect(twice).toEqual(once);
    expect(once).toEqual({ precision: 0.5, recall: 0.5 });
  });

  it('counts overlapping gold spans once', () => {
    expect(precisionRecall([r('a', 0, 10)], [r('a', 0, 6), r('a', 4, 10)])).toEqual({ precision: 1, recall: 1 });
  });

  it('does not credit the same offsets in another file', () => {
    expect(precisionRecall([r('b', 10, 20)], [r('a', 10, 20)])).toEqual({ precision: 0, recall: 0 });
  });

  it('adds up several gold spans and retrieved ranges across files', () => {
    const result = precisionRecall([r('a', 0, 10), r('b', 0, 10)], [r('a', 0, 10), r('b', 5, 25)]);
    expect(result.precision).toBeCloseTo(15 / 20);
    expect(result.recall).toBeCloseTo(15 / 30);
  });

  it('gives precision 0 when nothing is retrieved and recall 1 when there is no gold', () => {
    expect(precisionRecall([], [r('a', 0, 10)])).toEqual({ precision: 0, recall: 0 });
    expect(precisionRecall([r('a', 0, 10)], [])).toEqual({ precision: 0, recall: 1 });
  });

  it('ignores empty ranges', () => {
    expect(precisionRecall([r('a', 5, 5), r('a', 0, 10)], [r('a', 0, 10)])).toEqual({ precision: 1, recall: 1 });
  });
});

describe('precisionRecallAtK', () => {
  it('uses only the first k ranges', () => {
    const ranked = [r('a', 100, 110), r('a', 0, 10)];
    const gold = [r('a', 0, 10)];
    expect(precisionRecallAtK(ranked, gold, 1)).toEqual({ precision: 0, recall: 0 });
    expect(precisionRecallAtK(ranked, gold, 2)).toEqual({ precision: 0.5, recall: 1 });
  });
});

describe('evaluateRetrieval', () => {
  it('averages over queries for each k', () => {
    const queries = [
      { ranked: [r('a', 0, 10), r('a', 10, 20)], gold: [r('a', 0, 10)] },
      { ranked: [r('b', 50, 60), r('b', 0, 10)], gold: [r('b', 0, 20)] },
    ];
    const [at1, at2] = evaluateRetrieval(queries, [1, 2]);
    expect(at1).toEqual({ k: 1, precision: (1 + 0) / 2, recall: (1 + 0) / 2 });
    expect(at2.k).toBe(2);
    expect(at2.precision).toBeCloseTo((0.5 + 0.5) / 2);
    expect(at2.recall).toBeCloseTo((1 + 0.5) / 2);
  });

  it('uses the LegalBench-RAG values of k by default', () => {
    expect(evaluateRetrieval([]).map((m) => m.k)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });
});
