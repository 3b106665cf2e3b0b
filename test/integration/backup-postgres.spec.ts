import { DataSource } from 'typeorm';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { MIGRATIONS } from '@api/modules/database/migrations';
import { dumpDatabase, nonEmptyTables, restoreDatabase } from '@api/modules/database/database-dump';
import { createUser } from '../utils/factory';
import { populate } from '../utils/ops';
import { describeIf } from '../utils/requirements';
import { startTestApp, TestApp, dropSchema } from '../utils/test-app';
import { serverRequirements, testConfig } from '../utils/test-config';
import { AppConfig } from '@api/modules/config/config.types';

jest.setTimeout(120_000);

/** Every table's rows as PostgreSQL's JSON of them, sorted, and every sequence's state: the schema's whole content. */
async function content(dataSource: DataSource): Promise<Record<string, string[]>> {
  const tables = (await dataSource.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)) as { name: string }[];
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = (await dataSource.query(`SELECT row_to_json(t)::text AS row FROM "${name}" t`)) as { row: string }[];
    out[name] = rows.map((row) => row.row).sort();
  }
  const sequences = (await dataSource.query(`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename`)) as { name: string; value: string }[];
  out['(sequences)'] = sequences.map((sequence) => `${sequence.name}=${sequence.value}`);
  return out;
}

/**
 * The database half of `npm run backup` / `restore` on a shared PostgreSQL (DATABASE_URL, a schema per run):
 * a snapshot of a schema in use comes back into an empty schema row for row, byte for byte (sealed bytea, jsonb,
 * timestamps to the microsecond, the audit chain's sequence), and a schema with rows is reported as not empty.
 */
describeIf(serverRequirements.postgres, 'database dump and restore on PostgreSQL', () => {
  let ctx: TestApp;
  let target: AppConfig;
  let source: DatabaseHandle;
  let copy: DatabaseHandle;

  beforeAll(async () => {
    const config = testConfig({}, { redis: false });
    ctx = await startTestApp(config);
    await populate(ctx, await createUser(ctx, 'owner'));
    source = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    target = testConfig({}, { redis: false });
    copy = await DatabaseHandle.open(target.database, [], MIGRATIONS);
  });

  afterAll(async () => {
    await source?.close();
    await copy?.close();
    await ctx?.close();
    if (target) await dropSchema(target);
  });

  it('restores a snapshot taken while the app runs into an empty schema, row for row and byte for byte', async () => {
    const runner = source.dataSource.createQueryRunner();
    await runner.connect();
    const dump = await dumpDatabase(runner).finally(() => runner.release());
    expect(dump.tables.find((table) => table.name === 'documents')?.rows).toHaveLength(3);

    const into = copy.dataSource.createQueryRunner();
    await into.connect();
    try {
      expect(await nonEmptyTables(into)).toEqual([]);
      await restoreDatabase(into, dump);
      expect(await nonEmptyTables(into)).toEqual(expect.arrayContaining(['documents', 'chunks', 'users', 'data_keys']));
    } finally {
      await into.release();
    }
    expect(await content(copy.dataSource)).toEqual(await content(ctx.app.get(DataSource)));
  });
});
