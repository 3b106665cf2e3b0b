/** A value held, with the tick at which it last went to the most recent end. */
interface Slot<V> {
  value: V;
  tick: number;
}

export interface BoundedLruOptions<K, V> {
  weigh?: (key: K, value: V) => number;
  onDrop?: (key: K, value: V) => void;
  /**
   * A value read moves to the most recent end only once it has aged past half of the entries (at least
   * `LAZY_FROM` of them): one read since then still stands in the newer half, far from the eviction end. A move is a
   * Map delete and set, two to four times a plain read on a Map of 80,000 texts; the answering memos read far more
   * than they move. Eviction is then least recently used to within half of the entries.
   */
  lazy?: boolean;
}

/** Fewer entries than this are always kept in strict order, lazy or not. */
const LAZY_FROM = 1024;

/**
 * A map that holds at most `capacity` units, dropping the least recently used entries first. Each entry weighs
 * `weigh(key, value)` units (1 by default, bounding the count); an entry heavier than the whole capacity is never
 * kept. `onDrop` hears of every entry that leaves by eviction or `delete`, so a caller can keep its own account.
 */
export class BoundedLru<K, V> {
  private readonly values = new Map<K, Slot<V>>();
  private held = 0;
  /** Moves to the most recent end so far: the entries after a slot number at most `ticks - slot.tick`. */
  private ticks = 0;

  constructor(
    private capacity: number,
    private readonly options: BoundedLruOptions<K, V> = {},
  ) {}

  /** The value of `key`, which becomes the most recently used; undefined when not held. */
  get(key: K): V | undefined {
    return this.entry(key)?.value;
  }

  /** What `key` holds, as `get` reads it, or undefined when it holds nothing (an undefined value is `{ value: undefined }`). */
  entry(key: K): { readonly value: V } | undefined {
    const slot = this.values.get(key);
    if (slot === undefined) return undefined;
    const size = this.values.size;
    if (!this.options.lazy || size < LAZY_FROM || this.ticks - slot.tick > size >> 1) {
      this.values.delete(key);
      slot.tick = ++this.ticks;
      this.values.set(key, slot);
    }
    return slot;
  }

  has(key: K): boolean {
    return this.values.has(key);
  }

  /** Holds `value` as the most recently used (replacing what `key` held), then drops the least recently used until within capacity. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weightOf(key, value);
    if (weight > this.capacity) return;
    this.values.set(key, { value, tick: ++this.ticks });
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
      this.delete(oldest, dropped.value);
    }
  }

  delete(key: K, value: V | undefined = this.values.get(key)?.value): boolean {
    if (!this.values.delete(key)) return false;
    this.held -= this.weightOf(key, value as V);
    this.options.onDrop?.(key, value as V);
    return true;
  }

  /** Drops every entry (each heard of by `onDrop`). */
  clear(): void {
    for (const [key, slot] of this.values) this.delete(key, slot.value);
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
