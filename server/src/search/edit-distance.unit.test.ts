import { describe, expect, it } from 'vitest';
import { editDistance, editDistanceByTable, prefixEditDistance, prefixEditDistanceByTable } from './edit-distance.ts';

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

describe('bit-parallel distances', () => {
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  // A small alphabet makes matches, repeats and transpositions common.
  const word = (n: number, letters = 'abcd') => Array.from({ length: n }, () => letters[Math.floor(rand() * letters.length)]).join('');

  it('agree with the table on many random words, transpositions included', () => {
    for (let i = 0; i < 20_000; i++) {
      const a = word(1 + Math.floor(rand() * 12));
      const b = rand() < 0.3 ? a.slice(0, -2) + a.slice(-1) + a.slice(-2, -1) + word(Math.floor(rand() * 3)) : word(1 + Math.floor(rand() * 16));
      const max = 1 + Math.floor(rand() * 3);
      expect(editDistance(a, b, max), `${a} ${b} ${max}`).toBe(editDistanceByTable(a, b, max));
      expect(prefixEditDistance(a, b, max), `prefix ${a} ${b} ${max}`).toBe(prefixEditDistanceByTable(a, b, max));
    }
  });

  it('handle words of 31 characters, and longer ones by the table', () => {
    for (let i = 0; i < 2_000; i++) {
      const a = word(28 + Math.floor(rand() * 8), 'abcdefgh');
      const b = rand() < 0.5 ? a.slice(0, 5) + a[6] + a[5] + a.slice(7) : word(28 + Math.floor(rand() * 8), 'abcdefgh');
      expect(editDistance(a, b, 2), `${a} ${b}`).toBe(editDistanceByTable(a, b, 2));
      expect(prefixEditDistance(a, b, 2), `prefix ${a} ${b}`).toBe(prefixEditDistanceByTable(a, b, 2));
    }
    expect(editDistance('godfahter', 'godfather', 2)).toBe(1);
    expect(editDistance('amelie', 'amélie', 1)).toBe(1);
    expect(prefixEditDistance('godfahte', 'godfather', 2)).toBe(1);
  });
});
