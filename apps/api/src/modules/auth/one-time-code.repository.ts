import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Repository } from 'typeorm';
import { CodePurpose, OneTimeCodeEntity } from './one-time-code.entity';

@Injectable()
export class OneTimeCodeRepository {
  private readonly codes: Repository<OneTimeCodeEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.codes = dataSource.getRepository(OneTimeCodeEntity);
  }

  /** Stores a new code and voids every earlier one of the same purpose, in one transaction. */
  async replace(userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(OneTimeCodeEntity, { userId, purpose, consumedAt: IsNull() }, { consumedAt: now });
      await manager.insert(OneTimeCodeEntity, { userId, purpose, codeHash, expiresAt, attempts: 0, consumedAt: null });
    });
  }

  findActive(userId: string, purpose: CodePurpose): Promise<OneTimeCodeEntity | null> {
    return this.codes.findOne({ where: { userId, purpose, consumedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  /** Counts one try atomically; null when the code is used up or void. */
  async countAttempt(id: string, maxAttempts: number): Promise<number | null> {
    const rows: { attempts: number }[] = await this.dataSource.query(
      'UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1 AND consumed_at IS NULL AND attempts < $2 RETURNING attempts',
      [id, maxAttempts],
    );
    const [row] = Array.isArray(rows[0]) ? (rows[0] as { attempts: number }[]) : rows;
    return row ? Number(row.attempts) : null;
  }

  /** Marks the code used; false when another request used it first. */
  async consume(id: string, now: Date): Promise<boolean> {
    const result = await this.codes.createQueryBuilder().update().set({ consumedAt: now }).where('id = :id AND consumed_at IS NULL', { id }).execute();
    return (result.affected ?? 0) > 0;
  }
}
