import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document's page furniture (running headers, footers, page numbers, legends: spans of its stored text), found
 * when it is read and kept with its text, so that answers leave out what its passages left out without finding it
 * again. Texts stored before have none (NULL): it is found when they are first answered from, as before.
 */
export class TextFurniture1763930000000 implements MigrationInterface {
  name = 'TextFurniture1763930000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE document_texts ADD COLUMN furniture jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE document_texts DROP COLUMN furniture`);
  }
}
