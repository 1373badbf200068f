import type { Db } from '../../db/db.ts';
import { badRequest } from '../../lib/http/errors.ts';

export type { Db };


/** Timestamps read back: Date on PostgreSQL, ISO text on SQLite. */
export function iso(v: Date | string | null | undefined): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : v.toISOString();
}

export { CARD_COLUMNS, type CardRow, cardsOf, findLivePerson, presentCard, userNotFound } from '../profiles/index.ts';

/**
 * Keyset cursors: the sort key (a timestamp) and the row's id, base64url. A cursor that does not decode is 400 naming
 * `cursor`.
 */
export function encodeCursor(at: Date | string, id: string): string {
  return Buffer.from(`${iso(at)}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, field = 'cursor'): { at: string; id: string } | null {
  if (cursor === undefined) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 1 || !id || Number.isNaN(Date.parse(at)) || !/^[\w-]{1,64}$/.test(id)) {
    throw badRequest(`${field}: is not a cursor this server gave.`, 'validation_error');
  }
  return { at: new Date(at).toISOString(), id };
}

/** The visibility rule's loaders live in the kernel (lib/visibility.ts); re-exported for the modules still importing them here. */
export { blockedAmong, blockedEitherWay, hiddenAmong } from '../../lib/visibility.ts';
