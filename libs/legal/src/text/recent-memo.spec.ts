import { rememberRecent } from './recent-memo';

describe('rememberRecent', () => {
  it('computes once for an argument asked again and gives each caller its own copy', () => {
    const seen: string[] = [];
    const words = rememberRecent(
      (text: string) => {
        seen.push(text);
        return text.split(' ');
      },
      2,
      (list) => [...list],
    );
    const first = words('cap on liability');
    first.push('changed by a caller');
    expect(words('cap on liability')).toEqual(['cap', 'on', 'liability']);
    expect(seen).toEqual(['cap on liability']);
  });

  it('forgets the least recently asked beyond its capacity', () => {
    let computed = 0;
    const length = rememberRecent(
      (text: string) => {
        computed++;
        return text.length;
      },
      2,
      (n) => n,
    );
    length('a');
    length('bb');
    length('a');
    length('ccc');
    expect(computed).toBe(3);
    length('a');
    expect(computed).toBe(3);
    length('bb');
    expect(computed).toBe(4);
  });
});
