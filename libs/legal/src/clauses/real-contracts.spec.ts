import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectClauses, presentCategories } from './detect-clauses';

// Read-only CUAD texts shipped beside the repository; skipped where they are not available.
const CORPUS = '/work/shared/data/cuad/txt';
const files = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => f.endsWith('.txt')).sort() : [];
const sample = files.filter((_, i) => i % 60 === 0);
const describeWithCorpus = sample.length > 0 ? describe : describe.skip;

describeWithCorpus('detectClauses on CUAD contracts', () => {
  it.each(sample)('quotes exactly what lies between the offsets in %s', (file) => {
    const text = readFileSync(join(CORPUS, file), 'utf8');
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
    const present = sample.map((file) => presentCategories(detectClauses(readFileSync(join(CORPUS, file), 'utf8'))));
    const share = (c: string): number => present.filter((p) => (p as string[]).includes(c)).length / present.length;
    expect(share('Document Name')).toBeGreaterThan(0.8);
    expect(share('Governing Law')).toBeGreaterThan(0.6);
  });
});
