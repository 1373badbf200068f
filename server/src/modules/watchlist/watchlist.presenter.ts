import type { MediaSearchResult } from '../../../../common/contracts/titles.ts';
import type { WatchlistItem } from '../../../../common/contracts/watchlist.ts';
import { encodeCursor } from '../../lib/http/cursor.ts';
import { isoOf } from '../../lib/time.ts';
import type { EntryKey, EntryRow } from './watchlist.repository.ts';

export function presentWatchlistItem(card: MediaSearchResult, row: EntryRow): WatchlistItem {
  return { ...card, addedAt: isoOf(row.addedAt) };
}

/** `startAfter` cursors: the last entry's time and title id, opaque to clients (lib/http/cursor.ts); read back strictly here, a bad one answering 400 `startAfter`. */
export function cursorOf(row: EntryRow): string {
  return encodeCursor(row.addedAt, row.id);
}

/** The entry a cursor names, or null when it is not one this server wrote. */
export function entryKeyOf(cursor: string): EntryKey | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar === -1) return null;
  const createdAt = text.slice(0, bar);
  const titleId = text.slice(bar + 1);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(createdAt) || Number.isNaN(Date.parse(createdAt))) return null;
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(titleId)) return null;
  return { createdAt, titleId };
}
