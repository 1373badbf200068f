import { randomUUID } from 'node:crypto';
import { LEVELS } from '../../../../common/contracts/levels.ts';
import type { Notification, NotificationKind } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { cardsOf, type Db, decodeCursor, encodeCursor, iso } from './people.shared.ts';

export interface NotifyInput {
  /** Who is told. */
  userId: string;
  kind: NotificationKind;
  /** Who did it (null for the system, e.g. a level reached). */
  actorId: string | null;
  /** What it is about: 'user', 'review', 'discussion', 'comment', 'community', 'level'. */
  targetType: string;
  targetId: string;
}

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

/**
 * Records a notification. While a person has not read a notification of the same kind and target, a new actor joins
 * it (its count goes up and it moves to the top) instead of making another row: bursts group ('Ana and 12 others
 * liked your review'). The same actor again changes nothing (liking, unliking and liking again is one like).
 * Nobody is told of their own doing, nor of what someone they blocked, who blocked them or whom they muted did.
 * Answers the notification when it is new or changed (the caller publishes it), else null.
 * Safe inside a caller's transaction.
 */
export async function notify(db: Db, input: NotifyInput): Promise<StoredNotification | null> {
  const { userId, actorId } = input;
  if (actorId !== null) {
    if (actorId === userId) return null;
    const barrier = await db
      .selectFrom('blocks')
      .select('blockerId')
      .where((eb) =>
        eb.or([eb.and([eb('blockerId', '=', userId), eb('blockedId', '=', actorId)]), eb.and([eb('blockerId', '=', actorId), eb('blockedId', '=', userId)])]),
      )
      .unionAll(db.selectFrom('mutes').select('userId as blockerId').where('userId', '=', userId).where('targetType', '=', 'user').where('targetId', '=', actorId))
      .executeTakeFirst();
    if (barrier) return null;
  }
  const now = new Date().toISOString();
  const findOpen = () =>
    db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', userId)
      .where('kind', '=', input.kind)
      .where('targetType', '=', input.targetType)
      .where('targetId', '=', input.targetId)
      .where('readAt', 'is', null)
      .executeTakeFirst();
  let open = await findOpen();
  if (!open) {
    const id = randomUUID();
    // The unique index over unread notifications of a kind and target: of two made at once, one is kept.
    const row = await db
      .insertInto('notifications')
      .values({ id, userId, kind: input.kind, targetType: input.targetType, targetId: input.targetId, actorId, actorCount: 1, readAt: null, createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'kind', 'targetType', 'targetId']).where('readAt', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) {
      if (actorId !== null) await db.insertInto('notificationActors').values({ notificationId: id, actorId, createdAt: now }).execute();
      return row;
    }
    open = await findOpen();
    if (!open) return null;
  }
  if (actorId === null) return null;
  const added = await db
    .insertInto('notificationActors')
    .values({ notificationId: open.id, actorId, createdAt: now })
    .onConflict((oc) => oc.columns(['notificationId', 'actorId']).doNothing())
    .returning('actorId')
    .executeTakeFirst();
  if (!added) return null;
  return db
    .updateTable('notifications')
    .set((eb) => ({ actorId, actorCount: eb('actorCount', '+', 1), createdAt: now }))
    .where('id', '=', open.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const VERBS: Record<NotificationKind, string> = {
  follow: 'followed you',
  review_like: 'liked your review',
  discussion_like: 'liked your discussion',
  comment_like: 'liked your comment',
  discussion_reply: 'replied to your discussion',
  comment_reply: 'replied to your comment',
  join_request: 'asked to join your community',
  request_approved: 'approved your request to join',
  level_reached: 'You reached a new level',
};

/** A level notification names the level ('You reached Reel Buff'); its target is the level's id. */
export function notificationText(kind: NotificationKind, actorName: string | null, others: number, targetId?: string): string {
  const level = kind === 'level_reached' ? LEVELS.find((l) => l.id === targetId) : undefined;
  if (level) return `You reached ${level.name}`;
  const verb = VERBS[kind] ?? 'did something';
  if (kind === 'level_reached' || actorName === null) return kind === 'level_reached' ? verb : `Someone ${verb}`;
  if (others <= 0) return `${actorName} ${verb}`;
  return `${actorName} and ${others} ${others === 1 ? 'other' : 'others'} ${verb}`;
}

export async function presentNotifications(db: Db, rows: StoredNotification[]): Promise<Notification[]> {
  const cards = await cardsOf(
    db,
    rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
  );
  return rows.map((r) => {
    const actor = r.actorId ? (cards.get(r.actorId) ?? null) : null;
    const kind = r.kind as NotificationKind;
    const others = Math.max(0, Number(r.actorCount) - 1);
    return {
      id: r.id,
      kind,
      targetType: r.targetType,
      targetId: r.targetId,
      actor,
      othersCount: others,
      text: notificationText(kind, actor ? actor.displayName || 'User' : null, others, r.targetId),
      read: r.readAt !== null,
      createdAt: iso(r.createdAt),
    };
  });
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const NOTIFICATIONS_PAGE = 20;

/** A person's notifications, newest first, keyset-paginated. */
export async function listNotifications(database: Database, userId: string, q: { cursor?: string; limit?: number }) {
  const limit = q.limit ?? NOTIFICATIONS_PAGE;
  const after = decodeCursor(q.cursor);
  const rows = await database.db
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', userId)
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([eb('createdAt', '<', after?.at ?? ''), eb.and([eb('createdAt', '=', after?.at ?? ''), eb('id', '<', after?.id ?? '')])]),
      ),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    results: await presentNotifications(database.db, shown),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    unreadCount: await unreadCount(database.db, userId),
  };
}

/** Marks some (or, without ids, all) of a person's notifications read; others' ids are ignored. */
export async function markRead(database: Database, userId: string, ids: string[] | undefined): Promise<number> {
  if (ids !== undefined && ids.length === 0) throw badRequest('ids: give at least one id, or leave ids out to mark all read.', 'validation_error');
  await database.db
    .updateTable('notifications')
    .set({ readAt: new Date().toISOString() })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids ?? []))
    .execute();
  return unreadCount(database.db, userId);
}
