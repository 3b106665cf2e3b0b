import { cuadContracts, cuadText } from '@test/utils/fixtures';
import { detectClauses, presentCategories } from './detect-clauses';

// The CUAD contracts kept as test fixtures; the whole corpus is measured by bench:clauses.
const sample = cuadContracts();

describe('detectClauses on CUAD contracts', () => {
  it.each(sample)('quotes exactly what lies between the offsets in %s', (file) => {
    const text = cuadText(file);
    const findings = detectClauses(text);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.start).toBeGreaterThanOrEqual(0);
      expect(f.end).toBeLessThanOrEqual(text.length);
      expect(f.start).toBeLessThan(f.end);
      expect(text.slice(f.start, f.end)).toBe(f.quote);
    }
  });

  it('finds a governing-law clause and the title in most sampled contracts', () => {
    const present = sample.map((file) => presentCategories(detectClauses(cuadText(file))));
    const share = (c: string): number => present.filter((p) => (p as string[]).includes(c)).length / present.length;
    expect(share('Document Name')).toBeGreaterThan(0.8);
    expect(share('Governing Law')).toBeGreaterThan(0.6);
  });
});
