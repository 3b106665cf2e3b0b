import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every question first reads its project's document counts by status and a signature of its ready documents. In a
 * data room that was a count over every document of the matter, each question (2.4 ms of the embedded database's
 * time a question at 2,000 documents, under load). The counts are now kept in one row per project, changed by a
 * trigger in the transaction that inserts, moves or deletes a document, so the database itself keeps them right
 * whichever process writes; `ready_version` grows whenever a ready document comes, goes or changes.
 */
export class DocumentCounts1763940000000 implements MigrationInterface {
  name = 'DocumentCounts1763940000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE project_document_counts (
        project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        queued int NOT NULL DEFAULT 0,
        processing int NOT NULL DEFAULT 0,
        ready int NOT NULL DEFAULT 0,
        failed int NOT NULL DEFAULT 0,
        ready_version bigint NOT NULL DEFAULT 0
      )`);
    // A backup leaves it out and a restore rebuilds it through the trigger (database-dump.ts, DERIVED_TABLE_COMMENT).
    await runner.query(`COMMENT ON TABLE project_document_counts IS 'Derived: kept by the trigger count_project_documents from documents.'`);
    // A document leaving its status counts out of its old row; one entering counts into its new one (added if missing).
    // Every change that touches a ready document moves the version on.
    await runner.query(`
      CREATE FUNCTION count_project_documents() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE project_document_counts SET
            queued = queued - (OLD.status = 'queued')::int,
            processing = processing - (OLD.status = 'processing')::int,
            ready = ready - (OLD.status = 'ready')::int,
            failed = failed - (OLD.status = 'failed')::int,
            ready_version = ready_version + (OLD.status = 'ready')::int
          WHERE project_id = OLD.project_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO project_document_counts AS counts (project_id, queued, processing, ready, failed, ready_version)
          VALUES (NEW.project_id, (NEW.status = 'queued')::int, (NEW.status = 'processing')::int, (NEW.status = 'ready')::int, (NEW.status = 'failed')::int, (NEW.status = 'ready')::int)
          ON CONFLICT (project_id) DO UPDATE SET
            queued = counts.queued + EXCLUDED.queued,
            processing = counts.processing + EXCLUDED.processing,
            ready = counts.ready + EXCLUDED.ready,
            failed = counts.failed + EXCLUDED.failed,
            ready_version = counts.ready_version + EXCLUDED.ready_version;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE TRIGGER documents_counted_on_insert AFTER INSERT ON documents FOR EACH ROW EXECUTE FUNCTION count_project_documents()`);
    await runner.query(`CREATE TRIGGER documents_counted_on_delete AFTER DELETE ON documents FOR EACH ROW EXECUTE FUNCTION count_project_documents()`);
    // An update that changes neither the status nor the project of a document that is not ready changes no count.
    await runner.query(`
      CREATE TRIGGER documents_counted_on_update AFTER UPDATE ON documents FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.status = 'ready')
      EXECUTE FUNCTION count_project_documents()`);
    // The documents already stored; their version starts at their number of ready documents.
    await runner.query(`
      INSERT INTO project_document_counts (project_id, queued, processing, ready, failed, ready_version)
      SELECT project_id,
        count(*) FILTER (WHERE status = 'queued'),
        count(*) FILTER (WHERE status = 'processing'),
        count(*) FILTER (WHERE status = 'ready'),
        count(*) FILTER (WHERE status = 'failed'),
        count(*) FILTER (WHERE status = 'ready')
      FROM documents GROUP BY project_id`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER documents_counted_on_update ON documents`);
    await runner.query(`DROP TRIGGER documents_counted_on_delete ON documents`);
    await runner.query(`DROP TRIGGER documents_counted_on_insert ON documents`);
    await runner.query(`DROP FUNCTION count_project_documents()`);
    await runner.query(`DROP TABLE project_document_counts`);
  }
}
