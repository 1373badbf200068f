import { describe, expect, it } from 'vitest';
import { isReleased } from './release-date.ts';

describe('isReleased', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('compares a full release date with today in UTC', () => {
    expect(isReleased('2026-11-27', 2026, now)).toBe(true);
    expect(isReleased('2026-11-28', 2026, now)).toBe(false);
    expect(isReleased('1994-09-23', 1994, now)).toBe(true);
  });
  it('falls back to the start year without a full date, and takes a title with neither as out', () => {
    expect(isReleased('2027', 2027, now)).toBe(false);
    expect(isReleased(null, 2026, now)).toBe(true);
    expect(isReleased(null, 2027, now)).toBe(false);
    expect(isReleased(null, null, now)).toBe(true);
  });
});
