import type { Kysely } from 'kysely';
import type { ReportTargetType } from '../../../../common/contracts/people.ts';
import type { Db } from '../../db/db.ts';
import type { DB } from '../../db/schema.ts';

export async function roleOf(db: Db, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role;
}

export async function setRole(db: Db, email: string, role: 'member' | 'moderator'): Promise<boolean> {
  const row = await db.updateTable('users').set({ role }).where('email', '=', email.trim().toLowerCase()).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Whose a report's target is (the person, the author, the list's owner, the sender); undefined when there is none. */
export async function reportTargetOwner(db: Db, type: ReportTargetType, id: string): Promise<{ ownerId: string | null } | undefined> {
  switch (type) {
    case 'person':
      return (await db.selectFrom('users').select('id as ownerId').where('id', '=', id).executeTakeFirst()) ?? undefined;
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

/** Whose these targets of one kind are (as reportTargetOwner): one query for them all; a target that is gone is absent. */
export async function targetOwners(db: Db, type: ReportTargetType, ids: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows: { id: string; ownerId: string | null }[] = await (() => {
    switch (type) {
      case 'person':
        return db.selectFrom('users').select(['id', 'id as ownerId']).where('id', 'in', unique).execute();
      case 'review':
        return db.selectFrom('ratings').select(['id', 'userId as ownerId']).where('id', 'in', unique).execute();
      case 'list':
        return db.selectFrom('lists').select(['id', 'ownerId']).where('id', 'in', unique).execute();
      case 'message':
        return db.selectFrom('messages').select(['id', 'senderId as ownerId']).where('id', 'in', unique).execute();
      case 'discussion':
        return db.selectFrom('discussions').select(['id', 'authorId as ownerId']).where('id', 'in', unique).execute();
      case 'comment':
        return db.selectFrom('comments').select(['id', 'authorId as ownerId']).where('id', 'in', unique).execute();
    }
  })();
  return new Map(rows.map((r) => [r.id, r.ownerId]));
}

export async function insertReport(db: Db, r: { id: string; reporterId: string; targetType: ReportTargetType; targetId: string; reason: string }): Promise<void> {
  await db
    .insertInto('reports')
    .values({ ...r, status: 'open', resolvedBy: null, resolution: null, createdAt: new Date().toISOString(), resolvedAt: null })
    .execute();
}

/** A page of reports of one status, newest first; one more than `limit` tells a next page. */
export function reportRows(db: Db, status: 'open' | 'resolved', after: { at: string; id: string } | null, limit: number) {
  return db
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
}

/** Closes a report: whether there was one. */
export async function closeReport(db: Db, id: string, resolvedBy: string, resolution: string | null): Promise<boolean> {
  const row = await db
    .updateTable('reports')
    .set({ status: 'resolved', resolvedBy, resolution, resolvedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertHidden(db: Db, targetType: string, targetId: string, hiddenBy: string): Promise<void> {
  await db
    .insertInto('hiddenContent')
    .values({ targetType, targetId, hiddenBy, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['targetType', 'targetId']).doNothing())
    .execute();
}

export async function deleteHidden(db: Db, targetType: string, targetId: string): Promise<void> {
  await db.deleteFrom('hiddenContent').where('targetType', '=', targetType).where('targetId', '=', targetId).execute();
}

/** Marks an account suspended (or not), in the caller's transaction: whether it exists. */
export async function setSuspended(trx: Db, userId: string, suspended: boolean): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ suspendedAt: suspended ? new Date().toISOString() : null })
    .where('id', '=', userId)
    // A closed account (modules/account) stays out: there is no one left to suspend or restore.
    .where('deletedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/**
 * Erases a closed account's reports and those about it, and its name from what it resolved or hid as a moderator
 * (the decisions stay), in one transaction; erasing twice changes nothing.
 */
export async function eraseAccountModeration(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reports').where('reporterId', '=', userId).execute();
    await trx.deleteFrom('reports').where('targetType', '=', 'person').where('targetId', '=', userId).execute();
    await trx.updateTable('reports').set({ resolvedBy: null }).where('resolvedBy', '=', userId).execute();
    await trx.updateTable('hiddenContent').set({ hiddenBy: null }).where('hiddenBy', '=', userId).execute();
  });
}
