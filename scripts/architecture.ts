// Reads the API's feature modules from source and derives their architecture: which module imports which,
// which tables each module owns and touches, which modules are @Global(). Writes docs/architecture.md from it;
// with --check it writes nothing and fails when the committed file is stale. test/architecture holds the rules.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { KNOWN_VIOLATIONS } from '../test/architecture/known-violations';

export const ROOT = join(__dirname, '..');
const MODULES_DIR = join('apps', 'api', 'src', 'modules');
export const DOC_PATH = join(ROOT, 'docs', 'architecture.md');

export interface TableAccess {
  table: string;
  file: string;
  via: 'entity' | 'sql';
}

export interface ModuleInfo {
  name: string;
  global: boolean;
  imports: string[];
  ownedTables: string[];
  touches: TableAccess[];
}

export interface Architecture {
  modules: ModuleInfo[];
  /** Table name → owning module: the folder of its entity, else the one module whose code touches it. */
  owners: Record<string, string>;
  /** Tables created by migrations that no entity declares and no single module touches. */
  unownedTables: string[];
  /** import edges "from → to" with the files that make them, for messages. */
  edgeFiles: Record<string, string[]>;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const isSource = (file: string): boolean => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts');
const isMigration = (rel: string): boolean => rel.split(sep).includes('migrations') || rel.endsWith(`${sep}migrations.ts`);

const IMPORT_RE = /(?:\bimport\s[^'"`;]*?\bfrom\s*|\bexport\s[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
const ENTITY_RE = /@Entity\(\s*\{\s*name:\s*'([a-z_][a-z0-9_]*)'/;
const ENTITY_CLASS_RE = /@Entity\([^)]*\)\s*export\s+class\s+(\w+)/;
const CREATE_TABLE_RE = /CREATE TABLE(?: IF NOT EXISTS)?\s+"?([a-z_][a-z0-9_]*)"?/g;
// Table names in SQL text: after FROM, JOIN, INTO, UPDATE, TABLE (DELETE FROM and ALTER TABLE included).
const SQL_TABLE_RE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?([a-z_][a-z0-9_]*)"?/g;
// Tables named as data, e.g. `{ table: 'chunks', ... }` handed to code that builds SQL from it.
const TABLE_PROP_RE = /\btable:\s*'([a-z_][a-z0-9_]*)'/g;
const STRING_RE = /`(?:\\.|[^`\\])*`|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g;

/** The module a specifier from `file` points into, or undefined when it leaves the modules folder. */
function targetModule(root: string, file: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('@api/')) target = join(root, 'apps', 'api', 'src', specifier.slice('@api/'.length));
  else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
  else return undefined;
  const rel = relative(join(root, MODULES_DIR), target);
  if (rel.startsWith('..') || rel === '') return undefined;
  return rel.split(sep)[0];
}

export function analyse(root: string = ROOT): Architecture {
  const modulesDir = join(root, MODULES_DIR);
  const names = readdirSync(modulesDir).filter((entry) => statSync(join(modulesDir, entry)).isDirectory()).sort();
  const files = new Map<string, { rel: string; text: string }[]>();
  for (const name of names) {
    files.set(
      name,
      walk(join(modulesDir, name))
        .filter(isSource)
        .sort()
        .map((file) => ({ rel: relative(root, file).split(sep).join('/'), text: readFileSync(file, 'utf8') })),
    );
  }

  // Entities: owner is the folder the entity file lives in.
  const entityOwner = new Map<string, { table: string; module: string }>();
  const owners: Record<string, string> = {};
  for (const name of names) {
    for (const { text } of files.get(name) ?? []) {
      const table = ENTITY_RE.exec(text)?.[1];
      const cls = ENTITY_CLASS_RE.exec(text)?.[1];
      if (table && cls) {
        entityOwner.set(cls, { table, module: name });
        owners[table] = name;
      }
    }
  }
  const migrationTables = new Set<string>();
  for (const { rel, text } of files.get('database') ?? []) {
    if (!isMigration(rel.split('/').join(sep))) continue;
    for (const match of text.matchAll(CREATE_TABLE_RE)) migrationTables.add(match[1]);
  }
  const knownTables = new Set([...migrationTables, ...Object.keys(owners)]);

  const edgeFiles: Record<string, string[]> = {};
  const modules: ModuleInfo[] = names.map((name) => {
    const imports = new Set<string>();
    const touches: TableAccess[] = [];
    let global = false;
    for (const { rel, text } of files.get(name) ?? []) {
      const abs = join(root, rel);
      for (const match of text.matchAll(IMPORT_RE)) {
        const target = targetModule(root, abs, match[1]);
        if (!target || target === name) continue;
        imports.add(target);
        (edgeFiles[`${name} → ${target}`] ??= []).push(rel);
      }
      if (rel.endsWith('.module.ts') && /@Global\(\)/.test(text)) global = true;
      // Migrations create every table; that is schema, not data access.
      if (name === 'database' && isMigration(rel.split('/').join(sep))) continue;
      if (ENTITY_RE.test(text)) continue;
      const seen = new Set<string>();
      for (const [cls, { table }] of entityOwner) {
        if (new RegExp(`\\b${cls}\\b`).test(text) && !seen.has(table)) {
          seen.add(table);
          touches.push({ table, file: rel, via: 'entity' });
        }
      }
      const sqlSeen = new Set<string>();
      for (const literal of text.match(STRING_RE) ?? []) {
        for (const match of literal.matchAll(SQL_TABLE_RE)) {
          const table = match[1];
          if (!knownTables.has(table) || sqlSeen.has(table)) continue;
          sqlSeen.add(table);
          if (!seen.has(table)) touches.push({ table, file: rel, via: 'sql' });
        }
      }
      for (const match of text.matchAll(TABLE_PROP_RE)) {
        const table = match[1];
        if (!knownTables.has(table) || sqlSeen.has(table) || seen.has(table)) continue;
        sqlSeen.add(table);
        touches.push({ table, file: rel, via: 'sql' });
      }
    }
    return { name, global, imports: [...imports].sort(), ownedTables: [], touches };
  });

  for (const edge of Object.keys(edgeFiles)) edgeFiles[edge] = [...new Set(edgeFiles[edge])].sort();

  // A table no entity declares belongs to the one module that touches it.
  const unownedTables: string[] = [];
  for (const table of [...migrationTables].sort()) {
    if (owners[table]) continue;
    const users = modules.filter((m) => m.touches.some((t) => t.table === table)).map((m) => m.name);
    if (users.length === 1) owners[table] = users[0];
    else unownedTables.push(table);
  }
  for (const m of modules) {
    m.ownedTables = Object.keys(owners)
      .filter((table) => owners[table] === m.name)
      .sort();
  }
  return { modules, owners, unownedTables, edgeFiles };
}

/** Every (module, table) where a module's code touches a table another module owns. */
export function foreignAccesses(arch: Architecture): { module: string; table: string; owner: string; files: string[] }[] {
  const out: { module: string; table: string; owner: string; files: string[] }[] = [];
  for (const m of arch.modules) {
    const byTable = new Map<string, string[]>();
    for (const access of m.touches) {
      const owner = arch.owners[access.table];
      if (!owner || owner === m.name) continue;
      byTable.set(access.table, [...(byTable.get(access.table) ?? []), access.file]);
    }
    for (const [table, files] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
      out.push({ module: m.name, table, owner: arch.owners[table], files: [...new Set(files)].sort() });
    }
  }
  return out;
}

/** Strongly connected components with more than one module (each one is an import cycle), over the given edges. */
export function cycles(modules: { name: string; imports: string[] }[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const graph = new Map(modules.map((m) => [m.name, m.imports]));
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const m of modules) if (!index.has(m.name)) visit(m.name);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

export interface KnownViolations {
  /** "from → to" import edges that close a cycle today, with why; the rest of the graph must be acyclic. */
  cycleEdges: Record<string, string>;
  /** "module → table" accesses to a table another module owns, with why. */
  foreignTables: Record<string, string>;
  /** Modules beyond config and common still @Global(), with why. */
  globals: Record<string, string>;
}

export function renderDoc(arch: Architecture, known: KnownViolations): string {
  const lines: string[] = [];
  lines.push('# Architecture', '');
  lines.push('Generated by `npm run docs:architecture` (scripts/architecture.ts) from `apps/api/src/modules`; do not edit by hand.');
  lines.push('`test/architecture/architecture.spec.ts` fails when this file is stale, when feature modules import each other in a cycle,');
  lines.push('when code touches a table another module owns, or when a module other than config and common is `@Global()`.', '');
  lines.push('## Module dependencies', '');
  lines.push('An arrow `a --> b` means files of `a` import files of `b` (through `@api/modules/b/` or a relative path). Global modules are drawn with a double border.', '');
  lines.push('```mermaid', 'graph LR');
  for (const m of arch.modules) lines.push(m.global ? `  ${safeId(m.name)}[["${m.name}"]]` : `  ${safeId(m.name)}["${m.name}"]`);
  for (const m of arch.modules) for (const target of m.imports) lines.push(`  ${safeId(m.name)} --> ${safeId(target)}`);
  lines.push('```', '');
  const found = cycles(arch.modules);
  lines.push('## Import cycles', '');
  if (found.length === 0) lines.push('None.');
  for (const component of found) lines.push(`- ${component.join(' ⇄ ')}`);
  for (const [edge, why] of Object.entries(known.cycleEdges)) {
    lines.push(`- known: \`${edge}\` in ${(arch.edgeFiles[edge] ?? []).map((f) => `\`${f}\``).join(', ')}: ${why}`);
  }
  lines.push('');
  lines.push('## Modules and the tables they own', '');
  lines.push('A table belongs to the module whose folder holds its entity; a table with no entity belongs to the one module that touches it.', '');
  lines.push('| module | global | imports | owns tables |', '|---|---|---|---|');
  for (const m of arch.modules) {
    lines.push(`| ${m.name} | ${m.global ? 'yes' : ''} | ${m.imports.join(', ')} | ${m.ownedTables.map((t) => `\`${t}\``).join(', ')} |`);
  }
  lines.push('');
  if (arch.unownedTables.length > 0) lines.push(`Tables with no owner: ${arch.unownedTables.map((t) => `\`${t}\``).join(', ')}.`, '');
  lines.push('## Known violations', '');
  lines.push('Kept in `test/architecture/known-violations.ts`; the test fails when one disappears without being removed from the list, so the list only shrinks.', '');
  lines.push('### Tables touched by a module that does not own them', '');
  const foreign = foreignAccesses(arch);
  if (foreign.length === 0) lines.push('None.');
  for (const access of foreign) {
    const key = `${access.module} → ${access.table}`;
    const why = known.foreignTables[key];
    lines.push(`- \`${access.module}\` touches \`${access.table}\` (owned by \`${access.owner}\`) in ${access.files.map((f) => `\`${f}\``).join(', ')}${why ? `: ${why}` : ' — NOT ALLOWED'}`);
  }
  lines.push('');
  lines.push('### Global modules beyond config and common', '');
  const extraGlobals = arch.modules.filter((m) => m.global && !ALLOWED_GLOBALS.includes(m.name));
  if (extraGlobals.length === 0) lines.push('None.');
  for (const m of extraGlobals) lines.push(`- \`${m.name}\`${known.globals[m.name] ? `: ${known.globals[m.name]}` : ' — NOT ALLOWED'}`);
  lines.push('');
  return lines.join('\n');
}

/** Modules that may be @Global(): configuration, the clock and crypto helpers in common, logging when it exists. */
export const ALLOWED_GLOBALS = ['config', 'common', 'logging'];

function safeId(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '_');
}

function main(): void {
  const doc = renderDoc(analyse(), KNOWN_VIOLATIONS);
  if (process.argv.includes('--check')) {
    const current = readFileSync(DOC_PATH, 'utf8');
    if (current !== doc) {
      process.stderr.write('docs/architecture.md is stale: run npm run docs:architecture\n');
      process.exit(1);
    }
    return;
  }
  writeFileSync(DOC_PATH, doc);
}

if (require.main === module) {
  main();
}
