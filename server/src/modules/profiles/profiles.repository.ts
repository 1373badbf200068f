import { type SqlBool, sql } from 'kysely';
import type { PersonCard } from '../../../../common/contracts/people.ts';
import type { Db } from '../../db/db.ts';
import { reusedQuery } from '../../db/reused-query.ts';
import { personVisible } from '../../lib/visibility.ts';
import { CARD_COLUMNS, type CardRow, presentCard } from './profiles.presenter.ts';

/** Cards of some people, by id (suspended accounts included: who did what stays readable). */
export async function cardsOf(db: Db, ids: readonly string[]): Promise<Map<string, PersonCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(CARD_COLUMNS).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, presentCard(r)]));
}

/** Finds a live (not suspended) person by id. */
export async function findLivePerson(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('users').select(CARD_COLUMNS).where('id', '=', id).where('suspendedAt', 'is', null).executeTakeFirst();
}

/** Whether a person exists (suspended or not). */
export async function personExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether `blockerId` blocked `blockedId` (one way). */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  return (await db.selectFrom('blocks').select('blockerId').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).executeTakeFirst()) !== undefined;
}

const PROFILE_COLUMNS = [
  ...CARD_COLUMNS,
  'users.bio',
  'users.country',
  'users.favouriteGenres',
  'users.topMovies',
  'users.topShows',
  'users.followerCount',
  'users.followingCount',
  'users.createdAt',
] as const;

export type ProfileRow = CardRow & {
  bio: string | null;
  country: string | null;
  favouriteGenres: string | null;
  topMovies: string | null;
  topShows: string | null;
  followerCount: number;
  followingCount: number;
  createdAt: Date | string;
  suspendedAt: Date | string | null;
};

/**
 * The reads of every profile, compiled once (db/reused-query.ts): building them through the query layer on each
 * request cost more than the lookups themselves. `byKey`: by id or username (else the reader's own, by id).
 */
export const profileRowQuery = reusedQuery<boolean, { id: string; key: string }, ProfileRow>(['id', 'key'], (db: Db, byKey, p) => {
  const q = db.selectFrom('users').select([...PROFILE_COLUMNS, 'users.suspendedAt']);
  return byKey ? q.where((eb) => eb.or([eb('users.id', '=', p.id), eb('users.usernameKey', '=', p.key)])) : q.where('users.id', '=', p.id);
});
export const followsQuery = reusedQuery<null, { from: string; to: string }, { followeeId: string }>(['from', 'to'], (db: Db, _shape, p) =>
  db.selectFrom('follows').select('followeeId').where('followerId', '=', p.from).where('followeeId', '=', p.to),
);
export const blocksQuery = reusedQuery<null, { a: string; b: string }, { blockerId: string }>(['a', 'b'], (db: Db, _shape, p) =>
  db
    .selectFrom('blocks')
    .select(['blockerId'])
    .where((eb) => eb.or([eb.and([eb('blockerId', '=', p.a), eb('blockedId', '=', p.b)]), eb.and([eb('blockerId', '=', p.b), eb('blockedId', '=', p.a)])])),
);

/** The types of the titles among `ids` that exist. */
export async function titleTypesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('titles').select(['id', 'titleType']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.titleType]));
}

/** Whether someone other than `userId` has the username (by its key). */
export async function usernameTaken(db: Db, userId: string, key: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('usernameKey', '=', key).where('id', '!=', userId).executeTakeFirst()) !== undefined;
}

/** Which of `genres` are genres of the catalogue. */
export async function knownGenres(db: Db, genres: string[]): Promise<Set<string>> {
  return new Set((await db.selectFrom('titleGenres').select('genre').distinct().where('genre', 'in', genres).execute()).map((g) => g.genre));
}

/** Which of these people the reader follows (people search's Follow buttons). */
export async function followedAmong(db: Db, readerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('follows').select('followeeId').where('followerId', '=', readerId).where('followeeId', 'in', ids).execute();
  return new Set(rows.map((r) => r.followeeId));
}

/**
 * People search's candidates: people whose search text matches one of the patterns, most followed first, among those
 * the reader may see (lib/visibility.ts: not suspended, no block either way) and has not muted, so the limit counts
 * only people who can be shown.
 */
export function searchCandidates(db: Db, readerId: string | null, patterns: string[], users: string[] | undefined, limit: number) {
  return db
    .selectFrom('users')
    .select([...CARD_COLUMNS, 'users.searchText', 'users.followerCount'])
    .where(personVisible(readerId, 'users.id'))
    .$if(readerId !== null, (q) =>
      q.where(sql<SqlBool>`not exists (select 1 from mutes m where m.user_id = ${readerId} and m.target_type = 'user' and m.target_id = users.id)`),
    )
    .where('users.searchText', '!=', '')
    .where((eb) => eb.or(patterns.map((p) => eb('users.searchText', 'like', p))))
    .$if(users !== undefined, (q) => q.where('users.id', 'in', users ?? []))
    .orderBy('users.followerCount', 'desc')
    .limit(limit)
    .execute();
}

/** A live person (not suspended, not deleted) by username, any case. */
export async function livePersonByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'displayName'])
    .where('usernameKey', '=', username.toLowerCase())
    .where('suspendedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}
