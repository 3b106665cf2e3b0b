import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not, Repository } from 'typeorm';
import { DataKeyEntity, DataKeyOwnerKind } from './data-key.entity';

/** The database side of data keys: their wrapped form and their owners. */
@Injectable()
export class DataKeyRepository {
  private readonly keys: Repository<DataKeyEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.keys = dataSource.getRepository(DataKeyEntity);
  }

  findLive(ownerKind: DataKeyOwnerKind, ownerId: string): Promise<DataKeyEntity | null> {
    return this.keys.findOneBy({ ownerKind, ownerId, destroyedAt: IsNull() });
  }

  findById(id: string): Promise<DataKeyEntity | null> {
    return this.keys.findOneBy({ id });
  }

  /** Inserts the owner's key unless another process made one first; the live key either way. */
  async insertLive(id: string, ownerKind: DataKeyOwnerKind, ownerId: string, wrappedKey: Buffer): Promise<DataKeyEntity> {
    await this.dataSource.query(
      `INSERT INTO data_keys (id, owner_kind, owner_id, wrapped_key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (owner_kind, owner_id) WHERE destroyed_at IS NULL DO NOTHING`,
      [id, ownerKind, ownerId, wrappedKey],
    );
    const live = await this.findLive(ownerKind, ownerId);
    if (!live) throw new Error('A data key was destroyed while it was being created');
    return live;
  }

  /** Forgets the owner's keys for good; returns their ids. */
  async destroy(ownerKind: DataKeyOwnerKind, ownerId: string): Promise<string[]> {
    const rows: { id: string }[][] | { id: string }[] = await this.dataSource.query(
      `UPDATE data_keys SET wrapped_key = NULL, destroyed_at = now() WHERE owner_kind = $1 AND owner_id = $2 AND destroyed_at IS NULL RETURNING id`,
      [ownerKind, ownerId],
    );
    const returned = Array.isArray(rows[0]) ? (rows[0] as { id: string }[]) : (rows as { id: string }[]);
    return returned.map((row) => row.id);
  }

  /** Every live key in its wrapped form, for a master key rotation. */
  async wrappedKeys(): Promise<{ id: string; wrappedKey: Buffer | Uint8Array }[]> {
    const rows = await this.keys.find({ select: { id: true, wrappedKey: true }, where: { wrappedKey: Not(IsNull()) }, order: { id: 'ASC' } });
    return rows.flatMap((row) => (row.wrappedKey ? [{ id: row.id, wrappedKey: row.wrappedKey }] : []));
  }

  /** Replaces a key's wrapped form only if it is still `was`: a key destroyed meanwhile stays destroyed. */
  async replaceWrapped(id: string, was: Buffer, next: Buffer): Promise<void> {
    await this.dataSource.query(`UPDATE data_keys SET wrapped_key = $2 WHERE id = $1 AND wrapped_key = $3`, [id, next, was]);
  }
}
