import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface Counter {
  hits: number;
  windowEnds: Date;
  blockedUntil: Date | null;
}

interface CounterRow {
  hits: number;
  window_ends: Date | string;
  blocked_until: Date | string | null;
}

/** UPDATE … RETURNING comes back as [rows, count] from the driver, INSERT … RETURNING as rows. */
function firstRow(result: unknown): CounterRow | null {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as CounterRow[]) : (result as CounterRow[]);
  const [row] = rows;
  return row ? row : null;
}

function toCounter(row: CounterRow | null): Counter | null {
  if (!row) return null;
  return { hits: Number(row.hits), windowEnds: new Date(row.window_ends), blockedUntil: row.blocked_until === null ? null : new Date(row.blocked_until) };
}

/**
 * Fixed-window counters in the database, so every API process sees the same counts. Each call is one
 * statement, atomic under concurrent requests.
 */
@Injectable()
export class AuthCounterRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Counts one hit; a window that has ended starts again at 1. A block outlives its window. */
  async hit(key: string, now: Date, windowEnds: Date): Promise<Counter> {
    const result: unknown = await this.dataSource.query(
      `INSERT INTO auth_counters AS c (key, hits, window_ends) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends <= $2 THEN 1 ELSE c.hits + 1 END,
         window_ends = CASE WHEN c.window_ends <= $2 THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING hits, window_ends, blocked_until`,
      [key, now, windowEnds],
    );
    return toCounter(firstRow(result)) as Counter;
  }

  /** The counter, with hits 0 when its window has ended. */
  async read(key: string, now: Date): Promise<Counter | null> {
    const result: unknown = await this.dataSource.query('SELECT hits, window_ends, blocked_until FROM auth_counters WHERE key = $1', [key]);
    const counter = toCounter(firstRow(result));
    if (counter && counter.windowEnds.getTime() <= now.getTime()) counter.hits = 0;
    return counter;
  }

  /** Sets the key's window to end at `until`, creating it when absent (a marker rather than a count). */
  async mark(key: string, until: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO auth_counters (key, hits, window_ends) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET hits = 1, window_ends = EXCLUDED.window_ends`,
      [key, until],
    );
  }

  async block(key: string, until: Date): Promise<void> {
    await this.dataSource.query('UPDATE auth_counters SET blocked_until = $2 WHERE key = $1', [key, until]);
  }

  /** Takes the key's single slot until `until`; false while someone else holds it. */
  async claim(key: string, now: Date, until: Date): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `INSERT INTO auth_counters AS c (key, hits, window_ends, blocked_until) VALUES ($1, 1, $3, $3)
       ON CONFLICT (key) DO UPDATE SET hits = c.hits + 1, window_ends = EXCLUDED.window_ends, blocked_until = EXCLUDED.blocked_until
       WHERE c.blocked_until IS NULL OR c.blocked_until <= $2
       RETURNING hits, window_ends, blocked_until`,
      [key, now, until],
    );
    return firstRow(result) !== null;
  }

  async release(key: string): Promise<void> {
    await this.dataSource.query('UPDATE auth_counters SET blocked_until = NULL WHERE key = $1', [key]);
  }

  /** Takes back one hit, for a request that turned out not to count. */
  async refund(key: string): Promise<void> {
    await this.dataSource.query('UPDATE auth_counters SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [key]);
  }

  async remove(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_counters WHERE key = $1', [key]);
  }

  /** Deletes counters whose window and block have both ended. */
  async prune(now: Date): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_counters WHERE window_ends < $1 AND (blocked_until IS NULL OR blocked_until < $1)', [now]);
  }
}
