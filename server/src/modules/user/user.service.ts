import type { SetProfileRequest } from '../../../../common/contracts/auth.ts';
import type { Database } from '../../db/database.ts';
import { writeWithEvents } from '../../events/index.ts';
import { notFound } from '../../lib/http/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { profileColumns, searchTextOf, usernameRace } from '../profiles/index.ts';
import { requireChosenImage } from '../uploads/index.ts';
import { updateProfile } from './user.repository.ts';

/**
 * A person may only change their own profile: the actor is the subject. The people fields (username, country,
 * genres, top titles) are checked by the people module; the username's uniqueness ignoring case is its unique key.
 */
export async function setProfile(database: Database, actor: SessionUser, input: SetProfileRequest, opts: { publicBase?: string } = {}) {
  // A picture stored here must be one this person uploaded (uploads.service.ts); https: addresses are taken as they are.
  if (input.imageUrl) await requireChosenImage(database.db, input.imageUrl, 'imageUrl', { ownerId: actor.id, publicBase: opts.publicBase });
  const row = await writeWithEvents(database, async (trx, emit) => {
    const columns = await profileColumns(trx, actor.id, input);
    const username =
      columns.username !== undefined
        ? columns.username
        : ((await trx.selectFrom('users').select('username').where('id', '=', actor.id).executeTakeFirst())?.username ?? null);
    const updated = await updateProfile(trx, actor.id, {
      displayName: input.displayName,
      ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
      ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
      ...columns,
      searchText: searchTextOf(input.displayName, username),
    });
    // Sessions keep the person's name and picture; onboarding choices, a picture and a bio are level requirements.
    if (updated) await emit('profile.updated', { userId: actor.id });
    return updated;
  }).catch(usernameRace);
  if (!row) throw notFound('User not found.', 'user_not_found');
  return row;
}
