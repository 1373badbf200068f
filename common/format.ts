/**
 * Pure display rules shared by web and server (spec 3, 5, 9).
 * No imports (release dates live in their own module, re-exported here): every helper is total and never throws.
 */

export { formatReleaseDate } from './release-date.ts';

type Maybe<T> = T | null | undefined;

/** 'jane van der berg' -> 'Jane Van Der Berg'. Whitespace is normalised to single spaces. */
export function capitalizeWords(name: Maybe<string>): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** First word of a name; 'User' when there is no name. */
export function firstName(name: Maybe<string>): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : 'User';
}

/** Letter shown in an avatar without a photo: first character, uppercased, else '?'. */
export function avatarLetter(name: Maybe<string>): string {
  const first = Array.from(name?.trim() ?? '')[0];
  return first ? first.toUpperCase() : '?';
}

/** 999 -> '999', 1234 -> '1.2K', 3_400_000 -> '3.4M' (one decimal, as the spec says). */
export function compactCount(n: Maybe<number>): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs < 1000) return `${sign}${Math.round(abs)}`;
  const thousands = (abs / 1000).toFixed(1);
  if (abs < 1_000_000 && Number(thousands) < 1000) return `${sign}${thousands}K`;
  return `${sign}${(abs / 1_000_000).toFixed(1)}M`;
}

export interface WireTimestamp {
  _seconds: number;
  _nanoseconds: number;
}

function timestampToDate(value: unknown): Date | null {
  if (!value || typeof value !== 'object') return null;
  const { _seconds, _nanoseconds } = value as Partial<WireTimestamp>;
  if (typeof _seconds !== 'number' || !Number.isFinite(_seconds)) return null;
  const nanos = typeof _nanoseconds === 'number' && Number.isFinite(_nanoseconds) ? _nanoseconds : 0;
  const date = new Date(_seconds * 1000 + Math.floor(nanos / 1e6));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** {_seconds, _nanoseconds} -> 'March 5, 2024'; 'Invalid Date' when malformed. */
export function formatTimestamp(value: unknown, timeZone?: string): string {
  const date = timestampToDate(value);
  if (!date) return 'Invalid Date';
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(date);
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') {
    const d = new Date(value);
    return Number.isFinite(value) && !Number.isNaN(d.getTime()) ? d : null;
  }
  if (typeof value === 'string') {
    if (!value.trim()) return null;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return timestampToDate(value);
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * '45 seconds ago', '3 minutes ago', '5 hours ago', '12 days ago' (up to 30 days),
 * '4 months ago' (up to a year), '2 years ago'. 'Invalid date' when unparseable.
 * Dates in the future count as now.
 */
export function relativeTime(value: unknown, now: Date | number = Date.now()): string {
  const date = toDate(value);
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (!date || !Number.isFinite(nowMs)) return 'Invalid date';
  const seconds = Math.max(0, Math.floor((nowMs - date.getTime()) / 1000));
  if (seconds < MINUTE) return relative.format(-seconds, 'second');
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), 'hour');
  const days = Math.floor(seconds / DAY);
  if (days < 30) return relative.format(-days, 'day');
  if (days < 365) return relative.format(-Math.min(11, Math.floor(days / 30)), 'month');
  return relative.format(-Math.floor(days / 365), 'year');
}

/** '2024-03-05' -> '2024'; missing -> 'N/A'. */
export function yearOf(releaseDate: Maybe<string | number>): string {
  if (releaseDate === null || releaseDate === undefined) return 'N/A';
  const year = String(releaseDate).trim().split('-')[0];
  return year ? year : 'N/A';
}

/** Names cut at `max` characters plus an ellipsis; 'Anonymous' when missing. */
export function truncateName(name: Maybe<string>, max = 14): string {
  const trimmed = name?.trim();
  if (!trimmed) return 'Anonymous';
  const chars = Array.from(trimmed);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : trimmed;
}
