import { MigrationInterface, QueryRunner } from 'typeorm';

/** When each account last signed in, for the firm console's people list. */
export class LastSignIn1763890000000 implements MigrationInterface {
  name = 'LastSignIn1763890000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users DROP COLUMN last_sign_in_at`);
  }
}
