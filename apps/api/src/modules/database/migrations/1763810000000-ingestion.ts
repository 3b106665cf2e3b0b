import { MigrationInterface, QueryRunner } from 'typeorm';

export class Ingestion1763810000000 implements MigrationInterface {
  name = 'Ingestion1763810000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE document_texts (
        document_id uuid PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
        text text NOT NULL,
        pages jsonb NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE chunks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        ordinal int NOT NULL,
        start int NOT NULL,
        "end" int NOT NULL,
        page_start int NOT NULL,
        page_end int NOT NULL,
        heading_path jsonb NOT NULL DEFAULT '[]',
        text text NOT NULL,
        vector real[],
        UNIQUE (document_id, ordinal),
        CHECK (start >= 0 AND "end" > start)
      )`);
    await runner.query(`CREATE INDEX chunks_project_idx ON chunks (project_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE chunks`);
    await runner.query(`DROP TABLE document_texts`);
  }
}
