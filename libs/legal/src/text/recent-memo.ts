import { BoundedLru } from './bounded-lru';

/**
 * A pure function of a string remembered for its last `capacity` distinct arguments: while a question is answered,
 * several callers analyse the same question. Each call gets its own `copy` of the result, so that no caller can
 * change what the next one reads.
 */
export function rememberRecent<T>(compute: (key: string) => T, capacity: number, copy: (value: T) => T): (key: string) => T {
  const recent = new BoundedLru<string, T>(capacity);
  return (key: string): T => {
    let value = recent.get(key);
    if (value === undefined) {
      value = compute(key);
      recent.set(key, value);
    }
    return copy(value);
  };
}

/** Questions remembered by the question analyses: more than one thread answers at once (20 clients in bench:qa). */
export const RECENT_QUESTIONS = 64;
