import { MigrationInterface, QueryRunner } from 'typeorm';

export class ProjectsDocuments1763800000000 implements MigrationInterface {
  name = 'ProjectsDocuments1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX projects_owner_idx ON projects (owner_id, created_at DESC)`);
    await runner.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        filename text NOT NULL,
        type text NOT NULL,
        size bigint NOT NULL,
        sha256 text NOT NULL,
        storage_key text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('queued', 'processing', 'ready', 'failed')),
        error text,
        pages int,
        parse_report jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, filename)
      )`);
    await runner.query(`CREATE INDEX documents_status_idx ON documents (status)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE documents`);
    await runner.query(`DROP TABLE projects`);
  }
}
