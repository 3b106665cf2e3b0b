import { MigrationInterface, QueryRunner } from 'typeorm';

/** The components of a vector stored as bytes (4-byte big-endian floats); kept here, as the migration was written. */
function components(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: Math.floor(bytes.byteLength / 4) }, (_, i) => view.getFloat32(i * 4, false));
}

/**
 * Chunk vectors as bytes (`bytea`: each component a 4-byte float, big-endian) instead of `real[]`, which went to and
 * from the database as text. Existing vectors are converted in place, bit for bit (float4send of each component).
 */
export class BinaryVectors1763910000000 implements MigrationInterface {
  name = 'BinaryVectors1763910000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE chunks ADD COLUMN vector_bytes bytea`);
    await runner.query(`
      UPDATE chunks SET vector_bytes = (
        SELECT string_agg(float4send(component), ''::bytea ORDER BY position)
        FROM unnest(vector) WITH ORDINALITY AS components (component, position)
      )
      WHERE vector IS NOT NULL AND cardinality(vector) > 0`);
    await runner.query(`UPDATE chunks SET vector_bytes = ''::bytea WHERE vector IS NOT NULL AND cardinality(vector) = 0`);
    await runner.query(`ALTER TABLE chunks DROP COLUMN vector`);
    await runner.query(`ALTER TABLE chunks RENAME COLUMN vector_bytes TO vector`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE chunks ADD COLUMN vector_array real[]`);
    // SQL has no float4recv for a slice of bytea: the components are read here, a batch of rows at a time.
    for (;;) {
      const rows: { id: string; vector: Uint8Array }[] = await runner.query(
        `SELECT id, vector FROM chunks WHERE vector IS NOT NULL AND vector_array IS NULL ORDER BY id LIMIT 500`,
      );
      if (rows.length === 0) break;
      for (const row of rows) await runner.query(`UPDATE chunks SET vector_array = $2 WHERE id = $1`, [row.id, components(row.vector)]);
    }
    await runner.query(`ALTER TABLE chunks DROP COLUMN vector`);
    await runner.query(`ALTER TABLE chunks RENAME COLUMN vector_array TO vector`);
  }
}
