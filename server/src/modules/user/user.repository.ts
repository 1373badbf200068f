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
