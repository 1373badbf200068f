import { describe, expect, it } from 'vitest';
import { notificationText } from './notifications.service.ts';
import { decodeCursor, encodeCursor } from './people.shared.ts';
import { countryList, countryOf, searchTextOf } from './profile.service.ts';

describe('notificationText', () => {
  it('names the latest person and counts the others', () => {
    expect(notificationText('review_like', 'Ana', 0)).toBe('Ana liked your review');
    expect(notificationText('review_like', 'Ana', 1)).toBe('Ana and 1 other liked your review');
    expect(notificationText('review_like', 'Ana', 12)).toBe('Ana and 12 others liked your review');
    expect(notificationText('follow', 'Ben', 2)).toBe('Ben and 2 others followed you');
    expect(notificationText('comment_reply', 'Cal', 0)).toBe('Cal replied to your comment');
    expect(notificationText('level_reached', null, 0)).toBe('You reached a new level');
    expect(notificationText('level_reached', null, 0, 'buff')).toBe('You reached Reel Buff');
    expect(notificationText('level_reached', null, 0, 'savant')).toBe('You reached Reel Savant');
    expect(notificationText('discussion_like', null, 0)).toBe('Someone liked your discussion');
  });
});

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

describe('countries and search text', () => {
  it('lists ISO 3166 codes with English names', () => {
    const list = countryList();
    expect(list.length).toBeGreaterThanOrEqual(195);
    expect(list.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    expect(countryOf('DE')).toEqual({ code: 'DE', name: 'Germany' });
    expect(countryOf('ZZ')).toBeNull();
    expect(countryOf(null)).toBeNull();
  });
  it('keeps the name and username normalised, the username also as one word', () => {
    expect(searchTextOf('Zoë Saldaña', 'zoe_s.fan')).toBe('zoe saldana zoe s fan zoesfan');
    expect(searchTextOf('Ana', null)).toBe('ana');
  });
});
