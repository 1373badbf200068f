import type { PersonCard } from '../../../../common/contracts/people.ts';
import { capitalizeName } from '../../../../common/display-name.ts';
import type { Db } from '../../db/db.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';

export type { Db };


/** Timestamps read back: Date on PostgreSQL, ISO text on SQLite. */
export function iso(v: Date | string | null | undefined): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : v.toISOString();
}

export const CARD_COLUMNS = ['users.id', 'users.username', 'users.displayName', 'users.imageUrl'] as const;
export type CardRow = { id: string; username: string | null; displayName: string; imageUrl: string | null };

export function presentCard(row: CardRow): PersonCard {
  return { id: row.id, username: row.username, displayName: capitalizeName(row.displayName), imageUrl: row.imageUrl };
}

/** Cards of some people, by id (suspended accounts included: who did what stays readable). */
export async function cardsOf(db: Db, ids: readonly string[]): Promise<Map<string, PersonCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(CARD_COLUMNS).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, presentCard(r)]));
}

export const userNotFound = () => notFound('There is no such person.', 'user_not_found');

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

/** The people a person blocked, who blocked them, or whom they muted: kept out of what they read. */
export async function hiddenPeopleFor(db: Db, userId: string): Promise<Set<string>> {
  const [blocks, mutes] = await Promise.all([
    db.selectFrom('blocks').select(['blockerId', 'blockedId']).where((eb) => eb.or([eb('blockerId', '=', userId), eb('blockedId', '=', userId)])).execute(),
    db.selectFrom('mutes').select('targetId').where('userId', '=', userId).where('targetType', '=', 'user').execute(),
  ]);
  const out = new Set<string>();
  for (const b of blocks) out.add(b.blockerId === userId ? b.blockedId : b.blockerId);
  for (const m of mutes) out.add(m.targetId);
  return out;
}

/** Finds a live (not suspended) person by id. */
export async function findLivePerson(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('users').select(CARD_COLUMNS).where('id', '=', id).where('suspendedAt', 'is', null).executeTakeFirst();
}

/** The visibility rule's loaders live in the kernel (lib/visibility.ts); re-exported for the modules still importing them here. */
export { blockedAmong, blockedEitherWay, hiddenAmong } from '../../lib/visibility.ts';
