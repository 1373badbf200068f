import { randomUUID } from 'node:crypto';
import type { ReportTargetType } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import type { Db } from '../../db/db.ts';
import { type Outbox, writeWithEvents } from '../../events/index.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor.ts';
import { notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { isoOf } from '../../lib/time.ts';
import { contentHidden, type HiddenKind, hiddenAmong, suspendedAmong, targetVisible } from '../../lib/visibility.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { SessionCache } from '../../plugins/session-cache.ts';
import { endSessions } from '../auth/index.ts';
import { cardsOf, userNotFound } from '../profiles/index.ts';
import { canModerate, canReport, canSuspend } from './moderation.policy.ts';
import * as repo from './moderation.repository.ts';

/** What moderation reaches beyond the database: the shared caches a hide drops. */
export interface ModerationContext {
  database: Database;
  cache: Cache;
}

/** Moderators are set from the command line (`npm run admin -- grant-moderator <email>`); the role is read on every call. */
export async function requireModerator(database: Database, actor: SessionUser): Promise<void> {
  authorize(actor, canModerate(actor, await repo.roleOf(database.db, actor.id)), { message: 'Only moderators may do this.' });
}

export function setRole(db: Db, email: string, role: 'member' | 'moderator'): Promise<boolean> {
  return repo.setRole(db, email, role);
}

/**
 * The target of a report and whose it is; undefined when it is not there for the reporter. What the reporter cannot
 * see (lib/visibility.ts: private, hidden, blocked either way, others' conversations) is not there for them; a person
 * may be reported while they exist, even one who blocked the reporter.
 */
async function reportTarget(db: Db, actor: SessionUser, type: ReportTargetType, id: string): Promise<{ ownerId: string | null } | undefined> {
  if (type !== 'person' && !(await targetVisible(db, actor, type, id))) return undefined;
  return repo.reportTargetOwner(db, type, id);
}

export async function report(database: Database, actor: SessionUser, input: { targetType: ReportTargetType; targetId: string; reason: string }) {
  const target = await reportTarget(database.db, actor, input.targetType, input.targetId);
  if (!target) throw notFound(`targetId: there is no ${input.targetType} with that id.`, 'target_not_found');
  authorize(actor, canReport(actor, target), {
    message: input.targetType === 'person' ? 'targetId: you cannot report yourself.' : `targetId: you cannot report your own ${input.targetType}.`,
    code: 'own_content',
  });
  const id = randomUUID();
  await repo.insertReport(database.db, { id, reporterId: actor.id, targetType: input.targetType, targetId: input.targetId, reason: input.reason });
  return { id, status: 'open' as const };
}

/** Reports of one status, newest first, keyset-paginated (moderators only). */
export async function listReports(database: Database, actor: SessionUser, status: 'open' | 'resolved', q: { cursor?: string; limit?: number }) {
  await requireModerator(database, actor);
  const limit = q.limit ?? 20;
  const rows = await repo.reportRows(database.db, status, decodeCursor(q.cursor), limit);
  const shown = rows.slice(0, limit);
  // Each target's owner (the person, the author, the owner, the sender), whether it is hidden now and whether its owner
  // is suspended: one query per kind of target, so the queue offers Hide or Unhide, Suspend or Restore as they stand.
  const kinds = [...new Set(shown.map((r) => r.targetType as ReportTargetType))];
  const idsOf = (kind: ReportTargetType) => shown.filter((r) => r.targetType === kind).map((r) => r.targetId);
  const [owners, hidden] = await Promise.all([
    Promise.all(kinds.map(async (kind) => [kind, await repo.targetOwners(database.db, kind, idsOf(kind))] as const)).then((e) => new Map<string, Map<string, string | null>>(e)),
    Promise.all(
      kinds.filter((k): k is HiddenKind => k !== 'person').map(async (kind) => [kind, await hiddenAmong(database.db, kind, idsOf(kind))] as const),
    ).then((e) => new Map<string, Set<string>>(e)),
  ]);
  const ownerOf = (r: { targetType: string; targetId: string }) => owners.get(r.targetType)?.get(r.targetId) ?? null;
  const ownerIds = shown.map(ownerOf).filter((id): id is string => id !== null);
  const [cards, suspended] = await Promise.all([cardsOf(database.db, [...shown.map((r) => r.reporterId), ...ownerIds]), suspendedAmong(database.db, ownerIds)]);
  const last = shown.at(-1);
  return {
    results: shown.map((r) => {
      const ownerId = ownerOf(r);
      return {
      id: r.id,
      reporter: cards.get(r.reporterId) ?? null,
      targetType: r.targetType as 'person',
      targetId: r.targetId,
      targetOwner: ownerId ? (cards.get(ownerId) ?? null) : null,
      targetHidden: hidden.get(r.targetType)?.has(r.targetId) ?? false,
      ownerSuspended: ownerId ? suspended.has(ownerId) : false,
      reason: r.reason,
      status: r.status,
      resolution: r.resolution,
      createdAt: isoOf(r.createdAt),
    };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export async function resolveReport(database: Database, actor: SessionUser, id: string, resolution: string | undefined) {
  await requireModerator(database, actor);
  if (!(await repo.closeReport(database.db, id, actor.id, resolution || null))) throw notFound('There is no report with that id.', 'report_not_found');
  return { id, status: 'resolved' as const };
}

/**
 * Hides (or shows again) content. The modules showing each kind leave out what the hidden_content table names
 * (lib/visibility.ts); the shared caches holding that kind are dropped.
 */
export async function hide(ctx: ModerationContext, actor: SessionUser, targetType: HiddenKind, targetId: string, hidden: boolean) {
  await requireModerator(ctx.database, actor);
  if (hidden) await repo.insertHidden(ctx.database.db, targetType, targetId, actor.id);
  else await repo.deleteHidden(ctx.database.db, targetType, targetId);
  await contentHidden(ctx.cache, targetType);
  return { targetType, targetId, hidden };
}

/**
 * Suspends (or restores) an account. A suspended account's sessions end at once: its session rows are deleted and
 * `person.suspended` (or `person.restored`) is recorded in the same transaction; the session lookup refuses suspended
 * accounts (a session made afterwards does not work either). Its delivery, in this process before this answers,
 * drops the cached sessions on every instance (`moderation.dropSessions`, below) and signs out its open pages.
 */
export async function suspend(ctx: ModerationContext, actor: SessionUser, userId: string, suspended: boolean) {
  await requireModerator(ctx.database, actor);
  authorize(actor, canSuspend(actor, userId), { message: 'You cannot suspend yourself.' });
  await writeWithEvents(ctx.database, async (trx, emit) => {
    if (!(await repo.setSuspended(trx, userId, suspended))) throw userNotFound();
    if (suspended) await endSessions(trx, userId);
    await emit(suspended ? 'person.suspended' : 'person.restored', { userId });
  });
  return { userId, suspended };
}

/**
 * A suspension or its end: the person's cached sessions are forgotten (here and, through the cache's channel, on
 * every instance), so a suspended person's next request is refused and a restored one's session reads them afresh.
 * Forgetting is harmless when repeated.
 */
export function subscribeSuspensions(outbox: Outbox, sessionCache: SessionCache<SessionUser>): void {
  outbox.subscribe('moderation.dropSessions', ['person.suspended', 'person.restored'], ({ data }) => sessionCache.forgetUser(data.userId));
}
