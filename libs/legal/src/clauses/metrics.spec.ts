import type { ClauseFinding } from './detect-clauses';
import { evaluateDetections, f1Score, spansOverlap, type EvaluatedDocument } from './metrics';

function finding(category: string, start: number, end: number): ClauseFinding {
  return { category, start, end, quote: 'x'.repeat(end - start), confidence: 0.9 };
}

function doc(gold: Record<string, Array<[number, number]>>, findings: ClauseFinding[]): EvaluatedDocument {
  return { gold, findings, predicted: new Set(findings.map((f) => f.category)) };
}

describe('evaluateDetections', () => {
  it('computes document-level precision, recall and F1 per category', () => {
    const docs = [
      doc({ A: [[0, 10]] }, [finding('A', 0, 5)]), // true positive
      doc({ A: [] }, []), // present with an empty span list: a false negative
      doc({}, [finding('A', 3, 4)]), // false positive
      doc({}, []), // true negative
    ];
    const [a] = evaluateDetections(docs, ['A']).perCategory;
    expect([a.truePositives, a.falsePositives, a.falseNegatives]).toEqual([1, 1, 1]);
    expect(a.precision).toBeCloseTo(0.5);
    expect(a.recall).toBeCloseTo(0.5);
    expect(a.f1).toBeCloseTo(0.5);
  });

  it('counts a finding as overlapping only when it shares characters with a gold span of its category', () => {
    const docs = [doc({ A: [[10, 20]], B: [[0, 5]] }, [finding('A', 15, 25), finding('A', 20, 30), finding('A', 0, 5)])];
    const [a] = evaluateDetections(docs, ['A']).perCategory;
    expect(a.findings).toBe(3);
    expect(a.overlapping).toBe(1);
    expect(a.overlapShare).toBeCloseTo(1 / 3);
  });

  it('macro-averages over categories', () => {
    const docs = [doc({ A: [[0, 1]], B: [[0, 1]] }, [finding('A', 0, 1)])];
    const summary = evaluateDetections(docs, ['A', 'B']);
    expect(summary.perCategory.map((c) => c.f1)).toEqual([1, 0]);
    expect(summary.macroF1).toBeCloseTo(0.5);
    expect(summary.macroOverlapShare).toBeCloseTo(1);
  });

  it('uses the decision set, not the raw findings, for presence', () => {
    const weak: EvaluatedDocument = { gold: {}, findings: [finding('A', 0, 1)], predicted: new Set() };
    const [a] = evaluateDetections([weak], ['A']).perCategory;
    expect(a.falsePositives).toBe(0);
    expect(a.findings).toBe(1);
  });
});

describe('f1Score and spansOverlap', () => {
  it('returns 0 when precision and recall are both 0', () => {
    expect(f1Score(0, 0)).toBe(0);
    expect(f1Score(1, 0.5)).toBeCloseTo(2 / 3);
  });

  it('treats spans as half-open', () => {
    expect(spansOverlap([0, 5], [5, 9])).toBe(false);
    expect(spansOverlap([0, 6], [5, 9])).toBe(true);
  });
});
