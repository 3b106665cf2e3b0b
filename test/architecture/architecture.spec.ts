import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ALLOWED_GLOBALS, analyse, cycles, DOC_PATH, foreignAccesses, renderDoc, ROOT } from '../../scripts/architecture';
import { KNOWN_VIOLATIONS } from './known-violations';

const arch = analyse();

describe('architecture of the API modules', () => {
  it('has no import cycle between feature modules beyond the listed edges', () => {
    const withoutKnown = arch.modules.map((m) => ({ name: m.name, imports: m.imports.filter((to) => !(`${m.name} → ${to}` in KNOWN_VIOLATIONS.cycleEdges)) }));
    expect(cycles(withoutKnown)).toEqual([]);
  });

  it('lists only cycle edges that still close a cycle', () => {
    const cyclic = cycles(arch.modules);
    const stale = Object.keys(KNOWN_VIOLATIONS.cycleEdges).filter((edge) => {
      const [from, to] = edge.split(' → ');
      return !(arch.edgeFiles[edge] && cyclic.some((component) => component.includes(from) && component.includes(to)));
    });
    expect(stale).toEqual([]);
  });

  it('gives every table one owning module', () => {
    expect(arch.unownedTables).toEqual([]);
  });

  it('touches no table another module owns beyond the listed accesses', () => {
    const found = foreignAccesses(arch).map((a) => `${a.module} → ${a.table}`);
    const unlisted = foreignAccesses(arch)
      .filter((a) => !(`${a.module} → ${a.table}` in KNOWN_VIOLATIONS.foreignTables))
      .map((a) => `${a.module} → ${a.table} (owned by ${a.owner}) in ${a.files.join(', ')}`);
    expect(unlisted).toEqual([]);
    expect(Object.keys(KNOWN_VIOLATIONS.foreignTables).filter((key) => !found.includes(key))).toEqual([]);
  });

  it('makes only config, common and logging @Global() beyond the listed modules', () => {
    const globals = arch.modules.filter((m) => m.global).map((m) => m.name);
    expect(globals.filter((name) => !ALLOWED_GLOBALS.includes(name) && !(name in KNOWN_VIOLATIONS.globals))).toEqual([]);
    expect(Object.keys(KNOWN_VIOLATIONS.globals).filter((name) => !globals.includes(name))).toEqual([]);
  });

  it('builds production source from nothing under test/ (fixtures and helpers stay with the tests)', () => {
    const sourceDir = join(ROOT, 'apps', 'api', 'src');
    const production = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
    const importingTests = production.filter((file) => /from '(@test\/|(\.\.\/)+test\/)/.test(readFileSync(join(sourceDir, file), 'utf8')));
    expect(importingTests.map((file) => relative(ROOT, join(sourceDir, file)))).toEqual([]);
  });

  it('keeps docs/architecture.md as the script writes it (npm run docs:architecture)', () => {
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(renderDoc(arch, KNOWN_VIOLATIONS));
  });
});
