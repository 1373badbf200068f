import type { Database } from '../../db/database.ts';

export interface ProfilePatch {
  displayName: string;
  bio?: string | null;
  imageUrl?: string | null;
}

/** Sets a profile and marks its owner onboarded; answers the row, or undefined when there is no such user. */
export async function updateProfile(database: Database, userId: string, patch: ProfilePatch) {
  return database.db
    .updateTable('users')
    .set({
      ...patch,
      // A boolean column: an integer on SQLite.
      onboarded: database.dialect === 'postgres' ? true : 1,
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .returning(['id', 'email', 'displayName', 'imageUrl', 'bio', 'onboarded'])
    .executeTakeFirst();
}
