import type { SetProfileRequest } from '../../../../common/contracts/auth.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { updateProfile } from './user.repository.ts';

/** A person may only change their own profile: the actor is the subject. */
export async function setProfile(database: Database, actor: SessionUser, input: SetProfileRequest) {
  const row = await updateProfile(database, actor.id, {
    displayName: input.displayName,
    ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
    ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
  });
  if (!row) throw notFound('User not found.', 'user_not_found');
  return row;
}
