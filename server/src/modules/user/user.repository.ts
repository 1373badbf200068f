import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface ProfilePatch {
  displayName: string;
  bio?: string | null;
  imageUrl?: string | null;
  username?: string | null;
  usernameKey?: string | null;
  country?: string | null;
  favouriteGenres?: string | null;
  topMovies?: string | null;
  topShows?: string | null;
  searchText?: string;
}

/** Sets a profile and marks its owner onboarded; answers the row, or undefined when there is no such user. */
export async function updateProfile(db: Kysely<DB> | Transaction<DB>, userId: string, patch: ProfilePatch) {
  return db
    .updateTable('users')
    .set({
      ...patch,
      onboarded: true,
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .returning(['id', 'email', 'displayName', 'imageUrl', 'bio', 'onboarded'])
    .executeTakeFirst();
}

/** Whether this person has the moderator role (read on every call, as moderation reads it). */
export async function isModerator(db: Kysely<DB>, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role === 'moderator';
}

/**
 * The tombstone of a closed account, in the closing transaction: every personal column blanked, the e-mail replaced by
 * `deleted-<id>@invalid`, `deleted_at` and `suspended_at` set (so the visibility rule's suspended-person terms keep it
 * out of search, profiles and people lists). The row stays for what others keep of the person (community posts, the
 * gem ledger). Answers the e-mail it had, or undefined when there is no such live account (nothing is changed).
 */
export async function tombstoneUser(trx: Kysely<DB> | Transaction<DB>, userId: string, now: string): Promise<{ email: string } | undefined> {
  const user = await trx.selectFrom('users').select(['email']).where('id', '=', userId).where('deletedAt', 'is', null).executeTakeFirst();
  if (!user) return undefined;
  await trx
    .updateTable('users')
    .set({
      email: `deleted-${userId}@invalid`,
      emailVerified: false,
      displayName: '',
      imageUrl: null,
      bio: null,
      onboarded: false,
      username: null,
      usernameKey: null,
      country: null,
      favouriteGenres: null,
      topMovies: null,
      topShows: null,
      followerCount: 0,
      followingCount: 0,
      role: 'member',
      searchText: '',
      suspendedAt: now,
      deletedAt: now,
      updatedAt: now,
    })
    .where('id', '=', userId)
    .execute();
  return user;
}

/** A live account (not suspended, not deleted) as a session carries it: an access token's owner. */
export function liveUser(db: Kysely<DB> | Transaction<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'displayName', 'imageUrl', 'bio', 'onboarded'])
    .where('id', '=', userId)
    .where('suspendedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The person's profile as the account export gives it (undefined for no such live account). */
export function exportProfile(db: Kysely<DB> | Transaction<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'displayName', 'username', 'imageUrl', 'bio', 'country', 'favouriteGenres', 'topMovies', 'topShows', 'createdAt'])
    .where('id', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}
