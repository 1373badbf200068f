import { randomUUID } from 'node:crypto';
import type { PersonCard, ReportTargetType } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { targetVisible } from '../../lib/visibility.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { notify, type StoredNotification } from '../notifications/index.ts';
import { canActAs, canReport } from './people.policy.ts';
import { blockedEitherWay, CARD_COLUMNS, type Db, decodeCursor, encodeCursor, findLivePerson, iso, presentCard, userNotFound } from './people.shared.ts';

const blockedError = () => new AppError(403, 'blocked', 'You cannot do that: one of you blocked the other.');

async function counts(db: Db, fromId: string, toId: string) {
  const rows = await db.selectFrom('users').select(['id', 'followerCount', 'followingCount']).where('id', 'in', [fromId, toId]).execute();
  const to = rows.find((r) => r.id === toId);
  const from = rows.find((r) => r.id === fromId);
  return { followerCount: Number(to?.followerCount ?? 0), followingCount: Number(from?.followingCount ?? 0) };
}

/** Removes a follow row and lowers both counters in the caller's transaction: whether there was one. */
async function removeFollow(trx: Db, fromId: string, toId: string): Promise<boolean> {
  const gone = await trx.deleteFrom('follows').where('followerId', '=', fromId).where('followeeId', '=', toId).returning('followerId').executeTakeFirst();
  if (!gone) return false;
  await trx.updateTable('users').set((eb) => ({ followerCount: eb('followerCount', '-', 1) })).where('id', '=', toId).execute();
  await trx.updateTable('users').set((eb) => ({ followingCount: eb('followingCount', '-', 1) })).where('id', '=', fromId).execute();
  return true;
}

export interface FollowResult {
  state: { fromId: string; toId: string; following: boolean; followerCount: number; followingCount: number };
  notification: StoredNotification | null;
}

/**
 * The caller follows someone. The row is written only if absent, and both counters move only when it was, in the
 * same transaction: following twice changes nothing and the counts always equal the rows.
 */
export async function follow(database: Database, actor: SessionUser, fromId: string, toId: string): Promise<FollowResult> {
  authorize(actor, canActAs(actor, fromId), { message: 'fromId: you can only follow as yourself.' });
  if (fromId === toId) throw badRequest('toId: you cannot follow yourself.', 'self_follow');
  return database.db.transaction().execute(async (trx) => {
    if (!(await findLivePerson(trx, toId))) throw userNotFound();
    if (await blockedEitherWay(trx, fromId, toId)) throw blockedError();
    const added = await trx
      .insertInto('follows')
      .values({ followerId: fromId, followeeId: toId, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['followerId', 'followeeId']).doNothing())
      .returning('followerId')
      .executeTakeFirst();
    let notification: StoredNotification | null = null;
    if (added) {
      await trx.updateTable('users').set((eb) => ({ followerCount: eb('followerCount', '+', 1) })).where('id', '=', toId).execute();
      await trx.updateTable('users').set((eb) => ({ followingCount: eb('followingCount', '+', 1) })).where('id', '=', fromId).execute();
      notification = await notify(trx, { userId: toId, kind: 'follow', actorId: fromId, targetType: 'user', targetId: toId });
    }
    return { state: { fromId, toId, following: true, ...(await counts(trx, fromId, toId)) }, notification };
  });
}

/** The caller stops following someone; unfollowing someone one does not follow changes nothing. */
export async function unfollow(database: Database, actor: SessionUser, fromId: string, toId: string) {
  authorize(actor, canActAs(actor, fromId), { message: 'fromId: you can only unfollow as yourself.' });
  if (fromId === toId) throw badRequest('toId: you cannot follow yourself.', 'self_follow');
  return database.db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom('users').select('id').where('id', '=', toId).executeTakeFirst();
    if (!exists) throw userNotFound();
    await removeFollow(trx, fromId, toId);
    return { fromId, toId, following: false, ...(await counts(trx, fromId, toId)) };
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
  if (!owner || (reader && reader.id !== userId && (await database.db.selectFrom('blocks').select('blockerId').where('blockerId', '=', userId).where('blockedId', '=', reader.id).executeTakeFirst())))
    throw userNotFound();
  const after = decodeCursor(q.cursor);
  const [self, other] = which === 'followers' ? (['followeeId', 'followerId'] as const) : (['followerId', 'followeeId'] as const);
  const rows = await database.db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', `follows.${other}`)
    .select([...CARD_COLUMNS, 'follows.createdAt as followedAt'])
    .where(`follows.${self}`, '=', userId)
    .where('users.suspendedAt', 'is', null)
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('follows.createdAt', '<', after?.at ?? ''),
          eb.and([eb('follows.createdAt', '=', after?.at ?? ''), eb(`follows.${other}`, '<', after?.id ?? '')]),
        ]),
      ),
    )
    .orderBy('follows.createdAt', 'desc')
    .orderBy(`follows.${other}`, 'desc')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { results: shown.map(presentCard), nextCursor: rows.length > limit && last ? encodeCursor(last.followedAt, last.id) : null };
}

/** Blocks someone: the follows between them end (counters in the same transaction); blocking twice changes nothing. */
export async function block(database: Database, actor: SessionUser, userId: string) {
  if (userId === actor.id) throw badRequest('userId: you cannot block yourself.', 'self_block');
  await database.db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!exists) throw userNotFound();
    await trx
      .insertInto('blocks')
      .values({ blockerId: actor.id, blockedId: userId, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
      .execute();
    await removeFollow(trx, actor.id, userId);
    await removeFollow(trx, userId, actor.id);
  });
  return { userId, blocked: true };
}

export function isBlockedEitherWay(database: Database, a: string, b: string): Promise<boolean> {
  return blockedEitherWay(database.db, a, b);
}

export async function unblock(database: Database, actor: SessionUser, userId: string) {
  await database.db.deleteFrom('blocks').where('blockerId', '=', actor.id).where('blockedId', '=', userId).execute();
  return { userId, blocked: false };
}

export async function blockedList(database: Database, actor: SessionUser): Promise<PersonCard[]> {
  const rows = await database.db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blockedId')
    .select(CARD_COLUMNS)
    .where('blocks.blockerId', '=', actor.id)
    .orderBy('blocks.createdAt', 'desc')
    .limit(500)
    .execute();
  return rows.map(presentCard);
}

export async function mute(database: Database, actor: SessionUser, targetType: 'user' | 'community', targetId: string) {
  if (targetType === 'user') {
    if (targetId === actor.id) throw badRequest('targetId: you cannot mute yourself.', 'validation_error');
    if (!(await database.db.selectFrom('users').select('id').where('id', '=', targetId).executeTakeFirst())) throw userNotFound();
  }
  await database.db
    .insertInto('mutes')
    .values({ userId: actor.id, targetType, targetId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['userId', 'targetType', 'targetId']).doNothing())
    .execute();
  return { targetType, targetId, muted: true };
}

export async function unmute(database: Database, actor: SessionUser, targetType: 'user' | 'community', targetId: string) {
  await database.db.deleteFrom('mutes').where('userId', '=', actor.id).where('targetType', '=', targetType).where('targetId', '=', targetId).execute();
  return { targetType, targetId, muted: false };
}

export async function muteList(database: Database, actor: SessionUser) {
  const rows = await database.db
    .selectFrom('mutes')
    .select(['targetType', 'targetId', 'createdAt'])
    .where('userId', '=', actor.id)
    .orderBy('createdAt', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ targetType: r.targetType, targetId: r.targetId, createdAt: iso(r.createdAt) }));
}

/**
 * Whether a report's target exists and the reporter may see it (lib/visibility.ts): a review, list, discussion,
 * comment or message the reporter cannot see is 404 as if it did not exist. A person may be reported while they
 * exist, even one who blocked the reporter.
 */
/** The target of a report and whose it is (the person, the author, the list's owner, the sender); undefined when it is not there for the reporter. */
async function reportTarget(db: Db, actor: SessionUser, type: ReportTargetType, id: string): Promise<{ ownerId: string | null } | undefined> {
  if (type === 'person') return (await db.selectFrom('users').select('id as ownerId').where('id', '=', id).executeTakeFirst()) ?? undefined;
  // What the reporter cannot see (private, hidden, blocked either way, others' conversations) is not there for them.
  if (!(await targetVisible(db, actor, type, id))) return undefined;
  switch (type) {
    case 'review':
      return (await db.selectFrom('ratings').select('userId as ownerId').where('id', '=', id).where('review', 'is not', null).executeTakeFirst()) ?? undefined;
    case 'list':
      return (await db.selectFrom('lists').select('ownerId').where('id', '=', id).executeTakeFirst()) ?? undefined;
    case 'message':
      return (await db.selectFrom('messages').select('senderId as ownerId').where('id', '=', id).executeTakeFirst()) ?? undefined;
    case 'discussion':
      return (await db.selectFrom('discussions').select('authorId as ownerId').where('id', '=', id).executeTakeFirst()) ?? undefined;
    case 'comment':
      return (await db.selectFrom('comments').select('authorId as ownerId').where('id', '=', id).executeTakeFirst()) ?? undefined;
  }
}

export async function report(database: Database, actor: SessionUser, input: { targetType: ReportTargetType; targetId: string; reason: string }) {
  const target = await reportTarget(database.db, actor, input.targetType, input.targetId);
  if (!target) throw notFound(`targetId: there is no ${input.targetType} with that id.`, 'target_not_found');
  authorize(actor, canReport(actor, target), {
    message: input.targetType === 'person' ? 'targetId: you cannot report yourself.' : `targetId: you cannot report your own ${input.targetType}.`,
    code: 'own_content',
  });
  const id = randomUUID();
  await database.db
    .insertInto('reports')
    .values({ id, reporterId: actor.id, targetType: input.targetType, targetId: input.targetId, reason: input.reason, status: 'open', resolvedBy: null, resolution: null, createdAt: new Date().toISOString(), resolvedAt: null })
    .execute();
  return { id, status: 'open' as const };
}
