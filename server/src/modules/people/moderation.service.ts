import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { canModerate, canSuspend } from './people.policy.ts';
import { cardsOf, type Db, decodeCursor, encodeCursor, iso, userNotFound } from './people.shared.ts';

/** Moderators are set from the command line (`npm run admin -- grant-moderator <email>`); the role is read on every call. */
export async function requireModerator(database: Database, actor: SessionUser): Promise<void> {
  const row = await database.db.selectFrom('users').select('role').where('id', '=', actor.id).executeTakeFirst();
  authorize(actor, canModerate(actor, row?.role), { message: 'Only moderators may do this.' });
}

export async function setRole(db: Db, email: string, role: 'member' | 'moderator'): Promise<boolean> {
  const row = await db.updateTable('users').set({ role }).where('email', '=', email.trim().toLowerCase()).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function listReports(database: Database, status: 'open' | 'resolved', q: { cursor?: string; limit?: number }) {
  const limit = q.limit ?? 20;
  const after = decodeCursor(q.cursor);
  const rows = await database.db
    .selectFrom('reports')
    .selectAll()
    .where('status', '=', status)
    .$if(after !== null, (qb) =>
      qb.where((eb) => eb.or([eb('createdAt', '<', after?.at ?? ''), eb.and([eb('createdAt', '=', after?.at ?? ''), eb('id', '<', after?.id ?? '')])])),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit);
  const cards = await cardsOf(
    database.db,
    shown.map((r) => r.reporterId),
  );
  const last = shown.at(-1);
  return {
    results: shown.map((r) => ({
      id: r.id,
      reporter: cards.get(r.reporterId) ?? null,
      targetType: r.targetType as 'person',
      targetId: r.targetId,
      reason: r.reason,
      status: r.status,
      resolution: r.resolution,
      createdAt: iso(r.createdAt),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export async function resolveReport(database: Database, actor: SessionUser, id: string, resolution: string | undefined) {
  const row = await database.db
    .updateTable('reports')
    .set({ status: 'resolved', resolvedBy: actor.id, resolution: resolution || null, resolvedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('There is no report with that id.', 'report_not_found');
  return { id, status: 'resolved' as const };
}

/** Hidden content: kept out of the feed and activity here; the modules owning each kind read `isHidden` too. */
export async function hide(database: Database, actor: SessionUser, targetType: string, targetId: string, hidden: boolean) {
  if (hidden) {
    await database.db
      .insertInto('hiddenContent')
      .values({ targetType, targetId, hiddenBy: actor.id, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['targetType', 'targetId']).doNothing())
      .execute();
  } else {
    await database.db.deleteFrom('hiddenContent').where('targetType', '=', targetType).where('targetId', '=', targetId).execute();
  }
  return { targetType, targetId, hidden };
}

export async function isHidden(db: Db, targetType: string, targetId: string): Promise<boolean> {
  return (await db.selectFrom('hiddenContent').select('targetId').where('targetType', '=', targetType).where('targetId', '=', targetId).executeTakeFirst()) !== undefined;
}

/**
 * Suspends (or restores) an account. A suspended account's sessions end at once: its session rows are deleted, the
 * session lookup refuses suspended accounts (a session made afterwards does not work either), and the caller drops
 * the cached sessions on every instance.
 */
export async function suspend(database: Database, actor: SessionUser, userId: string, suspended: boolean) {
  authorize(actor, canSuspend(actor, userId), { message: 'You cannot suspend yourself.' });
  await database.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ suspendedAt: suspended ? new Date().toISOString() : null })
      .where('id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw userNotFound();
    if (suspended) await trx.deleteFrom('sessions').where('userId', '=', userId).execute();
  });
  return { userId, suspended };
}
