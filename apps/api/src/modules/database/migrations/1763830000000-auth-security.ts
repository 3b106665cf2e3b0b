import { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthSecurity1763830000000 implements MigrationInterface {
  name = 'AuthSecurity1763830000000';

  async up(runner: QueryRunner): Promise<void> {
    // Counters of the sign-in limits, shared by every process; keys are hashes of what they count.
    await runner.query(`
      CREATE TABLE auth_counters (
        key text PRIMARY KEY,
        hits int NOT NULL,
        window_ends timestamptz NOT NULL,
        blocked_until timestamptz
      )`);
    await runner.query(`CREATE INDEX auth_counters_window_idx ON auth_counters (window_ends)`);
    // Tokens ended by a logout, kept until they would have expired anyway.
    await runner.query(`
      CREATE TABLE revoked_tokens (
        jti text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE revoked_tokens`);
    await runner.query(`DROP TABLE auth_counters`);
  }
}
