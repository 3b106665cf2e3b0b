import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { asBuffer, FieldCipher, isSealed } from './field-cipher';

/** A row with a sealed column that may still hold a value stored in clear. */
export interface UnsealedRow {
  rowId: string;
  /** The row's project, whose owner's key seals it. */
  projectId: string;
  /** Each sealed column's stored bytes; JSON columns hold their JSON text. */
  values: Record<string, Buffer | Uint8Array>;
}

/**
 * One table with sealed columns, as its owning module reads and writes it. Each owner registers its tables
 * with LegacyTextSealer, which only seals: no module but the owner touches the rows.
 */
export interface SealsStoredText {
  /** The table and columns as the sealed values' FieldRefs name them. */
  readonly sealedTable: string;
  readonly sealedColumns: readonly string[];
  /** Up to `limit` rows with a value of a sealed column stored in clear (see `unsealedSql`). */
  findUnsealed(limit: number): Promise<UnsealedRow[]>;
  /** Writes the sealed value unless the column was sealed meanwhile (by another process starting). */
  writeSealed(rowId: string, column: string, sealed: Buffer): Promise<void>;
}

/**
 * SQL that is true when `alias.column` holds a value stored in clear: a sealed value starts with a 0x00 byte,
 * which UTF-8 text stored by PostgreSQL never does. Owners use it in findUnsealed and writeSealed.
 */
export function unsealedSql(column: string, alias = 't'): string {
  return `(length(${alias}.${column}) = 0 OR get_byte(${alias}.${column}, 0) <> 0)`;
}

const BATCH = 200;

/**
 * Seals text stored before it was encrypted (the migration to bytea keeps it as UTF-8 bytes), at start-up:
 * after every owner registered its tables (in their onModuleInit) and before the HTTP server listens.
 * Idempotent, and each write re-checks the value, so concurrent start-ups are safe.
 */
@Injectable()
export class LegacyTextSealer implements OnApplicationBootstrap {
  private readonly logger = new Logger(LegacyTextSealer.name);
  private readonly owners: SealsStoredText[] = [];

  constructor(private readonly cipher: FieldCipher) {}

  register(owner: SealsStoredText): void {
    this.owners.push(owner);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sealAll();
  }

  /** Seals every registered table's values stored in clear; how many were sealed. */
  async sealAll(): Promise<number> {
    let sealed = 0;
    for (const owner of this.owners) sealed += await this.sealTable(owner);
    if (sealed > 0) this.logger.log(`Encrypted ${sealed} value(s) stored before text was encrypted at rest`);
    return sealed;
  }

  private async sealTable(owner: SealsStoredText): Promise<number> {
    let sealed = 0;
    for (;;) {
      const rows = await owner.findUnsealed(BATCH);
      if (rows.length === 0) return sealed;
      for (const row of rows) {
        const key = await this.cipher.keyForProject(row.projectId);
        for (const column of owner.sealedColumns) {
          const value = asBuffer(row.values[column]);
          if (isSealed(value)) continue;
          const sealedValue = this.cipher.seal(key, { table: owner.sealedTable, column, rowId: row.rowId }, value.toString('utf8'));
          await owner.writeSealed(row.rowId, column, sealedValue);
          sealed++;
        }
      }
    }
  }
}
