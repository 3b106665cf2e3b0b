import { DigestMemo, TextMemo } from './text-memo';

/** A memo of each text's length, made by `make`, with the texts it computed. */
function countingWith<M>(make: (compute: (text: string) => number) => M): { memo: M; calls: string[] } {
  const calls: string[] = [];
  const memo = make((text) => {
    calls.push(text);
    return text.length;
  });
  return { memo, calls };
}

describe('TextMemo', () => {
  const counting = (maxChars: number) => countingWith((compute) => new TextMemo(compute, maxChars));

  /** After "aaaa", "bbbb" and "cccc" were computed once each: "aaaa" and "cccc" are still kept, "bbbb" is computed again. */
  const expectOnlyBbbbDropped = (memo: TextMemo<number>, calls: string[]): void => {
    memo.get('aaaa');
    memo.get('cccc');
    expect(calls).toEqual(['aaaa', 'bbbb', 'cccc']);
    memo.get('bbbb');
    expect(calls).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb']);
  };

  it('computes a text once and gives the same result for an equal text made apart', () => {
    const { memo, calls } = counting(100);
    expect(memo.get('governed by the laws of Delaware')).toBe(32);
    expect(memo.get(['governed by the laws', 'of Delaware'].join(' '))).toBe(32);
    expect(calls).toHaveLength(1);
  });

  it('keeps an undefined result too', () => {
    let calls = 0;
    const memo = new TextMemo<string | undefined>(() => {
      calls++;
      return undefined;
    }, 100);
    memo.get('no date here');
    memo.get('no date here');
    expect(calls).toBe(1);
  });

  it('never gives one text the result of another', () => {
    const { memo } = counting(100);
    expect(memo.get('a')).toBe(1);
    expect(memo.get('ab')).toBe(2);
    expect(memo.get('a')).toBe(1);
  });

  it('holds at most its characters, dropping the least recently used first', () => {
    const { memo, calls } = counting(10);
    memo.get('aaaa');
    memo.get('bbbb');
    memo.get('aaaa');
    // 12 characters: the least recently used ("bbbb") goes.
    memo.get('cccc');
    expect(memo.size).toBe(8);
    expectOnlyBbbbDropped(memo, calls);
  });

  it('does not keep a text longer than its bound', () => {
    const { memo, calls } = counting(10);
    memo.get('short');
    memo.get('x'.repeat(11));
    memo.get('x'.repeat(11));
    memo.get('short');
    expect(calls).toEqual(['short', 'x'.repeat(11), 'x'.repeat(11)]);
    expect(memo.size).toBe(5);
  });

  it('shrinks to a smaller bound at once, keeping the most recently used texts', () => {
    const { memo, calls } = counting(12);
    memo.get('aaaa');
    memo.get('bbbb');
    memo.get('cccc');
    memo.get('aaaa');
    memo.resize(8);
    expect(memo.size).toBe(8);
    expectOnlyBbbbDropped(memo, calls);
  });
});

describe('DigestMemo', () => {
  const counting = (maxEntries: number) => countingWith((compute) => new DigestMemo(compute, maxEntries));
  // A contract's text: its fields are what the memo keeps, not the text.
  const contract = (party: string): string => `SUPPLY AGREEMENT\n\nThis Agreement is made between ${party} and Buyer Inc.\n${'The Supplier shall deliver. '.repeat(2_000)}`;

  it('computes a text once, also when an equal text comes as another string, and never gives one text the result of another', () => {
    const { memo, calls } = counting(10);
    expect(memo.get(contract('Seller LLC'))).toBe(contract('Seller LLC').length);
    expect(memo.get(contract('Seller LLC'))).toBe(contract('Seller LLC').length);
    // The same length, one letter apart at the very end; then two short texts one after the other.
    const amended = `${contract('Seller LLC').slice(0, -1)}!`;
    expect(memo.get(amended)).toBe(amended.length);
    expect(memo.get('a')).toBe(1);
    expect(memo.get('b')).toBe(1);
    expect(memo.get(contract('Seller LLC'))).toBe(contract('Seller LLC').length);
    expect(calls).toEqual([contract('Seller LLC'), amended, 'a', 'b']);
  });

  it('holds at most its results, whatever the length of the texts, dropping the least recently used first', () => {
    const { memo, calls } = counting(2);
    memo.get(contract('A Corp'));
    memo.get(contract('B Corp'));
    memo.get(contract('A Corp'));
    memo.get(contract('C Corp'));
    expect(memo.size).toBe(2);
    memo.get(contract('A Corp'));
    memo.get(contract('C Corp'));
    expect(calls).toHaveLength(3);
    memo.get(contract('B Corp'));
    expect(calls).toHaveLength(4);
    memo.resize(1);
    expect(memo.size).toBe(1);
    memo.get(contract('B Corp'));
    expect(calls).toHaveLength(4);
  });
});
