import { describe, expect, it } from 'vitest';
import { IntTable } from './int-table.ts';

describe('IntTable', () => {
  it('sets, finds, replaces and deletes as a Map does, through many random changes', () => {
    const table = new IntTable(500);
    const oracle = new Map<number, number>();
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    // Keys from a small range, so that probes collide and deletions must shift entries back.
    const wrong: string[] = [];
    for (let step = 0; step < 100_000; step++) {
      const key = Math.floor(random() * 1_500);
      if (random() < 0.5 && (oracle.size < 500 || oracle.has(key))) {
        table.set(key, step);
        oracle.set(key, step);
      } else if (table.delete(key) !== oracle.delete(key)) wrong.push(`delete ${key} at ${step}`);
      if (table.size !== oracle.size) wrong.push(`size at ${step}`);
      if (step % 997 === 0) {
        for (let k = 0; k < 1_500; k++) if (table.get(k) !== (oracle.get(k) ?? -1)) wrong.push(`get ${k} at ${step}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(oracle.size).toBeGreaterThan(400);
  });

  it('takes keys up to 2^31 - 1, refuses more entries than its capacity, and empties', () => {
    const table = new IntTable(3);
    table.set(0, 1);
    table.set(109_999_999, 2);
    table.set(2 ** 31 - 1, 3);
    expect([table.get(0), table.get(109_999_999), table.get(2 ** 31 - 1), table.get(5)]).toEqual([1, 2, 3, -1]);
    table.set(0, 4);
    expect(table.get(0)).toBe(4);
    expect(() => table.set(6, 6)).toThrow(RangeError);
    table.clear();
    expect([table.size, table.get(0), table.delete(0)]).toEqual([0, -1, false]);
  });
});
