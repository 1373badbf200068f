import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('cursors', () => {
  it('round-trip a time and an id', () => {
    const c = encodeCursor('2026-11-27T10:00:00.000Z', 'abc-123');
    expect(decodeCursor(c)).toEqual({ at: '2026-11-27T10:00:00.000Z', id: 'abc-123' });
    expect(decodeCursor(encodeCursor(new Date('2026-01-02T03:04:05.678Z'), 'x'))).toEqual({ at: '2026-01-02T03:04:05.678Z', id: 'x' });
    expect(decodeCursor(undefined)).toBeNull();
  });
  it('refuse anything else with 400 naming the field', () => {
    for (const bad of ['', 'zzz', Buffer.from('nodate|x').toString('base64url'), Buffer.from('2026-01-01T00:00:00Z|').toString('base64url'), Buffer.from("2026-01-01T00:00:00Z|a'b").toString('base64url')]) {
      expect(() => decodeCursor(bad), bad).toThrow(/^cursor: /);
    }
  });
});
