import type { PersonCard } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import { writeWithEvents } from '../../events/index.ts';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor.ts';
import { AppError, badRequest } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { isoOf } from '../../lib/time.ts';
import { blockedEitherWay } from '../../lib/visibility.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findLivePerson, hasBlocked, personExists, presentCard, userNotFound } from '../profiles/index.ts';
import { canActAs } from './social.policy.ts';
import * as repo from './social.repository.ts';

const blockedError = () => new AppError(403, 'blocked', 'You cannot do that: one of you blocked the other.');

export interface FollowState {
  fromId: string;
  toId: string;
  following: boolean;
  followerCount: number;
  followingCount: number;
}

/**
 * The caller follows someone. The row is written only if absent, and both counters move only when it was, in the
 * same transaction: following twice changes nothing and the counts always equal the rows. A new follow records
 * `follow.created` in that transaction (the notifications module tells the person followed).
 */
export async function follow(database: Database, actor: SessionUser, fromId: string, toId: string): Promise<FollowState> {
  authorize(actor, canActAs(actor, fromId), { message: 'fromId: you can only follow as yourself.' });
  if (fromId === toId) throw badRequest('toId: you cannot follow yourself.', 'self_follow');
  return writeWithEvents(database, async (trx, emit) => {
    if (!(await findLivePerson(trx, toId))) throw userNotFound();
    if (await blockedEitherWay(trx, fromId, toId)) throw blockedError();
    if (await repo.addFollow(trx, fromId, toId)) await emit('follow.created', { followerId: fromId, followeeId: toId });
    return { fromId, toId, following: true, ...(await repo.counts(trx, fromId, toId)) };
  });
}

/**
 * The caller stops following someone; unfollowing someone one does not follow changes nothing. An ended follow records
 * `follow.removed` (the feed's inbox loses the person's items).
 */
export async function unfollow(database: Database, actor: SessionUser, fromId: string, toId: string): Promise<FollowState> {
  authorize(actor, canActAs(actor, fromId), { message: 'fromId: you can only unfollow as yourself.' });
  if (fromId === toId) throw badRequest('toId: you cannot follow yourself.', 'self_follow');
  return writeWithEvents(database, async (trx, emit) => {
    if (!(await personExists(trx, toId))) throw userNotFound();
    if (await repo.removeFollow(trx, fromId, toId)) await emit('follow.removed', { followerId: fromId, followeeId: toId });
    return { fromId, toId, following: false, ...(await repo.counts(trx, fromId, toId)) };
  });
}

/** A person's followers or the people they follow, newest follow first, keyset-paginated. */
export async function followList(
  database: Database,
  reader: SessionUser | null,
  userId: string,
  which: 'followers' | 'following',
  q: { cursor?: string; limit?: number },
): Promise<{ results: PersonCard[]; nextCursor: string | null }> {
  const limit = q.limit ?? 20;
  const owner = await findLivePerson(database.db, userId);
  if (!owner || (reader && reader.id !== userId && (await hasBlocked(database.db, userId, reader.id)))) throw userNotFound();
  const rows = await repo.followRows(database.db, reader?.id ?? null, userId, which, decodeCursor(q.cursor), limit);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { results: shown.map(presentCard), nextCursor: rows.length > limit && last ? encodeCursor(last.followedAt, last.id) : null };
}

/**
 * Blocks someone: the follows between them end (counters in the same transaction); blocking twice changes nothing.
 * A new block records `block.created` in that transaction (both people's open conversations close: live events).
 */
export async function block(database: Database, actor: SessionUser, userId: string) {
  if (userId === actor.id) throw badRequest('userId: you cannot block yourself.', 'self_block');
  await writeWithEvents(database, async (trx, emit) => {
    if (!(await personExists(trx, userId))) throw userNotFound();
    if (await repo.insertBlock(trx, actor.id, userId)) await emit('block.created', { blockerId: actor.id, blockedId: userId });
    await repo.removeFollow(trx, actor.id, userId);
    await repo.removeFollow(trx, userId, actor.id);
  });
  return { userId, blocked: true };
}

/**
 * Lifts one's block, recording `block.removed` when there was one; the conversation opens again unless the other
 * blocked too (live events tell both).
 */
export async function unblock(database: Database, actor: SessionUser, userId: string) {
  await writeWithEvents(database, async (trx, emit) => {
    if (await repo.deleteBlock(trx, actor.id, userId)) await emit('block.removed', { blockerId: actor.id, blockedId: userId });
  });
  return { userId, blocked: false };
}

export async function blockedList(database: Database, actor: SessionUser): Promise<PersonCard[]> {
  return (await repo.blockedRows(database.db, actor.id)).map(presentCard);
}

export async function mute(database: Database, actor: SessionUser, targetType: 'user' | 'community', targetId: string) {
  if (targetType === 'user') {
    if (targetId === actor.id) throw badRequest('targetId: you cannot mute yourself.', 'validation_error');
    if (!(await personExists(database.db, targetId))) throw userNotFound();
  }
  await repo.insertMute(database.db, actor.id, targetType, targetId);
  return { targetType, targetId, muted: true };
}

export async function unmute(database: Database, actor: SessionUser, targetType: 'user' | 'community', targetId: string) {
  await repo.deleteMute(database.db, actor.id, targetType, targetId);
  return { targetType, targetId, muted: false };
}

export async function muteList(database: Database, actor: SessionUser) {
  const rows = await repo.muteRows(database.db, actor.id);
  return rows.map((r) => ({
    targetType: r.targetType,
    targetId: r.targetId,
    createdAt: isoOf(r.createdAt),
    name: (r.targetType === 'user' ? r.displayName : r.communityName) ?? null,
    imageUrl: (r.targetType === 'user' ? r.userImage : r.communityImage) ?? null,
    username: r.targetType === 'user' ? (r.username ?? null) : null,
  }));
}
