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
});
