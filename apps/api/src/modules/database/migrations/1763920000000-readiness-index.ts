import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every question first counts its project's documents by status (and the latest change of the ready ones). With
 * this index the count is read from the index alone, in status order, instead of from every document row.
 */
export class ReadinessIndex1763920000000 implements MigrationInterface {
  name = 'ReadinessIndex1763920000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX documents_readiness_idx ON documents (project_id, status, updated_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX documents_readiness_idx`);
  }
}
