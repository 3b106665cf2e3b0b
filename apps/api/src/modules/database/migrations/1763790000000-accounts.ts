import { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763790000000 implements MigrationInterface {
  name = 'Accounts1763790000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'active', 'disabled')),
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        token_version int NOT NULL DEFAULT 0,
        verified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE one_time_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX one_time_codes_active_idx ON one_time_codes (user_id, purpose) WHERE consumed_at IS NULL`);
    await runner.query(`
      CREATE TABLE audit_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_id uuid,
        action text NOT NULL,
        email text,
        ip text,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX audit_events_created_idx ON audit_events (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE audit_events`);
    await runner.query(`DROP TABLE one_time_codes`);
    await runner.query(`DROP TABLE users`);
  }
}
