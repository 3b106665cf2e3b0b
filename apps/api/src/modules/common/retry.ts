/** How an adapter retries a provider that throttles (429), is overloaded (529) or fails transiently (5xx). */
export interface RetryPolicy {
  /** Total tries, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 529]);

export function isRetryableStatus(status: number | undefined | null): boolean {
  return typeof status === 'number' && RETRYABLE_STATUSES.has(status);
}

/**
 * The wait a provider asked for, in milliseconds: `retry-after-ms`, else `retry-after` as seconds or
 * an HTTP date. Null when absent or unreadable.
 */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now: number = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms.trim());
  const value = headers.get('retry-after');
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The wait before try number `attempt + 1`: the provider's own hint when it gave one, else exponential
 * back-off with full jitter; both capped by the policy.
 */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, hintMs: number | null, random: () => number = Math.random): number {
  if (hintMs !== null) return Math.min(hintMs, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
