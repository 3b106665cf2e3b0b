import { BoundedLru } from './bounded-lru';

describe('BoundedLru', () => {
  it('holds at most its capacity in entries by default, dropping the least recently used first', () => {
    const lru = new BoundedLru<string, number>(2);
    lru.set('indemnity', 1);
    lru.set('notices', 2);
    expect(lru.get('indemnity')).toBe(1);
    lru.set('assignment', 3);
    expect([lru.has('indemnity'), lru.has('notices'), lru.has('assignment')]).toEqual([true, false, true]);
    expect(lru.size).toBe(2);
  });

  it('weighs entries as told, and never keeps one heavier than the whole capacity', () => {
    const lru = new BoundedLru<string, string>(10, { weigh: (key) => key.length });
    lru.set('aaaa', 'a');
    lru.set('bbbb', 'b');
    expect(lru.weight).toBe(8);
    lru.set('cccc', 'c');
    expect([lru.has('aaaa'), lru.has('bbbb'), lru.has('cccc'), lru.weight]).toEqual([false, true, true, 8]);
    lru.set('a much longer key', 'x');
    expect([lru.has('a much longer key'), lru.weight]).toEqual([false, 8]);
  });

  it('replaces what a key held, counting it once', () => {
    const lru = new BoundedLru<string, number[]>(10, { weigh: (_key, value) => value.length });
    lru.set('term', [1, 2, 3]);
    lru.set('term', [1, 2]);
    expect([lru.get('term'), lru.weight, lru.size]).toEqual([[1, 2], 2, 1]);
  });

  it('keeps an undefined value and tells it apart from an absent key', () => {
    const lru = new BoundedLru<string, undefined>(2);
    lru.set('no date here', undefined);
    expect([lru.has('no date here'), lru.get('no date here'), lru.has('elsewhere')]).toEqual([true, undefined, false]);
  });

  it('tells of every entry that leaves, evicted or deleted', () => {
    const dropped: string[] = [];
    const lru = new BoundedLru<string, number>(2, { onDrop: (key) => dropped.push(key) });
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.delete('b')).toBe(true);
    expect(lru.delete('b')).toBe(false);
    expect(dropped).toEqual(['a', 'b']);
    expect(lru.size).toBe(1);
    lru.set('d', 4);
    lru.clear();
    expect([dropped, lru.size, lru.weight, lru.has('c')]).toEqual([['a', 'b', 'c', 'd'], 0, 0, false]);
  });

  it('lazy: a read moves an entry only once it has aged past half of the entries, and eviction still takes the oldest', () => {
    const keys = Array.from({ length: 2048 }, (_, index) => `k${index}`);
    const lru = new BoundedLru<string, number>(2048, { lazy: true });
    keys.forEach((key, index) => lru.set(key, index));
    // k0 has 2,047 entries after it: read, it moves to the most recent end, and k1 is the oldest.
    expect(lru.get('k0')).toBe(0);
    lru.set('new-0', -1);
    expect([lru.has('k0'), lru.has('k1'), lru.size]).toEqual([true, false, 2048]);
    // k1500 has fewer than half after it: read, it stays in its place, so it leaves before k1501 (strictly least
    // recently used, k1501 would leave first).
    expect(lru.get('k1500')).toBe(1500);
    for (let index = 1; index < 1500; index += 1) lru.set(`new-${index}`, -1);
    expect([lru.has('k1500'), lru.has('k1501'), lru.has('k0')]).toEqual([false, true, true]);
    expect(lru.entry('k1501')).toEqual(expect.objectContaining({ value: 1501 }));
    expect(lru.entry('k1500')).toBeUndefined();
  });

  it('lazy, with fewer than 1,024 entries: every read moves its entry, as without', () => {
    const lru = new BoundedLru<string, number>(2, { lazy: true });
    lru.set('indemnity', 1);
    lru.set('notices', 2);
    expect(lru.get('indemnity')).toBe(1);
    lru.set('assignment', 3);
    expect([lru.has('indemnity'), lru.has('notices'), lru.has('assignment')]).toEqual([true, false, true]);
  });
});
