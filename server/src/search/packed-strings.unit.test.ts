import { describe, expect, it } from 'vitest';
import { comparePacked, PackedStrings } from './packed-strings.ts';

const sign = (n: number) => Math.sign(n);
const jsCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('PackedStrings', () => {
  const narrow = ['tt0111161', '', 'amelie', 'amélie', 'tt0111161x', 'a'];
  // Code units above 255: Cyrillic, CJK, and a surrogate pair (U+1F3AC), where UTF-8 byte order and
  // JavaScript's code unit order differ (U+FF5E sorts after the surrogate in code points, before it in code units).
  const wide = ['кино', '映画', '\u{1F3AC}', '\uFF5E', 'abc', ''];

  for (const [name, list] of [
    ['one byte per code unit', narrow],
    ['two bytes per code unit', wide],
  ] as const) {
    describe(name, () => {
      const packed = new PackedStrings(list);

      it('gives each string back as it was', () => {
        expect(packed.length).toBe(list.length);
        expect(list.map((_, i) => packed.at(i))).toEqual(list);
      });

      it('tells equal strings from different ones without making a string', () => {
        list.forEach((s, i) => {
          expect(packed.equals(i, s)).toBe(true);
          expect(packed.equals(i, `${s}x`)).toBe(false);
          if (s.length > 0) expect(packed.equals(i, s.slice(0, -1))).toBe(false);
        });
        expect(packed.equals(0, list[0] === 'tt0111161' ? 'tt0111162' : '映画')).toBe(false);
      });

      it('orders strings as JavaScript does', () => {
        const probes = [...list, 'b', 'tt', 'tt0111161\uffff', '\uffff', 'кин', '\uD83C'];
        list.forEach((s, i) => {
          for (const p of probes) expect(sign(packed.compare(i, p)), `${s} vs ${p}`).toBe(jsCompare(s, p));
          list.forEach((t, j) => {
            expect(sign(packed.compareAt(i, j)), `${s} vs ${t}`).toBe(jsCompare(s, t));
          });
        });
      });

      it('hashes a string as FNV-1a over its code units', () => {
        const fnv = (s: string) => {
          let h = 2166136261;
          for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 16777619);
          return h >>> 0;
        };
        list.forEach((s, i) => {
          expect(packed.hash(i)).toBe(fnv(s));
        });
      });
    });
  }

  it('compares strings of two lists', () => {
    const a = new PackedStrings(narrow);
    const b = new PackedStrings(wide);
    narrow.forEach((s, i) => {
      wide.forEach((t, j) => {
        expect(sign(comparePacked(a, i, b, j))).toBe(jsCompare(s, t));
      });
    });
  });
});
