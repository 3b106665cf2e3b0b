/** A timestamp as the console shows it: local date and time, or the fallback when there is none. */
export function formatDateTime(value: string | null | undefined, fallback = '—'): string {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date.toLocaleString();
}

/** A calendar day `YYYY-MM-DD` in UTC, `days` before today. */
export function utcDay(daysAgo = 0, now: Date = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
  return day.toISOString().slice(0, 10);
}
