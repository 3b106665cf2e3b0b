import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { asBuffer, FieldCipher, isSealed } from './field-cipher';

interface SealedTable {
  table: string;
  idColumn: string;
  /** The row's project, whose owner's key seals it. */
  projectOf: string;
  columns: string[];
}

/** Every column whose values are sealed; JSON columns hold their JSON text. */
export const SEALED_COLUMNS: readonly SealedTable[] = [
  { table: 'document_texts', idColumn: 'document_id', projectOf: '(SELECT d.project_id FROM documents d WHERE d.id = t.document_id)', columns: ['text'] },
  { table: 'chunks', idColumn: 'id', projectOf: 't.project_id', columns: ['text', 'heading_path'] },
  { table: 'chat_messages', idColumn: 'id', projectOf: 't.project_id', columns: ['question', 'answer', 'citations'] },
  { table: 'reports', idColumn: 'id', projectOf: 't.project_id', columns: ['markdown', 'citations'] },
];

const BATCH = 200;

const unsealed = (column: string) => `(length(t.${column}) = 0 OR get_byte(t.${column}, 0) <> 0)`;

/**
 * Seals text stored before it was encrypted (the migration to bytea keeps it as UTF-8 bytes), at start-up
 * and before anything is served. Idempotent: a sealed value starts with a 0x00 byte, which UTF-8 text
 * stored by PostgreSQL never does, and each update re-checks it, so concurrent start-ups are safe.
 */
@Injectable()
export class LegacyTextSealer implements OnModuleInit {
  private readonly logger = new Logger(LegacyTextSealer.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: FieldCipher,
  ) {}

  async onModuleInit(): Promise<void> {
    let sealed = 0;
    for (const table of SEALED_COLUMNS) sealed += await this.sealTable(table);
    if (sealed > 0) this.logger.log(`Encrypted ${sealed} value(s) stored before text was encrypted at rest`);
  }

  private async sealTable({ table, idColumn, projectOf, columns }: SealedTable): Promise<number> {
    let sealed = 0;
    for (;;) {
      const rows: Record<string, string | Buffer | Uint8Array>[] = await this.dataSource.query(
        `SELECT t.${idColumn}::text AS row_id, ${projectOf}::text AS project_id, ${columns.map((column) => `t.${column}`).join(', ')}
         FROM ${table} t WHERE ${columns.map(unsealed).join(' OR ')} LIMIT ${BATCH}`,
      );
      if (rows.length === 0) return sealed;
      for (const row of rows) {
        const rowId = row.row_id as string;
        const key = await this.cipher.keyForProject(row.project_id as string);
        for (const column of columns) {
          const value = asBuffer(row[column] as Buffer | Uint8Array);
          if (isSealed(value)) continue;
          const sealedValue = this.cipher.seal(key, { table, column, rowId }, value.toString('utf8'));
          await this.dataSource.query(`UPDATE ${table} t SET ${column} = $1 WHERE t.${idColumn} = $2 AND ${unsealed(column)}`, [sealedValue, rowId]);
          sealed++;
        }
      }
    }
  }
}
