import type { SetProfileRequest } from '../../../../common/contracts/auth.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';

/** A person may only change their own profile: the actor is the subject. */
export async function setProfile(database: Database, actor: SessionUser, input: SetProfileRequest) {
  const patch = {
    displayName: input.displayName,
    onboarded: database.dialect === 'postgres' ? true : 1,
    updatedAt: new Date().toISOString(),
    ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
    ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
  };
  const row = await database.db
    .updateTable('users')
    .set(patch)
    .where('id', '=', actor.id)
    .returning(['id', 'email', 'displayName', 'imageUrl', 'bio', 'onboarded'])
    .executeTakeFirst();
  if (!row) throw notFound('User not found.', 'user_not_found');
  return row;
}
