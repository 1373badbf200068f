import { randomUUID } from 'node:crypto';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { NotificationKind } from '../../../../common/contracts/people.ts';
import type { Db } from '../../db/db.ts';
import type { DB } from '../../db/schema.ts';
import { notHidden, personVisible } from '../../lib/visibility.ts';

export interface StoredNotification {
  id: string;
  userId: string;
  kind: string;
  targetType: string;
  targetId: string;
  actorId: string | null;
  actorCount: number;
  readAt: Date | string | null;
  createdAt: Date | string;
}

/** Whether either blocked the other, or the person told muted the actor. */
export async function barrierBetween(db: Db, userId: string, actorId: string): Promise<boolean> {
  const barrier = await db
    .selectFrom('blocks')
    .select('blockerId')
    .where((eb) =>
      eb.or([eb.and([eb('blockerId', '=', userId), eb('blockedId', '=', actorId)]), eb.and([eb('blockerId', '=', actorId), eb('blockedId', '=', userId)])]),
    )
    .unionAll(db.selectFrom('mutes').select('userId as blockerId').where('userId', '=', userId).where('targetType', '=', 'user').where('targetId', '=', actorId))
    .executeTakeFirst();
  return barrier !== undefined;
}

/** Whether the person turned this kind of notification off. */
export async function optedOut(db: Db, userId: string, kind: NotificationKind): Promise<boolean> {
  return (await db.selectFrom('notificationOptOuts').select('kind').where('userId', '=', userId).where('kind', '=', kind).executeTakeFirst()) !== undefined;
}

/** The kinds a person turned off. */
export async function optOutsOf(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('notificationOptOuts').select('kind').where('userId', '=', userId).execute();
  return new Set(rows.map((r) => r.kind));
}

/** Turns kinds off (a row each) or on again (no row); turning off twice changes nothing. */
export async function setOptOuts(db: Db, userId: string, changes: readonly { kind: NotificationKind; enabled: boolean }[], now: string): Promise<void> {
  const off = changes.filter((c) => !c.enabled).map((c) => c.kind);
  const on = changes.filter((c) => c.enabled).map((c) => c.kind);
  if (on.length > 0) await db.deleteFrom('notificationOptOuts').where('userId', '=', userId).where('kind', 'in', on).execute();
  if (off.length > 0) {
    await db
      .insertInto('notificationOptOuts')
      .values(off.map((kind) => ({ userId, kind, createdAt: now })))
      .onConflict((oc) => oc.columns(['userId', 'kind']).doNothing())
      .execute();
  }
}

type Target = { userId: string; kind: NotificationKind; targetType: string; targetId: string };

/** The person's unread notification of this kind and target, if any. */
export function findOpen(db: Db, t: Target) {
  return db
    .selectFrom('notifications')
    .select('id')
    .where('userId', '=', t.userId)
    .where('kind', '=', t.kind)
    .where('targetType', '=', t.targetType)
    .where('targetId', '=', t.targetId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
}

/**
 * Makes an unread notification with its first actor; undefined when one of the kind and target is already unread
 * (the unique index over unread notifications: of two made at once, one is kept).
 */
export async function insertOpen(db: Db, t: Target, actorId: string | null, now: string): Promise<StoredNotification | undefined> {
  const id = randomUUID();
  const row = await db
    .insertInto('notifications')
    .values({ id, userId: t.userId, kind: t.kind, targetType: t.targetType, targetId: t.targetId, actorId, actorCount: 1, readAt: null, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'targetType', 'targetId']).where('readAt', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row && actorId !== null) await db.insertInto('notificationActors').values({ notificationId: id, actorId, createdAt: now }).execute();
  return row;
}

/** Adds an actor to an unread notification (moving it to the top); undefined when they were already in it. */
export async function addActor(db: Db, notificationId: string, actorId: string, now: string): Promise<StoredNotification | undefined> {
  const added = await db
    .insertInto('notificationActors')
    .values({ notificationId, actorId, createdAt: now })
    .onConflict((oc) => oc.columns(['notificationId', 'actorId']).doNothing())
    .returning('actorId')
    .executeTakeFirst();
  if (!added) return undefined;
  return db
    .updateTable('notifications')
    .set((eb) => ({ actorId, actorCount: eb('actorCount', '+', 1), createdAt: now }))
    .where('id', '=', notificationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * What a person's bell shows of their notifications (lib/visibility.ts): not one whose actor is suspended or on
 * either side of a block with them, nor one whose subject a moderator hid or that is gone (a deleted review,
 * discussion, comment or community). The list and the unread count both use it, so the count is what the list shows.
 */
function shown(userId: string) {
  const t = 'notifications.target_id';
  return sql<SqlBool>`(notifications.actor_id is null or ${personVisible(userId, 'notifications.actor_id')})
    and case notifications.target_type
      when 'review' then exists (select 1 from ratings nr where nr.id = ${sql.ref(t)}) and ${notHidden('review', t)}
      when 'discussion' then exists (select 1 from discussions nd where nd.id = ${sql.ref(t)}) and ${notHidden('discussion', t)}
      when 'comment' then exists (select 1 from comments nk where nk.id = ${sql.ref(t)} and nk.deleted = ${sql`false`}) and ${notHidden('comment', t)}
      when 'community' then exists (select 1 from communities nc where nc.id = ${sql.ref(t)})
      else ${sql`true`} end`;
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where(shown(userId))
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a person's notifications, newest first, after a keyset position; one more than `limit` tells a next page. */
export function notificationRows(db: Db, userId: string, after: { at: string; id: string } | null, limit: number): Promise<StoredNotification[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', userId)
    .where(shown(userId))
    .$if(after !== null, (qb) =>
      qb.where((eb) => eb.or([eb('createdAt', '<', after?.at ?? ''), eb.and([eb('createdAt', '=', after?.at ?? ''), eb('id', '<', after?.id ?? '')])])),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

/** Marks some (or, without ids, all) of a person's unread notifications read. */
export async function markRead(db: Db, userId: string, ids: string[] | undefined): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ readAt: new Date().toISOString() })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids ?? []))
    .execute();
}


/** A message as a live event carries it (the Message contract's fields). */
export function messageForLive(db: Db, id: string) {
  return db.selectFrom('messages').select(['id', 'conversationId', 'senderId', 'text', 'createdAt']).where('id', '=', id).executeTakeFirst();
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/**
 * Erases a closed account's notifications, its part in others' (as an actor) and its notification settings, in one
 * transaction; erasing twice
 * changes nothing.
 */
export async function eraseAccountNotifications(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notificationActors').where('actorId', '=', userId).execute();
    await trx.deleteFrom('notificationActors').where('notificationId', 'in', trx.selectFrom('notifications').select('id').where('userId', '=', userId)).execute();
    await trx.deleteFrom('notifications').where((eb) => eb.or([eb('userId', '=', userId), eb('actorId', '=', userId)])).execute();
    await trx.deleteFrom('notificationOptOuts').where('userId', '=', userId).execute();
  });
}
