import { describe, expect, it } from 'vitest';
import { editDistance, prefixEditDistance } from './search-index.ts';

/** The definition: the best distance to any prefix of b within max characters of a's length. */
function byPrefixes(a: string, b: string, max: number): number {
  let d = max + 1;
  for (let l = Math.max(1, a.length - max); l <= a.length + max && l <= b.length; l++) d = Math.min(d, editDistance(a, b.slice(0, l), max));
  return d;
}

describe('prefixEditDistance', () => {
  it('matches the distance to the closest prefix, for words typed so far', () => {
    expect(prefixEditDistance('godfath', 'godfather', 1)).toBe(0);
    expect(prefixEditDistance('godfahter', 'godfather', 2)).toBe(1);
    expect(prefixEditDistance('gdofa', 'godfather', 1)).toBe(1);
    expect(prefixEditDistance('xyzzy', 'godfather', 2)).toBe(3);
    expect(prefixEditDistance('amelie', 'am', 1)).toBe(2);
  });

  it('agrees with trying every prefix length, on many random words', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = (n: number) => Array.from({ length: n }, () => 'abcde'[Math.floor(rand() * 5)]).join('');
    for (let i = 0; i < 5000; i++) {
      const a = word(1 + Math.floor(rand() * 10));
      const b = word(1 + Math.floor(rand() * 14));
      const max = 1 + Math.floor(rand() * 2);
      expect(prefixEditDistance(a, b, max), `${a} ${b} ${max}`).toBe(byPrefixes(a, b, max));
    }
  });
});
