import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnswersReports1763820000000 implements MigrationInterface {
  name = 'AnswersReports1763820000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE chat_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        question text NOT NULL,
        answer text NOT NULL,
        citations jsonb NOT NULL DEFAULT '[]',
        context jsonb NOT NULL DEFAULT '[]',
        abstained boolean NOT NULL DEFAULT false,
        engine text NOT NULL,
        usage jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX chat_messages_project_idx ON chat_messages (project_id, created_at)`);
    await runner.query(`
      CREATE TABLE reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('case-summary', 'liability-analysis')),
        markdown text NOT NULL,
        citations jsonb NOT NULL DEFAULT '[]',
        engine text NOT NULL,
        documents jsonb NOT NULL DEFAULT '[]',
        usage jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX reports_latest_idx ON reports (project_id, kind, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE reports`);
    await runner.query(`DROP TABLE chat_messages`);
  }
}
