import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { UsageDailyEntity } from './usage.entity';

/** The counters a day's row holds, as the service names them. */
export type UsageCounter = 'questions' | 'uploads' | 'pages' | 'reports' | 'inputTokens' | 'outputTokens';

const COLUMNS: Record<UsageCounter, string> = {
  questions: 'questions',
  uploads: 'uploads',
  pages: 'pages',
  reports: 'reports',
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
};

/** Every counter, in the order of the table's columns. */
export const USAGE_COUNTERS = Object.keys(COLUMNS) as UsageCounter[];

export interface UsagePage {
  rows: UsageDailyEntity[];
  total: number;
}

export interface UsageQuery {
  sort: 'day' | 'questions' | 'uploads' | 'pages' | 'reports';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  userId?: string;
  from?: string;
  to?: string;
}

/** The daily usage counters in the database (table usage_daily). */
@Injectable()
export class UsageRepository {
  private readonly rows: Repository<UsageDailyEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(UsageDailyEntity);
  }

  /** Adds the amounts to the person's row of the day in one statement, creating the row on the day's first count. */
  async add(person: { id: string; firmId: string }, day: string, amounts: [UsageCounter, number][]): Promise<void> {
    const columns = amounts.map(([counter]) => COLUMNS[counter]);
    const values = amounts.map(([, amount]) => amount);
    const placeholders = values.map((_, index) => `$${index + 4}`);
    const updates = columns.map((column) => `${column} = usage_daily.${column} + EXCLUDED.${column}`);
    await this.dataSource.query(
      `INSERT INTO usage_daily (firm_id, user_id, day, ${columns.join(', ')}) VALUES ($1, $2, $3, ${placeholders.join(', ')})
         ON CONFLICT (user_id, day) DO UPDATE SET ${updates.join(', ')}`,
      [person.firmId, person.id, day, ...values],
    );
  }

  /** One page of a firm's rows, optionally for one person or a date range, in the order asked for. */
  async page(firmId: string, page: UsageQuery): Promise<UsagePage> {
    const query = this.rows.createQueryBuilder('u').where('u.firm_id = :firmId', { firmId });
    if (page.userId) query.andWhere('u.user_id = :userId', { userId: page.userId });
    if (page.from) query.andWhere('u.day >= :from', { from: page.from });
    if (page.to) query.andWhere('u.day <= :to', { to: page.to });
    const [rows, total] = await query.orderBy(`u.${page.sort}`, page.order).addOrderBy('u.user_id', 'ASC').skip(page.offset).take(page.limit).getManyAndCount();
    return { rows, total };
  }
}
