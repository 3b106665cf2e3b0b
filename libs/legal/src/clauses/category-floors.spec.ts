import { readFileSync, writeFileSync } from 'node:fs';
import { cuadPath, cuadText } from '@test/utils/fixtures';
import { CUAD_CATEGORIES } from './categories';
import { detectClauses, presentCategories } from './detect-clauses';
import { evaluateDetections, type GoldAnnotations } from './metrics';

// Every category's detections on the annotated fixture contracts, held to committed floors: a category that
// stops being found (or starts firing where lawyers saw nothing) fails here, in `npm test`, before the quality
// gate measures the whole corpus. After an intended change: CLAUSE_FLOORS=write and commit the file.
const FLOORS_FILE = cuadPath('dev', 'clause-floors.json');

interface Floor {
  truePositives: number;
  falsePositives: number;
}

function measure(): Record<string, Floor> {
  const gold = JSON.parse(readFileSync(cuadPath('dev', 'clauses.json'), 'utf8')) as Record<string, GoldAnnotations>;
  const documents = Object.keys(gold)
    .sort()
    .map((file) => {
      const findings = detectClauses(cuadText(file));
      return { gold: gold[file], findings, predicted: new Set<string>(presentCategories(findings)) };
    });
  const summary = evaluateDetections(documents, CUAD_CATEGORIES);
  return Object.fromEntries(summary.perCategory.map((c) => [c.category, { truePositives: c.truePositives, falsePositives: c.falsePositives }]));
}

describe('clause categories on the annotated fixture contracts', () => {
  const measured = measure();
  if (process.env.CLAUSE_FLOORS === 'write') writeFileSync(FLOORS_FILE, `${JSON.stringify(measured, null, 2)}\n`);
  const floors = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as Record<string, Floor>;

  it('has a floor for every category', () => {
    expect(Object.keys(floors).sort()).toEqual([...CUAD_CATEGORIES].sort());
  });

  it.each([...CUAD_CATEGORIES])('%s: finds at least as many annotated contracts, and adds no false ones', (category) => {
    expect(measured[category].truePositives).toBeGreaterThanOrEqual(floors[category].truePositives);
    expect(measured[category].falsePositives).toBeLessThanOrEqual(floors[category].falsePositives);
  });

  it('keeps most categories checkable: found in at least one annotated fixture contract', () => {
    const found = Object.values(floors).filter((floor) => floor.truePositives > 0).length;
    expect(found).toBeGreaterThanOrEqual(Math.ceil(CUAD_CATEGORIES.length / 2));
  });
});
