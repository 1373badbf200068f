import { randomUUID } from 'node:crypto';
import {
  DISCUSSIONS_PAGE_SIZE,
  type Discussion,
  type DiscussionsPage,
  HOME_CARDS,
  type MembershipState,
  SEARCH_RESULTS_MAX,
  type TrendingDiscussion,
} from '../../../../common/contracts/communities.ts';
import type { CommunityMemberStatus } from '../../db/schema.ts';
import { writeWithEvents } from '../../events/index.ts';
import { conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { targetVisible } from '../../lib/visibility.ts';
import {
  canDeleteDiscussion,
  canEditDiscussion,
  canLockDiscussion,
  canReportComment,
  canReportDiscussion,
  canSeeContent,
  canStartDiscussion,
  membershipOf,
} from './communities.policy.ts';
import { presentDiscussion, presentTrending } from './communities.presenter.ts';
import * as repo from './communities.repository.ts';
import { type Actor, type CommunitiesContext, invalidateHome, NS_HOME_DISCUSSIONS, standing } from './communities.service.ts';

export const discussionNotFound = () => notFound('There is no discussion with that id.', 'discussion_not_found');
const HOME_TTL_MS = 60_000;
/** Top discussions: candidates active in the last 30 days; a day's age weighs as the score's decay says. */
export const TOP_DAYS = 30;
/** Ranking of top discussions: (likes + 2 × comments + 1) / (hours since posted + 2)^1.5. */
export function hotScore(likes: number, comments: number, createdAt: Date | string, now = Date.now()): number {
  const hours = Math.max(0, (now - new Date(createdAt).getTime()) / 3_600_000);
  return (likes + 2 * comments + 1) / (hours + 2) ** 1.5;
}

/**
 * A discussion and the reader's standing in its community; 404 `discussion_not_found` when it does not exist or the
 * reader may not see it (a private community's discussions for anyone but its admin and members).
 */
export async function readable(
  ctx: CommunitiesContext,
  reader: Actor,
  discussionId: string,
  communityId?: string,
): Promise<{ row: repo.DiscussionRow; membership: MembershipState }> {
  const row = await repo.findDiscussionFor(ctx.database.db, discussionId, reader?.id ?? null);
  // The visibility rule (lib/visibility.ts): hidden by a moderator, blocked either way or a suspended author is 404.
  if (!row?.visible || (communityId !== undefined && row.communityId !== communityId)) throw discussionNotFound();
  const status = reader ? await repo.statusOf(ctx.database.db, reader.id, row.communityId) : undefined;
  const membership = membershipOf(reader?.id ?? null, row.communityAdminId, status);
  if (!canSeeContent(repo.truthy(row.isPublic), membership)) throw discussionNotFound();
  return { row, membership };
}

/**
 * Discussions for this reader, in the order given: the caller's query already left out what the reader may not see
 * (private communities and the visibility rule, lib/visibility.ts), so this only reads the rows and the reader's state.
 */
async function present(ctx: CommunitiesContext, reader: Actor, ids: readonly string[]): Promise<Discussion[]> {
  return presentRows(ctx, reader, await repo.findDiscussions(ctx.database.db, ids));
}

/**
 * Discussions already read, for this reader: their likes and standings read beside. `known` gives the reader's
 * standing in a community the caller already read (a community's own page), so it is not read again.
 */
async function presentRows(
  ctx: CommunitiesContext,
  reader: Actor,
  rows: readonly repo.DiscussionRow[],
  known?: { communityId: string; status: CommunityMemberStatus | undefined },
): Promise<Discussion[]> {
  if (!reader) return rows.map((r) => presentDiscussion(r, null, 'none', false));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const unknown = [...new Set(rows.map((r) => r.communityId))].filter((id) => id !== known?.communityId);
  const [liked, statuses] = await Promise.all([repo.likedDiscussions(ctx.database.db, reader.id, ids), repo.statusesOf(ctx.database.db, reader.id, unknown)]);
  if (known?.status !== undefined) statuses.set(known.communityId, known.status);
  return rows.map((r) => presentDiscussion(r, reader.id, membershipOf(reader.id, r.communityAdminId, statuses.get(r.communityId)), liked.has(r.id)));
}

export async function getDiscussion(ctx: CommunitiesContext, reader: Actor, discussionId: string): Promise<Discussion> {
  await readable(ctx, reader, discussionId);
  const [d] = await present(ctx, reader, [discussionId]);
  if (!d) throw discussionNotFound();
  return d;
}

export async function createDiscussion(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  communityId: string,
  input: { title: string; body: string; spoiler?: boolean },
): Promise<Discussion> {
  const { row, membership } = await standing(ctx, actor, communityId);
  authorize(actor, canStartDiscussion(membership), { message: 'Only members of the community may start a discussion: join it first.' });
  const id = randomUUID();
  const now = repo.nextTimestamp();
  const isPublic = repo.truthy(row.isPublic);
  await writeWithEvents(ctx.database, async (trx, emit) => {
    await trx
      .insertInto('discussions')
      .values({
        id,
        communityId,
        authorId: actor.id,
        title: input.title,
        body: input.body,
        spoiler: input.spoiler ?? false,
        locked: false,
        isPublic: isPublic,
        likeCount: 0,
        commentCount: 0,
        createdAt: now,
        editedAt: null,
        lastActivityAt: now,
      })
      .execute();
    await trx
      .updateTable('communities')
      .set((eb) => ({ discussionCount: eb('discussionCount', '+', 1), activityAt: now }))
      .where('id', '=', communityId)
      .execute();
    await emit('discussion.created', { discussionId: id, communityId, authorId: actor.id });
  });
  await invalidateHome(ctx);
  return getDiscussion(ctx, actor, id);
}

export async function updateDiscussion(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  discussionId: string,
  input: { title?: string; body?: string; spoiler?: boolean },
): Promise<Discussion> {
  const { row } = await readable(ctx, actor, discussionId);
  authorize(actor, canEditDiscussion(actor, row), { message: 'Only the author may edit a discussion.' });
  await ctx.database.db
    .updateTable('discussions')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.spoiler !== undefined ? { spoiler: input.spoiler } : {}),
      editedAt: new Date().toISOString(),
    })
    .where('id', '=', discussionId)
    .execute();
  if (repo.truthy(row.isPublic)) await ctx.cache.invalidate(NS_HOME_DISCUSSIONS);
  return getDiscussion(ctx, actor, discussionId);
}

/**
 * The author, or the community's admin, removes a discussion with its comments, likes and reports, recording
 * `discussion.deleted` (it leaves the feed's inboxes).
 */
export async function deleteDiscussion(ctx: CommunitiesContext, actor: NonNullable<Actor>, discussionId: string): Promise<void> {
  const { row, membership } = await readable(ctx, actor, discussionId);
  authorize(actor, canDeleteDiscussion(actor, row, membership), { message: 'Only the author or the community’s admin may delete a discussion.' });
  await writeWithEvents(ctx.database, async (trx, emit) => {
    const gone = await trx.deleteFrom('discussions').where('id', '=', discussionId).returning('id').executeTakeFirst();
    if (gone) {
      await trx
        .updateTable('communities')
        .set((eb) => ({ discussionCount: eb('discussionCount', '-', 1) }))
        .where('id', '=', row.communityId)
        .execute();
      await emit('discussion.deleted', { discussionId, communityId: row.communityId });
    }
  });
  await invalidateHome(ctx);
}

export async function setLocked(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, discussionId: string, locked: boolean) {
  const { membership } = await readable(ctx, actor, discussionId, communityId);
  authorize(actor, canLockDiscussion(membership), { message: 'Only the community’s admin may do that.' });
  await ctx.database.db.updateTable('discussions').set({ locked: locked }).where('id', '=', discussionId).execute();
  return { discussionId, locked };
}

/** Likes are idempotent: liking twice keeps one like; the count changes in the same transaction as the row. */
export async function like(ctx: CommunitiesContext, actor: NonNullable<Actor>, discussionId: string, on: boolean) {
  const { row } = await readable(ctx, actor, discussionId);
  const now = new Date().toISOString();
  const r = await writeWithEvents(ctx.database, async (trx, emit) => {
    const changed = on
      ? (await trx
          .insertInto('discussionLikes')
          .values({ discussionId, userId: actor.id, createdAt: now })
          .onConflict((oc) => oc.columns(['discussionId', 'userId']).doNothing())
          .returning('userId')
          .executeTakeFirst()) !== undefined
      : (await trx.deleteFrom('discussionLikes').where('discussionId', '=', discussionId).where('userId', '=', actor.id).returning('userId').executeTakeFirst()) !==
        undefined;
    if (changed && on) await emit('discussion.liked', { discussionId, authorId: row.authorId, actorId: actor.id });
    if (changed) return { changed, ...(await repo.addToDiscussionCounts(trx, discussionId, { likes: on ? 1 : -1 })) };
    const cur = await trx.selectFrom('discussions').select('likeCount').where('id', '=', discussionId).executeTakeFirstOrThrow();
    return { changed, likeCount: Number(cur.likeCount) };
  });
  if (r.changed && repo.truthy(row.isPublic)) await ctx.cache.invalidate(NS_HOME_DISCUSSIONS);
  return { discussionId, likedByMe: on, likeCount: r.likeCount, changed: r.changed };
}

export async function communityDiscussions(
  ctx: CommunitiesContext,
  reader: Actor,
  communityId: string,
  sort: repo.DiscussionSort,
  page: number,
): Promise<DiscussionsPage> {
  const { row, membership, status } = await standing(ctx, reader, communityId);
  if (!canSeeContent(repo.truthy(row.isPublic), membership)) throw notFound('Only members see the discussions of a private community.', 'not_found');
  const rows = await repo.communityDiscussionRows(ctx.database.db, communityId, reader?.id ?? null, sort, (page - 1) * DISCUSSIONS_PAGE_SIZE, DISCUSSIONS_PAGE_SIZE + 1);
  return {
    results: await presentRows(ctx, reader, rows.slice(0, DISCUSSIONS_PAGE_SIZE), { communityId, status }),
    page,
    pageSize: DISCUSSIONS_PAGE_SIZE,
    hasMore: rows.length > DISCUSSIONS_PAGE_SIZE,
  };
}

export async function allDiscussions(ctx: CommunitiesContext, reader: Actor, sort: repo.DiscussionSort, page: number): Promise<DiscussionsPage> {
  const ids = await repo.visibleDiscussionIds(ctx.database, reader?.id ?? null, sort, (page - 1) * DISCUSSIONS_PAGE_SIZE, DISCUSSIONS_PAGE_SIZE + 1);
  return {
    results: await present(ctx, reader, ids.slice(0, DISCUSSIONS_PAGE_SIZE)),
    page,
    pageSize: DISCUSSIONS_PAGE_SIZE,
    hasMore: ids.length > DISCUSSIONS_PAGE_SIZE,
  };
}

export async function search(ctx: CommunitiesContext, reader: Actor, keyword: string): Promise<Discussion[]> {
  const ids = await repo.visibleDiscussionIds(ctx.database, reader?.id ?? null, 'new', 0, SEARCH_RESULTS_MAX, { keyword });
  return present(ctx, reader, ids);
}

/** A person's discussions (the reader's own when no one is named), newest first: only those the reader may see. */
export async function discussionsBy(ctx: CommunitiesContext, reader: NonNullable<Actor>, authorId: string, page: number): Promise<Discussion[]> {
  const ids = await repo.visibleDiscussionIds(ctx.database, reader.id, 'new', (page - 1) * DISCUSSIONS_PAGE_SIZE, DISCUSSIONS_PAGE_SIZE, { authorId });
  return present(ctx, reader, ids);
}

/** The discussions the reader liked, latest like first; those they may no longer see are left out. */
export async function likedBy(ctx: CommunitiesContext, reader: NonNullable<Actor>, page: number): Promise<Discussion[]> {
  const ids = await repo.likedDiscussionIds(ctx.database, reader.id, (page - 1) * DISCUSSIONS_PAGE_SIZE, DISCUSSIONS_PAGE_SIZE);
  return present(ctx, reader, ids);
}

/** Public discussions ranked by hotScore among those active in the last 30 days; topped up with the newest. */
export async function topDiscussions(ctx: CommunitiesContext): Promise<TrendingDiscussion[]> {
  return ctx.cache.getOrLoad(NS_HOME_DISCUSSIONS, 'top', HOME_TTL_MS, async () => {
    const since = new Date(Date.now() - TOP_DAYS * 86_400_000).toISOString();
    const candidates = await repo.findDiscussions(ctx.database.db, await repo.recentPublicDiscussionIds(ctx.database, since, 500));
    const now = Date.now();
    const ranked = candidates
      .filter((d) => repo.truthy(d.isPublic))
      .map((d) => ({ d, s: hotScore(Number(d.likeCount), Number(d.commentCount), d.createdAt, now) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, HOME_CARDS)
      .map((x) => x.d);
    if (ranked.length < HOME_CARDS) {
      const more = await repo.findDiscussions(ctx.database.db, await repo.newestPublicDiscussionIds(ctx.database, HOME_CARDS * 2));
      for (const d of more) if (ranked.length < HOME_CARDS && !ranked.some((r) => r.id === d.id)) ranked.push(d);
    }
    return ranked.map(presentTrending);
  });
}

/** A report of a discussion (or, with commentId, one of its comments) to the community's admin; once per person. */
export async function report(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  discussionId: string,
  reason: string,
  comment?: { communityId: string; commentId: string },
) {
  const { row, membership } = await readable(ctx, actor, discussionId, comment?.communityId);
  if (comment) {
    const c = await repo.findComment(ctx.database.db, comment.commentId);
    if (!c || c.discussionId !== discussionId || repo.truthy(c.deleted) || !(await targetVisible(ctx.database.db, actor, 'comment', c.id))) {
      throw notFound('There is no comment with that id.', 'comment_not_found');
    }
    authorize(actor, canReportComment(actor, { authorId: c.authorId, deleted: false }), { message: 'You cannot report your own comment.', code: 'own_content' });
  } else {
    const facts = { authorId: row.authorId, isPublic: repo.truthy(row.isPublic), locked: repo.truthy(row.locked) };
    authorize(actor, canReportDiscussion(actor, facts, membership), { message: 'You cannot report your own discussion.', code: 'own_content' });
  }
  const targetId = comment?.commentId ?? discussionId;
  const id = randomUUID();
  const written = await ctx.database.db
    .insertInto('communityReports')
    .values({
      id,
      communityId: row.communityId,
      discussionId,
      commentId: comment?.commentId ?? null,
      targetId,
      reporterId: actor.id,
      reason,
      createdAt: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['targetId', 'reporterId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!written) throw conflict('You have reported this already.', 'already_reported');
  return { reportId: id, message: 'Thanks: the community’s admin will look at it.' };
}
