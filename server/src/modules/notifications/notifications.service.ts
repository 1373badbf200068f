import { type Notification, type NotificationKind, NotificationKindSchema, type NotificationPreferences } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import type { Db } from '../../db/db.ts';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { cardsOf } from '../profiles/index.ts';
import { presentNotification } from './notifications.presenter.ts';
import type { StoredNotification } from './notifications.repository.ts';
import * as repo from './notifications.repository.ts';

export const unreadCount = repo.unreadCount;

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

/**
 * Records a notification. While a person has not read a notification of the same kind and target, a new actor joins
 * it (its count goes up and it moves to the top) instead of making another row: bursts group ('Ana and 12 others
 * liked your review'). The same actor again changes nothing (liking, unliking and liking again is one like).
 * Nobody is told of their own doing, nor of what someone they blocked, who blocked them or whom they muted did, nor
 * of a kind they turned off (`/api/notifications/preferences`). Answers the notification when it is new or changed (the caller publishes it), else null.
 * Safe inside a caller's transaction.
 */
export async function notify(db: Db, input: NotifyInput): Promise<StoredNotification | null> {
  const { actorId } = input;
  if (actorId !== null) {
    if (actorId === input.userId) return null;
    if (await repo.barrierBetween(db, input.userId, actorId)) return null;
  }
  if (await repo.optedOut(db, input.userId, input.kind)) return null;
  const now = new Date().toISOString();
  let open = await repo.findOpen(db, input);
  if (!open) {
    const row = await repo.insertOpen(db, input, actorId, now);
    if (row) return row;
    open = await repo.findOpen(db, input);
    if (!open) return null;
  }
  if (actorId === null) return null;
  return (await repo.addActor(db, open.id, actorId, now)) ?? null;
}

export async function presentNotifications(db: Db, rows: StoredNotification[]): Promise<Notification[]> {
  const cards = await cardsOf(
    db,
    rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
  );
  return rows.map((r) => presentNotification(r, cards));
}

export const NOTIFICATIONS_PAGE = 20;

/** A person's notifications, newest first, keyset-paginated. */
export async function listNotifications(database: Database, userId: string, q: { cursor?: string; limit?: number }) {
  const limit = q.limit ?? NOTIFICATIONS_PAGE;
  const rows = await repo.notificationRows(database.db, userId, decodeCursor(q.cursor), limit);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    results: await presentNotifications(database.db, shown),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    unreadCount: await repo.unreadCount(database.db, userId),
  };
}

/** Marks some (or, without ids, all) of a person's notifications read; others' ids are ignored. */
export async function markRead(database: Database, userId: string, ids: string[] | undefined): Promise<number> {
  if (ids !== undefined && ids.length === 0) throw badRequest('ids: give at least one id, or leave ids out to mark all read.', 'validation_error');
  await repo.markRead(database.db, userId, ids);
  return repo.unreadCount(database.db, userId);
}

/** Which kinds of notification the person receives: every kind, in the contract's order, on unless turned off. */
export async function preferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const off = await repo.optOutsOf(db, userId);
  return { kinds: NotificationKindSchema.options.map((kind) => ({ kind, enabled: !off.has(kind) })) };
}

/** Turns kinds on or off; kinds not named keep their setting. What was already told stays. */
export async function setPreferences(db: Db, userId: string, kinds: readonly { kind: NotificationKind; enabled: boolean }[]): Promise<NotificationPreferences> {
  await repo.setOptOuts(db, userId, kinds, new Date().toISOString());
  return preferences(db, userId);
}
