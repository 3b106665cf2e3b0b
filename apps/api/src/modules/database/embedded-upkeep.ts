import { Logger } from '@nestjs/common';

/** How long writes must have stopped before the embedded database is tidied (ms). */
export const UPKEEP_QUIET_MS = 5_000;
/** While writes go on, it is tidied at least this often (ms). */
export const UPKEEP_EVERY_MS = 60_000;

/**
 * What autovacuum does for a PostgreSQL server, for the embedded one, which runs none: once a batch of writes has
 * settled, `VACUUM (ANALYZE)` gives the planner statistics of the tables as they are now (without them every plan
 * rests on default guesses, and a project's 2,000 documents are read row by row where an index would do) and marks
 * the pages no transaction still needs, so an index alone can answer. It holds the database for a moment (0.6 s over
 * 120,000 passages), so it waits for writes to stop, and runs at most once a minute while they go on.
 */
export class EmbeddedUpkeep {
  private readonly logger = new Logger('EmbeddedDatabase');
  private timer: NodeJS.Timeout | null = null;
  /** When the first write not yet tidied after was noted (ms). */
  private dirtySince: number | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly run: (sql: string) => Promise<unknown>) {}

  /** Rows were added, changed or removed: the database is tidied once they settle. */
  noteWrites(): void {
    if (this.stopped) return;
    const now = Date.now();
    this.dirtySince ??= now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(UPKEEP_QUIET_MS, this.dirtySince + UPKEEP_EVERY_MS - now));
    this.timer = setTimeout(() => void this.tidy(), wait);
    this.timer.unref();
  }

  private async tidy(): Promise<void> {
    this.timer = null;
    this.dirtySince = null;
    // A tidying still under way when the next is due: the next waits for it, then runs.
    await this.running;
    if (this.stopped) return;
    this.running = this.run('VACUUM (ANALYZE)').then(
      () => undefined,
      (error: unknown) => this.logger.warn(`Tidying the embedded database failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    await this.running;
    this.running = null;
  }

  /** No tidying after this; one under way is waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
