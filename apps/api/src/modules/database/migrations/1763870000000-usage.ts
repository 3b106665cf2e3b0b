import { MigrationInterface, QueryRunner } from 'typeorm';

/** Daily usage counters per person, kept apart from the data they count so deleting a chat or a matter keeps them. */
export class Usage1763870000000 implements MigrationInterface {
  name = 'Usage1763870000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE usage_daily (
        firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        day date NOT NULL,
        questions int NOT NULL DEFAULT 0,
        uploads int NOT NULL DEFAULT 0,
        pages int NOT NULL DEFAULT 0,
        reports int NOT NULL DEFAULT 0,
        input_tokens bigint NOT NULL DEFAULT 0,
        output_tokens bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, day)
      )`);
    await runner.query(`CREATE INDEX usage_daily_firm_day_idx ON usage_daily (firm_id, day)`);
    await runner.query(`ALTER TABLE documents ADD COLUMN uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL`);
    await runner.query(`UPDATE documents d SET uploaded_by = p.owner_id FROM projects p WHERE p.id = d.project_id`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE documents DROP COLUMN uploaded_by`);
    await runner.query(`DROP TABLE usage_daily`);
  }
}
