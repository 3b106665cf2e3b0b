import { Injectable, Logger } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { Clock } from '@api/modules/common/clock';
import { UsageDailyEntity } from './usage.entity';

export interface UsageIncrement {
  questions?: number;
  uploads?: number;
  pages?: number;
  reports?: number;
  inputTokens?: number;
  outputTokens?: number;
}

export interface UsagePage {
  rows: UsageDailyEntity[];
  total: number;
}

const COLUMNS: Record<keyof UsageIncrement, string> = {
  questions: 'questions',
  uploads: 'uploads',
  pages: 'pages',
  reports: 'reports',
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
};

/** Counts what each person uses per day; a failed count is logged and never fails the work it counts. */
@Injectable()
export class UsageService {
  private readonly logger = new Logger(UsageService.name);
  private readonly rows: Repository<UsageDailyEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    this.rows = dataSource.getRepository(UsageDailyEntity);
  }

  async count(person: { id: string; firmId: string }, increment: UsageIncrement): Promise<void> {
    const entries = (Object.keys(COLUMNS) as (keyof UsageIncrement)[]).filter((key) => (increment[key] ?? 0) > 0);
    if (entries.length === 0) return;
    const day = this.clock.now().toISOString().slice(0, 10);
    const columns = entries.map((key) => COLUMNS[key]);
    const values = entries.map((key) => Math.round(increment[key] ?? 0));
    const placeholders = values.map((_, index) => `$${index + 4}`);
    const updates = columns.map((column) => `${column} = usage_daily.${column} + EXCLUDED.${column}`);
    await this.dataSource
      .query(
        `INSERT INTO usage_daily (firm_id, user_id, day, ${columns.join(', ')}) VALUES ($1, $2, $3, ${placeholders.join(', ')})
         ON CONFLICT (user_id, day) DO UPDATE SET ${updates.join(', ')}`,
        [person.firmId, person.id, day, ...values],
      )
      .catch((error: Error) => this.logger.warn(`Usage of ${person.id} not counted: ${error.message}`));
  }

  /** A firm's counters, newest day first, optionally for one person or a date range. */
  async list(
    firmId: string,
    page: { sort: 'day' | 'questions' | 'uploads' | 'pages' | 'reports'; order: 'ASC' | 'DESC'; offset: number; limit: number; userId?: string; from?: string; to?: string },
  ): Promise<UsagePage> {
    const query = this.rows.createQueryBuilder('u').where('u.firm_id = :firmId', { firmId });
    if (page.userId) query.andWhere('u.user_id = :userId', { userId: page.userId });
    if (page.from) query.andWhere('u.day >= :from', { from: page.from });
    if (page.to) query.andWhere('u.day <= :to', { to: page.to });
    const [rows, total] = await query.orderBy(`u.${page.sort}`, page.order).addOrderBy('u.user_id', 'ASC').skip(page.offset).take(page.limit).getManyAndCount();
    return { rows, total };
  }
}
