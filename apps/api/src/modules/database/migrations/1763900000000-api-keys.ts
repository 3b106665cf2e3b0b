import { MigrationInterface, QueryRunner } from 'typeorm';

/** Named API keys for scripts and integrations: stored as a hash, scoped, expiring, revocable, with their last use. */
export class ApiKeys1763900000000 implements MigrationInterface {
  name = 'ApiKeys1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        secret_hash text NOT NULL,
        scope text NOT NULL CHECK (scope IN ('read', 'read-write')),
        expires_at timestamptz,
        last_used_at timestamptz,
        last_used_ip text,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX api_keys_user_idx ON api_keys (user_id)`);
    await runner.query(`CREATE INDEX api_keys_firm_idx ON api_keys (firm_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE api_keys`);
  }
}
