import { fuseRankings } from './fusion';

const ids = (...values: string[]): { id: string }[] => values.map((id) => ({ id }));

describe('fuseRankings', () => {
  it('ranks an item that two lists agree on above items only one list has', () => {
    const fused = fuseRankings([ids('a', 'b', 'c'), ids('d', 'b', 'e')]);
    expect(fused[0].id).toBe('b');
    expect(fused.map((f) => f.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('scores 1 / (k + rank)', () => {
    const [first, second] = fuseRankings([ids('a', 'b')], 10);
    expect(first).toEqual({ id: 'a', score: 1 / 11 });
    expect(second).toEqual({ id: 'b', score: 1 / 12 });
  });

  it('counts an id once per list and breaks ties by first appearance', () => {
    const fused = fuseRankings([ids('x', 'x', 'y'), ids('y', 'x')]);
    expect(fused.map((f) => f.id)).toEqual(['x', 'y']);
    expect(fused[0].score).toBeCloseTo(fused[1].score);
  });

  it('returns nothing for no lists', () => {
    expect(fuseRankings([])).toEqual([]);
  });
});
