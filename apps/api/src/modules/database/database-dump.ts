import { DataSource, QueryRunner } from 'typeorm';

/** A logical copy of every table of the schema, taken inside one snapshot: rows as PostgreSQL's JSON of them. */
export interface DatabaseDump {
  tables: { name: string; rows: string[] }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

function rowsOf<T>(result: T[] | T[][]): T[] {
  return Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}

async function select<T>(runner: QueryRunner, sql: string, parameters: unknown[] = []): Promise<T[]> {
  return rowsOf<T>(await runner.query(sql, parameters));
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The schema's tables, parents before children, so rows can be inserted with their foreign keys checked. */
async function tablesInOrder(runner: QueryRunner): Promise<string[]> {
  const tables = (await select<{ name: string }>(runner, `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)).map((row) => row.name);
  const edges = await select<{ child: string; parent: string }>(
    runner,
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
     JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  const bare = (name: string): string => name.replace(/^.*\./, '').replace(/"/g, '');
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges) if (bare(edge.child) !== bare(edge.parent)) parents.get(bare(edge.child))?.add(bare(edge.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((parent) => placed.has(parent) || !parents.has(parent)));
    if (!next) throw new Error('The tables reference each other in a cycle; this backup cannot order them.');
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** How a migration marks a table that triggers keep from other tables' rows (`COMMENT ON TABLE ... IS 'Derived: ...'`). */
const DERIVED_TABLE_COMMENT = 'Derived:';

/** The schema's derived tables: a backup leaves them out, and a restore rebuilds them as it inserts the rows they follow. */
async function derivedTables(runner: QueryRunner): Promise<Set<string>> {
  const rows = await select<{ name: string }>(
    runner,
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND starts_with(coalesce(obj_description(c.oid, 'pg_class'), ''), $1)`,
    [DERIVED_TABLE_COMMENT],
  );
  return new Set(rows.map((row) => row.name));
}

/** Dumps the schema inside a repeatable-read, read-only transaction: one consistent snapshot while the server runs. */
export async function dumpDatabase(runner: QueryRunner): Promise<DatabaseDump> {
  await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const tables: DatabaseDump['tables'] = [];
    const derived = await derivedTables(runner);
    for (const name of await tablesInOrder(runner)) {
      if (derived.has(name)) continue;
      const rows = await select<{ row: string }>(runner, `SELECT row_to_json(t)::text AS row FROM ${ident(name)} t`);
      tables.push({ name, rows: rows.map((row) => row.row) });
    }
    const sequences: DatabaseDump['sequences'] = [];
    const names = await select<{ name: string }>(runner, `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename`);
    for (const { name } of names) {
      const [state] = await select<{ last_value: string; is_called: boolean }>(runner, `SELECT last_value::text, is_called FROM ${ident(name)}`);
      sequences.push({ name, lastValue: state.last_value, isCalled: state.is_called });
    }
    await runner.query('COMMIT');
    return { tables, sequences };
  } catch (error) {
    await runner.query('ROLLBACK');
    throw error;
  }
}

/** Tables with rows, other than the migrations' own: a restore only goes into an empty database. */
export async function nonEmptyTables(runner: QueryRunner): Promise<string[]> {
  const found: string[] = [];
  for (const name of await tablesInOrder(runner)) {
    if (name === 'migrations') continue;
    const rows = await select<{ one: number }>(runner, `SELECT 1 AS one FROM ${ident(name)} LIMIT 1`);
    if (rows.length > 0) found.push(name);
  }
  return found;
}

export async function migrationNames(runner: QueryRunner): Promise<string[]> {
  return (await select<{ name: string }>(runner, `SELECT name FROM migrations ORDER BY id`)).map((row) => row.name);
}

const BATCH_ROWS = 500;

/** Loads a dump into an empty schema of the same migrations, in one transaction: all of it or nothing. */
/** The whole database and the migrations it was built with: what a backup archives. */
export interface DatabaseSnapshot {
  dump: DatabaseDump;
  migrations: string[];
}

/** Takes a snapshot on a connection of its own (the dump itself runs in one repeatable-read transaction). */
export async function snapshotDatabase(dataSource: DataSource): Promise<DatabaseSnapshot> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    return { dump: await dumpDatabase(runner), migrations: await migrationNames(runner) };
  } finally {
    await runner.release();
  }
}

export async function restoreDatabase(runner: QueryRunner, dump: DatabaseDump): Promise<void> {
  const existing = new Set(await tablesInOrder(runner));
  const derived = await derivedTables(runner);
  for (const table of dump.tables) {
    if (!existing.has(table.name)) throw new Error(`The archive holds table ${table.name}, which this database does not have.`);
    if (derived.has(table.name)) throw new Error(`The archive holds table ${table.name}, which a restore rebuilds from the other tables.`);
  }
  await runner.query('BEGIN');
  try {
    await runner.query('DELETE FROM migrations');
    for (const table of dump.tables) {
      for (let start = 0; start < table.rows.length; start += BATCH_ROWS) {
        const batch = `[${table.rows.slice(start, start + BATCH_ROWS).join(',')}]`;
        await runner.query(`INSERT INTO ${ident(table.name)} SELECT * FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)`, [batch]);
      }
    }
    for (const sequence of dump.sequences) {
      await runner.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [ident(sequence.name), sequence.lastValue, sequence.isCalled]);
    }
    await runner.query('COMMIT');
  } catch (error) {
    await runner.query('ROLLBACK');
    throw error;
  }
}
