import { MigrationInterface, QueryRunner } from 'typeorm';

const utf8 = (column: string, cast = '') => `ALTER COLUMN ${column} DROP DEFAULT, ALTER COLUMN ${column} TYPE bytea USING convert_to(${column}${cast}, 'UTF8')`;

/**
 * Data keys, and the text columns turned into bytea for sealed values. Rows keep their plaintext as UTF-8
 * bytes here: sealing needs the deployment key, so the app seals them at start-up (SealLegacyRows).
 */
export class SealedText1763840000000 implements MigrationInterface {
  name = 'SealedText1763840000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE data_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_kind text NOT NULL CHECK (owner_kind IN ('account', 'firm')),
        owner_id uuid NOT NULL,
        wrapped_key bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz,
        CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
      )`);
    await runner.query(`CREATE UNIQUE INDEX data_keys_live_owner ON data_keys (owner_kind, owner_id) WHERE destroyed_at IS NULL`);
    await runner.query(`ALTER TABLE document_texts ${utf8('text')}`);
    await runner.query(`ALTER TABLE chunks ${utf8('text')}, ${utf8('heading_path', '::text')}`);
    await runner.query(`ALTER TABLE chat_messages ${utf8('question')}, ${utf8('answer')}, ${utf8('citations', '::text')}`);
    await runner.query(`ALTER TABLE reports ${utf8('markdown')}, ${utf8('citations', '::text')}`);
  }

  down(_runner: QueryRunner): Promise<void> {
    return Promise.reject(new Error(`Migration ${this.name} cannot be undone: the text it covers is sealed with data keys.`));
  }
}
