import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '@api/modules/common/clock';
import { USAGE_COUNTERS, UsageCounter, UsagePage, UsageQuery, UsageRepository } from './usage.repository';

export type UsageIncrement = Partial<Record<UsageCounter, number>>;

/** Counts what each person uses per day; a failed count is logged and never fails the work it counts. */
@Injectable()
export class UsageService {
  private readonly logger = new Logger(UsageService.name);

  constructor(
    private readonly usage: UsageRepository,
    private readonly clock: Clock,
  ) {}

  async count(person: { id: string; firmId: string }, increment: UsageIncrement): Promise<void> {
    const counters = USAGE_COUNTERS.filter((counter) => (increment[counter] ?? 0) > 0);
    if (counters.length === 0) return;
    const day = this.clock.now().toISOString().slice(0, 10);
    const amounts = counters.map((counter): [UsageCounter, number] => [counter, Math.round(increment[counter] ?? 0)]);
    await this.usage.add(person, day, amounts).catch((error: Error) => this.logger.warn(`Usage of ${person.id} not counted: ${error.message}`));
  }

  /** A firm's counters, newest day first, optionally for one person or a date range. */
  list(firmId: string, page: UsageQuery): Promise<UsagePage> {
    return this.usage.page(firmId, page);
  }
}
