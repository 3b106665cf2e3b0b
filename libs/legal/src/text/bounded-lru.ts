/**
 * A map that holds at most `capacity` units, dropping the least recently used entries first. Each entry weighs
 * `weigh(key, value)` units (1 by default, bounding the count); an entry heavier than the whole capacity is never
 * kept. `onDrop` hears of every entry that leaves by eviction or `delete`, so a caller can keep its own account.
 */
export class BoundedLru<K, V> {
  private readonly values = new Map<K, V>();
  private held = 0;

  constructor(
    private capacity: number,
    private readonly options: { weigh?: (key: K, value: V) => number; onDrop?: (key: K, value: V) => void } = {},
  ) {}

  /** The value of `key`, which becomes the most recently used; undefined when not held. */
  get(key: K): V | undefined {
    const value = this.values.get(key);
    if (value === undefined && !this.values.has(key)) return undefined;
    this.values.delete(key);
    this.values.set(key, value as V);
    return value;
  }

  has(key: K): boolean {
    return this.values.has(key);
  }

  /** Holds `value` as the most recently used (replacing what `key` held), then drops the least recently used until within capacity. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weightOf(key, value);
    if (weight > this.capacity) return;
    this.values.set(key, value);
    this.held += weight;
    this.trim();
  }

  /** Holds at most `capacity` units from now on, dropping the least recently used entries beyond it. */
  resize(capacity: number): void {
    this.capacity = capacity;
    this.trim();
  }

  private trim(): void {
    for (const [oldest, dropped] of this.values) {
      if (this.held <= this.capacity) break;
      this.delete(oldest, dropped);
    }
  }

  delete(key: K, value: V | undefined = this.values.get(key)): boolean {
    if (!this.values.delete(key)) return false;
    this.held -= this.weightOf(key, value as V);
    this.options.onDrop?.(key, value as V);
    return true;
  }

  /** Drops every entry (each heard of by `onDrop`). */
  clear(): void {
    for (const [key, value] of this.values) this.delete(key, value);
  }

  /** Units held. */
  get weight(): number {
    return this.held;
  }

  /** Entries held. */
  get size(): number {
    return this.values.size;
  }

  private weightOf(key: K, value: V): number {
    return this.options.weigh ? this.options.weigh(key, value) : 1;
  }
}
