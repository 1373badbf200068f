import { randomUUID } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  COMMUNITIES_PAGE_SIZE,
  type CommunitiesPage,
  type Community,
  GENERAL_COMMUNITY_ID,
  HOME_CARDS,
  type JoinRequest,
  type Member,
  type MembershipChange,
  type MembershipState,
  PENDING_MESSAGE,
  type Report,
} from '../../../../common/contracts/communities.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { CommunityMemberStatus } from '../../db/schema.ts';
import { writeWithEvents } from '../../events/index.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import { AppError, conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { isoOf } from '../../lib/time.ts';
import { requireChosenImage } from '../uploads/index.ts';
import { canJoinAs, canManageCommunity, canSeeMembers, membershipOf } from './communities.policy.ts';
import { type CommunityBase, forReader, presentCommunityBase } from './communities.presenter.ts';
import * as repo from './communities.repository.ts';

export type Actor = { id: string } | null;
export interface CommunitiesContext {
  database: Database;
  cache: Cache;
  /** S3_PUBLIC_URL: stored images may be named by that address too. */
  publicBase?: string;
}

/** Home sections about communities (the same for everyone): dropped on any write that changes them. */
export const NS_HOME_COMMUNITIES = 'home-communities';
/** Top discussions (the same for everyone): dropped on any write to a public discussion, its likes or comments. */
export const NS_HOME_DISCUSSIONS = 'home-discussions';
const HOME_TTL_MS = 60_000;
/** Trending communities look at the last seven days. */
export const TRENDING_DAYS = 7;

export const communityNotFound = () => notFound('There is no community with that id.', 'community_not_found');

export async function invalidateHome(ctx: CommunitiesContext): Promise<void> {
  await Promise.all([ctx.cache.invalidate(NS_HOME_COMMUNITIES), ctx.cache.invalidate(NS_HOME_DISCUSSIONS)]);
}

/** The community and the reader's standing in it; 404 when it does not exist. */
export async function standing(
  ctx: CommunitiesContext,
  reader: Actor,
  communityId: string,
): Promise<{ row: repo.CommunityRow; membership: MembershipState; status: CommunityMemberStatus | undefined }> {
  const found = reader ? await repo.findCommunityFor(ctx.database.db, communityId, reader.id) : await repo.findCommunity(ctx.database.db, communityId).then((row) => row && { row, status: undefined });
  if (!found) throw communityNotFound();
  const { row, status } = found;
  return { row, membership: membershipOf(reader?.id ?? null, row.adminId, status), status };
}

async function requireAdmin(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string) {
  const s = await standing(ctx, actor, communityId);
  authorize(actor, canManageCommunity(s.membership), { message: 'Only the community’s admin may do that.' });
  return s;
}

/** Bases of these communities merged with the reader's standing in each: one query for the standings. */
async function withStandings(ctx: CommunitiesContext, reader: Actor, bases: readonly CommunityBase[]): Promise<Community[]> {
  const statuses = reader
    ? await repo.statusesOf(
        ctx.database.db,
        reader.id,
        bases.map((b) => b.communityId),
      )
    : new Map();
  return bases.map((b) => forReader(b, reader?.id ?? null, membershipOf(reader?.id ?? null, b.userId, statuses.get(b.communityId))));
}

async function basesOf(db: repo.Db, ids: readonly string[]): Promise<CommunityBase[]> {
  return (await repo.findCommunities(db, ids)).map(presentCommunityBase);
}

export async function getCommunity(ctx: CommunitiesContext, reader: Actor, communityId: string): Promise<Community> {
  const { row, membership } = await standing(ctx, reader, communityId);
  return forReader(presentCommunityBase(row), reader?.id ?? null, membership);
}

export const generalCommunity = (ctx: CommunitiesContext, reader: Actor) => getCommunity(ctx, reader, GENERAL_COMMUNITY_ID);

const nameTaken = () => conflict('name: a community with that name exists already.', 'name_taken');

export async function createCommunity(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  input: { name: string; description: string; isPublic: boolean; communityImage?: string | null },
): Promise<Community> {
  const nameKey = input.name.toLowerCase();
  if (input.communityImage) await requireChosenImage(ctx.database.db, input.communityImage, 'communityImage', { ownerId: actor.id, publicBase: ctx.publicBase });
  if (await repo.nameTaken(ctx.database.db, nameKey)) throw nameTaken();
  const id = randomUUID();
  const now = new Date().toISOString();
  try {
    await ctx.database.db
      .insertInto('communities')
      .values({
        id,
        name: input.name,
        nameKey,
        description: input.description,
        isPublic: input.isPublic,
        imageUrl: input.communityImage ?? null,
        adminId: actor.id,
        isGeneral: false,
        memberCount: 0,
        discussionCount: 0,
        activityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  await ctx.cache.invalidate(NS_HOME_COMMUNITIES);
  return getCommunity(ctx, actor, id);
}

export async function updateCommunity(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  communityId: string,
  input: { name?: string; description?: string; isPublic?: boolean; communityImage?: string | null },
): Promise<Community> {
  const { row } = await requireAdmin(ctx, actor, communityId);
  const now = new Date().toISOString();
  // Only a changed image is checked: one kept from before (set by an earlier admin) stays valid.
  if (input.communityImage && input.communityImage !== row.imageUrl)
    await requireChosenImage(ctx.database.db, input.communityImage, 'communityImage', { ownerId: actor.id, publicBase: ctx.publicBase });
  if (input.name !== undefined && (await repo.nameTaken(ctx.database.db, input.name.toLowerCase(), communityId))) throw nameTaken();
  try {
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('communities')
        .set({
          ...(input.name !== undefined ? { name: input.name, nameKey: input.name.toLowerCase() } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
          ...(input.communityImage !== undefined ? { imageUrl: input.communityImage } : {}),
          updatedAt: now,
        })
        .where('id', '=', communityId)
        .execute();
      if (input.isPublic !== undefined && input.isPublic !== repo.truthy(row.isPublic)) {
        await trx.updateTable('discussions').set({ isPublic: input.isPublic }).where('communityId', '=', communityId).execute();
        // Made public: whoever was waiting is let in, as joining a public community does.
        if (input.isPublic) {
          const admitted = await repo.approveAll(trx, communityId);
          if (admitted) await repo.addToMemberCount(trx, communityId, admitted);
        }
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  await invalidateHome(ctx);
  return getCommunity(ctx, actor, communityId);
}

export async function deleteCommunity(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string): Promise<void> {
  await requireAdmin(ctx, actor, communityId);
  await ctx.database.db.deleteFrom('communities').where('id', '=', communityId).execute();
  await invalidateHome(ctx);
}

export async function listCommunities(ctx: CommunitiesContext, reader: Actor, mine: boolean, page: number): Promise<CommunitiesPage> {
  const offset = (page - 1) * COMMUNITIES_PAGE_SIZE;
  let ids: string[];
  if (mine) {
    if (!reader) throw new AppError(401, 'unauthorized', 'You need to sign in first.');
    ids = await repo.myCommunityIds(ctx.database.db, reader.id, offset, COMMUNITIES_PAGE_SIZE + 1);
  } else {
    ids = await repo.communityIdsByMembers(ctx.database.db, offset, COMMUNITIES_PAGE_SIZE + 1);
  }
  const results = await withStandings(ctx, reader, await basesOf(ctx.database.db, ids.slice(0, COMMUNITIES_PAGE_SIZE)));
  return { results, page, pageSize: COMMUNITIES_PAGE_SIZE, hasMore: ids.length > COMMUNITIES_PAGE_SIZE };
}

export async function popularCommunities(ctx: CommunitiesContext, reader: Actor): Promise<Community[]> {
  const bases = await ctx.cache.getOrLoad(NS_HOME_COMMUNITIES, 'popular', HOME_TTL_MS, async () =>
    basesOf(ctx.database.db, await repo.communityIdsByMembers(ctx.database.db, 0, HOME_CARDS)),
  );
  return withStandings(ctx, reader, bases);
}

/**
 * Trending: what happened in the last seven days (a new discussion weighs 3, a new member 1), the most active first;
 * topped up with the most popular communities.
 */
export async function trendingCommunities(ctx: CommunitiesContext, reader: Actor): Promise<Community[]> {
  const bases = await ctx.cache.getOrLoad(NS_HOME_COMMUNITIES, 'trending', HOME_TTL_MS, async () => {
    const since = new Date(Date.now() - TRENDING_DAYS * 86_400_000).toISOString();
    const scores = await repo.recentActivity(ctx.database.db, since);
    const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
    const ids = ranked.slice(0, HOME_CARDS);
    if (ids.length < HOME_CARDS) {
      for (const id of await repo.communityIdsByMembers(ctx.database.db, 0, HOME_CARDS * 2)) {
        if (ids.length >= HOME_CARDS) break;
        if (!ids.includes(id)) ids.push(id);
      }
    }
    return basesOf(ctx.database.db, ids);
  });
  return withStandings(ctx, reader, bases);
}

// ---- Membership -----------------------------------------------------------------------------------

/**
 * Spec 4: a public community makes the caller a member at once; a private one records a pending join request.
 * Joining again answers the standing as it is (idempotent); the admin cannot join (409 `is_admin`).
 */
export async function join(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, userId: string): Promise<MembershipChange> {
  authorize(actor, canJoinAs(actor, userId), { message: 'userId: you can only join as yourself.' });
  const { row, membership } = await standing(ctx, actor, communityId);
  if (membership === 'admin') throw conflict('You are the admin of this community.', 'is_admin');
  const isPublic = repo.truthy(row.isPublic);
  const now = new Date().toISOString();
  const result = await writeWithEvents(ctx.database, async (trx, emit) => {
    const status = isPublic ? 'member' : 'pending';
    const inserted = await repo.insertMembership(trx, communityId, actor.id, status, now);
    if (inserted && status === 'member') await emit('community.joined', { communityId, userId: actor.id });
    if (inserted && status === 'pending' && row.adminId) await emit('community.joinRequested', { communityId, userId: actor.id, adminId: row.adminId });
    if (inserted && status === 'member') return { state: 'member' as const, fresh: true, count: await repo.addToMemberCount(trx, communityId, 1, now) };
    const current = inserted ? status : await repo.statusOf(trx, actor.id, communityId);
    return { state: current === 'member' ? ('member' as const) : ('pending' as const), fresh: inserted, count: await repo.memberCountOf(trx, communityId) };
  });
  if (result.fresh) await ctx.cache.invalidate(NS_HOME_COMMUNITIES);
  const message =
    result.state === 'member'
      ? result.fresh
        ? `You joined ${row.name}!`
        : `You are already a member of ${row.name}.`
      : result.fresh
        ? `Your request to join ${row.name} was sent to its admin.`
        : PENDING_MESSAGE;
  return { communityId, membership: result.state, message, memberCount: result.count };
}

/** Leave a community, or withdraw a pending request; leaving what one is not in answers the same (idempotent). */
export async function leave(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string): Promise<MembershipChange> {
  const { row, membership } = await standing(ctx, actor, communityId);
  if (membership === 'admin') throw conflict('You are the admin of this community: hand the admin role to a member first.', 'is_admin');
  const result = await ctx.database.db.transaction().execute(async (trx) => {
    const had = await repo.deleteMembership(trx, communityId, actor.id);
    const count = had === 'member' ? await repo.addToMemberCount(trx, communityId, -1) : await repo.memberCountOf(trx, communityId);
    return { had, count };
  });
  if (result.had) await ctx.cache.invalidate(NS_HOME_COMMUNITIES);
  const message =
    result.had === 'member'
      ? `You left ${row.name}.`
      : result.had === 'pending'
        ? `Your request to join ${row.name} was withdrawn.`
        : `You are not a member of ${row.name}.`;
  return { communityId, membership: 'none', message, memberCount: result.count };
}

const adminPage = (page: number) => ({ offset: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE + 1 });

export async function members(ctx: CommunitiesContext, reader: Actor, communityId: string, page: number) {
  const { row, membership } = await standing(ctx, reader, communityId);
  authorize(reader, canSeeMembers(repo.truthy(row.isPublic), membership), { message: 'Only members see who is in a private community.' });
  const { offset, limit } = adminPage(page);
  const rows = await repo.membershipPage(ctx.database.db, communityId, 'member', offset, limit);
  const results: Member[] = rows.slice(0, ADMIN_PAGE_SIZE).map((r) => ({
    userId: r.userId,
    displayName: r.displayName,
    imageUrl: r.imageUrl,
    role: 'member',
    joinedAt: isoOf(r.createdAt),
  }));
  if (page === 1 && row.adminId)
    results.unshift({ userId: row.adminId, displayName: row.adminName ?? 'Anonymous', imageUrl: row.adminImage, role: 'admin', joinedAt: isoOf(row.createdAt) });
  return { results, page, pageSize: ADMIN_PAGE_SIZE, hasMore: rows.length > ADMIN_PAGE_SIZE, memberCount: Number(row.memberCount) };
}

export async function joinRequests(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, page: number) {
  await requireAdmin(ctx, actor, communityId);
  const { offset, limit } = adminPage(page);
  const rows = await repo.membershipPage(ctx.database.db, communityId, 'pending', offset, limit);
  const results: JoinRequest[] = rows
    .slice(0, ADMIN_PAGE_SIZE)
    .map((r) => ({ userId: r.userId, displayName: r.displayName, imageUrl: r.imageUrl, requestedAt: isoOf(r.createdAt) }));
  return { results, page, pageSize: ADMIN_PAGE_SIZE, hasMore: rows.length > ADMIN_PAGE_SIZE };
}

export async function approve(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, userId: string) {
  await requireAdmin(ctx, actor, communityId);
  const now = new Date().toISOString();
  const count = await writeWithEvents(ctx.database, async (trx, emit) => {
    if (!(await repo.approveRequest(trx, communityId, userId, now))) return undefined;
    await emit('community.requestApproved', { communityId, userId, adminId: actor.id });
    await emit('community.joined', { communityId, userId });
    return repo.addToMemberCount(trx, communityId, 1, now);
  });
  if (count === undefined) throw notFound('userId: there is no pending request from that person.', 'join_request_not_found');
  await ctx.cache.invalidate(NS_HOME_COMMUNITIES);
  return { communityId, userId, membership: 'member' as const, memberCount: count };
}

export async function reject(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, userId: string) {
  await requireAdmin(ctx, actor, communityId);
  const had = await repo.deleteMembership(ctx.database.db, communityId, userId, 'pending');
  if (!had) throw notFound('userId: there is no pending request from that person.', 'join_request_not_found');
  return { communityId, userId, membership: 'none' as const, memberCount: await repo.memberCountOf(ctx.database.db, communityId) };
}

export async function removeMember(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, userId: string) {
  await requireAdmin(ctx, actor, communityId);
  const count = await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteMembership(trx, communityId, userId, 'member'))) return undefined;
    return repo.addToMemberCount(trx, communityId, -1);
  });
  if (count === undefined) throw notFound('userId: that person is not a member.', 'member_not_found');
  await invalidateHome(ctx);
  return { communityId, userId, membership: 'none' as const, memberCount: count };
}

/** The admin role goes to a member; the old admin stays as a member. Member count is unchanged (one out, one in). */
export async function transferAdmin(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, userId: string): Promise<Community> {
  await requireAdmin(ctx, actor, communityId);
  const now = new Date().toISOString();
  const done = await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteMembership(trx, communityId, userId, 'member'))) return false;
    await repo.insertMembership(trx, communityId, actor.id, 'member', now);
    await trx.updateTable('communities').set({ adminId: userId, updatedAt: now }).where('id', '=', communityId).execute();
    return true;
  });
  if (!done) throw notFound('userId: that person is not a member.', 'member_not_found');
  await invalidateHome(ctx);
  return getCommunity(ctx, actor, communityId);
}

export async function reports(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, page: number) {
  await requireAdmin(ctx, actor, communityId);
  const { offset, limit } = adminPage(page);
  const rows = await repo.reportsPage(ctx.database.db, communityId, offset, limit);
  const results: Report[] = rows.slice(0, ADMIN_PAGE_SIZE).map((r) => ({
    reportId: r.id,
    communityId: r.communityId,
    targetType: r.commentId ? 'comment' : 'discussion',
    discussionId: r.discussionId,
    commentId: r.commentId,
    excerpt: r.commentId ? (r.commentText ?? '').slice(0, 200) : r.discussionTitle,
    reason: r.reason,
    reporter: r.reporterName !== null ? { userId: r.reporterId, displayName: r.reporterName, imageUrl: r.reporterImage } : null,
    createdAt: isoOf(r.createdAt),
  }));
  return { results, page, pageSize: ADMIN_PAGE_SIZE, hasMore: rows.length > ADMIN_PAGE_SIZE };
}

export async function dismissReport(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, reportId: string) {
  await requireAdmin(ctx, actor, communityId);
  const row = await ctx.database.db
    .deleteFrom('communityReports')
    .where('id', '=', reportId)
    .where('communityId', '=', communityId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('There is no such report in this community.', 'report_not_found');
  return { reportId, dismissed: true as const };
}
