import { backoffDelayMs, DEFAULT_RETRY_POLICY, isRetryableStatus, retryAfterMs } from './retry';

const headers = (values: Record<string, string>) => ({ get: (name: string): string | null => values[name] ?? null });

describe('retry policy', () => {
  it('retries throttling, overload and transient server errors only', () => {
    expect([429, 500, 502, 503, 529].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422, 504].some(isRetryableStatus)).toBe(false);
    expect(isRetryableStatus(undefined)).toBe(false);
  });

  it('reads retry-after as seconds, as an HTTP date, and retry-after-ms first', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(headers({ 'retry-after': '3', 'retry-after-ms': '250' }), now)).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('waits what the provider asked, capped by the policy', () => {
    expect(backoffDelayMs(1, DEFAULT_RETRY_POLICY, 2000)).toBe(2000);
    expect(backoffDelayMs(1, DEFAULT_RETRY_POLICY, 600_000)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
  });

  it('backs off exponentially with jitter between half and all of the ceiling', () => {
    const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(attempt, policy, null, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(attempt, policy, null, () => 1))).toEqual([100, 200, 400, 800, 1000]);
  });
});
