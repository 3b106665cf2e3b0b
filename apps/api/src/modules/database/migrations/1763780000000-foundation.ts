import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763780000000 implements MigrationInterface {
  name = 'Foundation1763780000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        queue text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        transport text NOT NULL CHECK (transport IN ('inline', 'redis')),
        attempts int NOT NULL DEFAULT 0,
        max_attempts int NOT NULL,
        backoff_ms int NOT NULL,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_at timestamptz,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX jobs_claim_idx ON jobs (status, transport, run_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE jobs`);
  }
}
