import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigint = { to: (value: number) => value, from: (value: string | number) => Number(value) };

/** One person's counters for one day (UTC). */
@Entity({ name: 'usage_daily' })
export class UsageDailyEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @PrimaryColumn('date')
  day: string;

  @Column('uuid', { name: 'firm_id' })
  firmId: string;

  @Column('int')
  questions: number;

  @Column('int')
  uploads: number;

  @Column('int')
  pages: number;

  @Column('int')
  reports: number;

  @Column('bigint', { name: 'input_tokens', transformer: bigint })
  inputTokens: number;

  @Column('bigint', { name: 'output_tokens', transformer: bigint })
  outputTokens: number;
}
