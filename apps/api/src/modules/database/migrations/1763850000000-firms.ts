import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Firms, firm roles, shared matters and ethical walls. Every existing account becomes the admin of a firm of
 * its own (the firm takes the account's id, so data keys already held by the account pass to the firm with
 * their owner id unchanged), and its projects move into that firm.
 */
export class Firms1763850000000 implements MigrationInterface {
  name = 'Firms1763850000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE firms (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        default_model text,
        upload_limit_mb int CHECK (upload_limit_mb IS NULL OR upload_limit_mb > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`INSERT INTO firms (id, name, created_at) SELECT id, split_part(email, '@', 2), created_at FROM users`);

    await runner.query(`ALTER TABLE users ADD COLUMN firm_id uuid REFERENCES firms (id)`);
    await runner.query(`UPDATE users SET firm_id = id`);
    await runner.query(`ALTER TABLE users ALTER COLUMN firm_id SET NOT NULL`);
    await runner.query(`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`);
    await runner.query(`UPDATE users SET role = 'admin'`);
    await runner.query(`ALTER TABLE users ALTER COLUMN role SET DEFAULT 'member'`);
    await runner.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'member'))`);
    await runner.query(`ALTER TABLE users ADD COLUMN disabled_at timestamptz`);
    await runner.query(`UPDATE users SET disabled_at = updated_at, status = 'active' WHERE status = 'disabled'`);
    await runner.query(`CREATE INDEX users_firm_idx ON users (firm_id)`);

    await runner.query(`ALTER TABLE projects ADD COLUMN firm_id uuid REFERENCES firms (id)`);
    await runner.query(`UPDATE projects p SET firm_id = u.firm_id FROM users u WHERE u.id = p.owner_id`);
    await runner.query(`ALTER TABLE projects ALTER COLUMN firm_id SET NOT NULL`);
    await runner.query(`CREATE INDEX projects_firm_idx ON projects (firm_id)`);

    await runner.query(`
      CREATE TABLE project_members (
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('editor', 'viewer')),
        added_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, user_id)
      )`);
    await runner.query(`CREATE INDEX project_members_user_idx ON project_members (user_id)`);
    await runner.query(`
      CREATE TABLE walls (
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        added_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, user_id)
      )`);
    await runner.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'member')),
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX invitations_email_idx ON invitations (email) WHERE accepted_at IS NULL AND revoked_at IS NULL`);
    await runner.query(`CREATE INDEX invitations_firm_idx ON invitations (firm_id, created_at)`);

    await runner.query(`UPDATE data_keys SET owner_kind = 'firm' WHERE owner_kind = 'account'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE data_keys SET owner_kind = 'account' WHERE owner_kind = 'firm'`);
    await runner.query(`DROP TABLE invitations`);
    await runner.query(`DROP TABLE walls`);
    await runner.query(`DROP TABLE project_members`);
    await runner.query(`ALTER TABLE projects DROP COLUMN firm_id`);
    await runner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await runner.query(`UPDATE users SET status = 'disabled' WHERE disabled_at IS NOT NULL`);
    await runner.query(`UPDATE users SET role = 'user' WHERE role = 'member'`);
    await runner.query(`ALTER TABLE users ALTER COLUMN role SET DEFAULT 'user'`);
    await runner.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin'))`);
    await runner.query(`ALTER TABLE users DROP COLUMN disabled_at, DROP COLUMN firm_id`);
    await runner.query(`DROP TABLE firms`);
  }
}
