import { describe, expect, it } from 'vitest';
import {
  avatarLetter,
  capitalizeWords,
  compactCount,
  firstName,
  formatReleaseDate,
  formatTimestamp,
  relativeTime,
  truncateName,
  yearOf,
} from './format';

describe('capitalizeWords', () => {
  it('capitalizes each word', () => {
    expect(capitalizeWords('jane doe')).toBe('Jane Doe');
    expect(capitalizeWords('  ada   lovelace ')).toBe('Ada Lovelace');
  });
  it('keeps the rest of each word as written', () => {
    expect(capitalizeWords('mcDonald o’neil')).toBe('McDonald O’neil');
  });
  it('returns an empty string for missing names', () => {
    expect(capitalizeWords('')).toBe('');
    expect(capitalizeWords(null)).toBe('');
    expect(capitalizeWords(undefined)).toBe('');
  });
});

describe('firstName', () => {
  it('returns the first word', () => {
    expect(firstName('Jane Doe')).toBe('Jane');
    expect(firstName('  Solo ')).toBe('Solo');
  });
  it("returns 'User' when there is no name", () => {
    expect(firstName('')).toBe('User');
    expect(firstName('   ')).toBe('User');
    expect(firstName(null)).toBe('User');
    expect(firstName(undefined)).toBe('User');
  });
});

describe('avatarLetter', () => {
  it('uppercases the first letter of the display name', () => {
    expect(avatarLetter('jane')).toBe('J');
    expect(avatarLetter('  émile')).toBe('É');
  });
  it("falls back to '?'", () => {
    expect(avatarLetter('')).toBe('?');
    expect(avatarLetter('  ')).toBe('?');
    expect(avatarLetter(null)).toBe('?');
  });
});

describe('compactCount', () => {
  it('leaves counts under 1000 as they are', () => {
    expect(compactCount(0)).toBe('0');
    expect(compactCount(999)).toBe('999');
  });
  it('uses K from 1000 with one decimal', () => {
    expect(compactCount(1000)).toBe('1.0K');
    expect(compactCount(1234)).toBe('1.2K');
    expect(compactCount(999_499)).toBe('999.5K');
  });
  it('rolls over to M instead of showing 1000.0K', () => {
    expect(compactCount(999_960)).toBe('1.0M');
  });
  it('uses M from 1000000 with one decimal', () => {
    expect(compactCount(1_000_000)).toBe('1.0M');
    expect(compactCount(3_400_000)).toBe('3.4M');
    expect(compactCount(2_750_000_000)).toBe('2750.0M');
  });
  it('handles negatives and non-numbers', () => {
    expect(compactCount(-1500)).toBe('-1.5K');
    expect(compactCount(Number.NaN)).toBe('0');
    expect(compactCount(null)).toBe('0');
  });
});

describe('formatTimestamp', () => {
  it("formats seconds/nanoseconds as 'Month day, year'", () => {
    const seconds = Date.UTC(2024, 2, 5, 12) / 1000;
    expect(formatTimestamp({ _seconds: seconds, _nanoseconds: 0 }, 'UTC')).toBe('March 5, 2024');
    expect(formatTimestamp({ _seconds: seconds, _nanoseconds: 999_999_999 }, 'UTC')).toBe('March 5, 2024');
  });
  it('tolerates missing nanoseconds', () => {
    expect(formatTimestamp({ _seconds: 0 }, 'UTC')).toBe('January 1, 1970');
  });
  it("returns 'Invalid Date' when malformed", () => {
    expect(formatTimestamp(null)).toBe('Invalid Date');
    expect(formatTimestamp({})).toBe('Invalid Date');
    expect(formatTimestamp({ _seconds: 'soon', _nanoseconds: 0 })).toBe('Invalid Date');
    expect(formatTimestamp({ _seconds: Number.POSITIVE_INFINITY, _nanoseconds: 0 })).toBe('Invalid Date');
    expect(formatTimestamp({ _seconds: 1e20, _nanoseconds: 0 })).toBe('Invalid Date');
  });
});

describe('relativeTime', () => {
  const now = new Date('2024-06-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('uses seconds under a minute', () => {
    expect(relativeTime(ago(45), now)).toBe('45 seconds ago');
    expect(relativeTime(ago(0), now)).toBe('0 seconds ago');
    expect(relativeTime(ago(1), now)).toBe('1 second ago');
  });
  it('uses minutes, then hours', () => {
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(3 * 60 + 59), now)).toBe('3 minutes ago');
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 3600), now)).toBe('23 hours ago');
  });
  it('uses days up to 30 days', () => {
    expect(relativeTime(ago(86_400), now)).toBe('1 day ago');
    expect(relativeTime(ago(29 * 86_400), now)).toBe('29 days ago');
  });
  it('uses months up to a year', () => {
    expect(relativeTime(ago(30 * 86_400), now)).toBe('1 month ago');
    expect(relativeTime(ago(200 * 86_400), now)).toBe('6 months ago');
    expect(relativeTime(ago(364 * 86_400), now)).toBe('11 months ago');
  });
  it('uses years from a year on', () => {
    expect(relativeTime(ago(365 * 86_400), now)).toBe('1 year ago');
    expect(relativeTime(ago(3 * 365 * 86_400), now)).toBe('3 years ago');
  });
  it('accepts ISO strings, epoch milliseconds and wire timestamps', () => {
    expect(relativeTime('2024-06-15T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime(now.getTime() - 7_200_000, now)).toBe('2 hours ago');
    expect(relativeTime({ _seconds: now.getTime() / 1000 - 90, _nanoseconds: 0 }, now)).toBe('1 minute ago');
  });
  it('treats future dates as now', () => {
    expect(relativeTime(new Date(now.getTime() + 60_000), now)).toBe('0 seconds ago');
  });
  it("returns 'Invalid date' when unparseable", () => {
    expect(relativeTime('not a date', now)).toBe('Invalid date');
    expect(relativeTime('', now)).toBe('Invalid date');
    expect(relativeTime(null, now)).toBe('Invalid date');
    expect(relativeTime(new Date(Number.NaN), now)).toBe('Invalid date');
    expect(relativeTime({ seconds: 1 }, now)).toBe('Invalid date');
  });
});

describe('yearOf', () => {
  it('returns the part before the first dash', () => {
    expect(yearOf('2024-03-05')).toBe('2024');
    expect(yearOf('1999')).toBe('1999');
    expect(yearOf(2010)).toBe('2010');
  });
  it("returns 'N/A' when there is no year", () => {
    expect(yearOf('')).toBe('N/A');
    expect(yearOf('-03-05')).toBe('N/A');
    expect(yearOf(null)).toBe('N/A');
    expect(yearOf(undefined)).toBe('N/A');
  });
});

describe('truncateName', () => {
  it('keeps names of up to 14 characters', () => {
    expect(truncateName('Jane Doe')).toBe('Jane Doe');
    expect(truncateName('Fourteen chars')).toBe('Fourteen chars');
  });
  it('cuts longer names at 14 characters and adds an ellipsis', () => {
    expect(truncateName('Maximilian Fitzgerald')).toBe('Maximilian Fit…');
    expect(truncateName('abcdef', 3)).toBe('abc…');
  });
  it("returns 'Anonymous' when missing", () => {
    expect(truncateName('')).toBe('Anonymous');
    expect(truncateName('   ')).toBe('Anonymous');
    expect(truncateName(null)).toBe('Anonymous');
    expect(truncateName(undefined)).toBe('Anonymous');
  });
});

describe('formatReleaseDate', () => {
  it('writes the day a release date names, in any time zone', () => {
    expect(formatReleaseDate('2027-01-20')).toBe('Jan 20, 2027');
    expect(formatReleaseDate('1999-12-31')).toBe('Dec 31, 1999');
    expect(formatReleaseDate(' 2027-07-04 ')).toBe('Jul 4, 2027');
  });
  it('writes partial dates as far as they go', () => {
    expect(formatReleaseDate('2027-03')).toBe('Mar 2027');
    expect(formatReleaseDate('2027')).toBe('2027');
    expect(formatReleaseDate(2027)).toBe('2027');
  });
  it('answers an empty string for missing or impossible dates', () => {
    expect(formatReleaseDate(null)).toBe('');
    expect(formatReleaseDate(undefined)).toBe('');
    expect(formatReleaseDate('')).toBe('');
    expect(formatReleaseDate('soon')).toBe('');
    expect(formatReleaseDate('2027-02-30')).toBe('');
    expect(formatReleaseDate('2027-13-01')).toBe('');
    expect(formatReleaseDate('2027-01-20T10:00:00Z')).toBe('');
  });
});
