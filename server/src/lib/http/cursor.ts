import { isoOf } from '../time.ts';
import { badRequest } from './errors.ts';

/**
 * Keyset cursors: the sort key (a timestamp) and the row's id, base64url. A cursor that does not decode is 400 naming
 * the field (`cursor` unless told).
 */
export function encodeCursor(at: Date | string, id: string): string {
  return Buffer.from(`${isoOf(at)}|${id}`).toString('base64url');
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
  return { at: isoOf(at), id };
}
