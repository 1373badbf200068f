import { randomUUID } from 'node:crypto';
import {
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentCollapsed,
  type CommentLocation,
  type CommentsPage,
  FIRST_REPLIES,
  type MembershipState,
  type RepliesPage,
} from '../../../../common/contracts/communities.ts';
import { writeWithEvents } from '../../events/index.ts';
import { AppError, conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { blockedEitherWay, blocksAmong, canSee, hiddenAmong, suspendedAmong, targetVisible } from '../../lib/visibility.ts';
import { canDeleteComment, canEditComment } from './communities.policy.ts';
import { presentComment } from './communities.presenter.ts';
import * as repo from './communities.repository.ts';
import { type Actor, type CommunitiesContext, NS_HOME_COMMUNITIES, NS_HOME_DISCUSSIONS } from './communities.service.ts';
import { readable } from './discussions.service.ts';

export const commentNotFound = () => notFound('There is no comment with that id.', 'comment_not_found');
const blockedByAuthor = () => new AppError(403, 'blocked', 'You cannot reply here: one of you blocked the other.');
const locked = () => conflict('This discussion is locked: it takes no new comments.', 'locked');

/** The comment in this discussion, which the reader may see; 404 otherwise. */
async function readableComment(ctx: CommunitiesContext, reader: Actor, communityId: string, discussionId: string, commentId: string) {
  const d = await readable(ctx, reader, discussionId, communityId);
  const comment = await repo.findComment(ctx.database.db, commentId);
  if (!comment || comment.discussionId !== discussionId) throw commentNotFound();
  return { ...d, comment };
}

/** Comments with their first replies, as everyone sees them (no reader state): what the shared cache keeps. */
interface Thread {
  rows: repo.CommentRow[];
  replies: repo.CommentRow[];
  hasMore: boolean;
}

async function loadThread(ctx: CommunitiesContext, rows: readonly repo.CommentRow[], pageSize: number): Promise<Thread> {
  const shown = rows.slice(0, pageSize);
  const parents = shown.filter((r) => Number(r.replyCount) > 0).map((r) => r.id);
  return { rows: shown, replies: await repo.firstRepliesOf(ctx.database.db, parents, FIRST_REPLIES), hasMore: rows.length > pageSize };
}

/**
 * A thread for this reader: their likes (one query) and what they may do. A comment the reader may not see
 * (lib/visibility.ts: a moderator hid it, they and its author blocked one another, its author is suspended) keeps its
 * place collapsed, with its replies, so the thread stays whole and the comments shown add up to `commentCount`; it
 * says why only as far as the reader may know (`collapsed`). The shared cache keeps the thread as everyone sees it,
 * so this is decided per reader: three indexed queries for the whole page.
 */
async function forReader(ctx: CommunitiesContext, reader: Actor, membership: MembershipState, isLocked: boolean, thread: Thread): Promise<Comment[]> {
  const all = [...thread.rows, ...thread.replies];
  const readerId = reader?.id ?? null;
  const authors = all.map((r) => r.authorId);
  const [liked, hidden, blocks, suspended] = await Promise.all([
    reader
      ? repo.likedComments(
          ctx.database.db,
          reader.id,
          all.map((r) => r.id),
        )
      : Promise.resolve(new Set<string>()),
    hiddenAmong(
      ctx.database.db,
      'comment',
      all.map((r) => r.id),
    ),
    blocksAmong(ctx.database.db, readerId, authors),
    suspendedAmong(ctx.database.db, authors),
  ]);
  const collapsedOf = (r: repo.CommentRow): CommentCollapsed | null => {
    const facts = {
      authorId: r.authorId,
      hidden: hidden.has(r.id),
      blocked: r.authorId !== null && (blocks.byReader.has(r.authorId) || blocks.ofReader.has(r.authorId)),
      authorSuspended: r.authorId !== null && suspended.has(r.authorId),
    };
    if (canSee(reader, facts)) return null;
    if (facts.hidden) return 'removed';
    // Only the reader's own block is named; being blocked, or a suspension, is just "not available".
    return r.authorId !== null && blocks.byReader.has(r.authorId) ? 'blocked' : 'unavailable';
  };
  return thread.rows.map((r) =>
    presentComment(
      r,
      thread.replies.filter((x) => x.parentId === r.id),
      readerId,
      membership,
      liked,
      isLocked,
      collapsedOf,
    ),
  );
}

/**
 * Pages of comments and replies come from the shared cache, under a generation of their discussion that every
 * comment write and comment like of that discussion replaces: a page is never read after its discussion changed.
 * Whether the reader may see the discussion is decided from the database first, on every request.
 */
const NS_THREADS = 'comment-threads';
const NS_THREAD_GENERATION = 'comment-thread-generation';
const THREAD_TTL_MS = 60_000;

async function generationOf(ctx: CommunitiesContext, discussionId: string): Promise<string> {
  const known = await ctx.cache.get<string>(NS_THREAD_GENERATION, discussionId);
  if (known) return known;
  const fresh = randomUUID();
  await ctx.cache.set(NS_THREAD_GENERATION, discussionId, fresh, 24 * 3_600_000);
  return fresh;
}

/** After a comment write or like: the discussion's cached pages are never read again. */
export async function threadChanged(ctx: CommunitiesContext, discussionId: string): Promise<void> {
  await ctx.cache.set(NS_THREAD_GENERATION, discussionId, randomUUID(), 24 * 3_600_000);
}

function cachedThread(ctx: CommunitiesContext, discussionId: string, key: string, load: () => Promise<Thread>): Promise<Thread> {
  return generationOf(ctx, discussionId).then((generation) => ctx.cache.getOrLoad(NS_THREADS, `${discussionId}:${generation}:${key}`, THREAD_TTL_MS, load));
}

async function withReplies(ctx: CommunitiesContext, reader: Actor, membership: MembershipState, isLocked: boolean, rows: readonly repo.CommentRow[]): Promise<Comment[]> {
  return forReader(ctx, reader, membership, isLocked, await loadThread(ctx, rows, rows.length));
}

export async function comments(ctx: CommunitiesContext, reader: Actor, communityId: string, discussionId: string, page: number): Promise<CommentsPage> {
  const { row, membership } = await readable(ctx, reader, discussionId, communityId);
  const isLocked = repo.truthy(row.locked);
  const thread = await cachedThread(ctx, discussionId, `top:${page}`, async () =>
    loadThread(ctx, await repo.topComments(ctx.database.db, discussionId, (page - 1) * COMMENTS_PAGE_SIZE, COMMENTS_PAGE_SIZE + 1), COMMENTS_PAGE_SIZE),
  );
  return {
    results: await forReader(ctx, reader, membership, isLocked, thread),
    page,
    pageSize: COMMENTS_PAGE_SIZE,
    hasMore: thread.hasMore,
    commentCount: Number(row.commentCount),
    locked: isLocked,
  };
}

export async function replies(
  ctx: CommunitiesContext,
  reader: Actor,
  communityId: string,
  discussionId: string,
  commentId: string,
  page: number,
): Promise<RepliesPage> {
  const { row, membership } = await readableComment(ctx, reader, communityId, discussionId, commentId);
  const thread = await cachedThread(ctx, discussionId, `${commentId}:${page}`, async () =>
    loadThread(ctx, await repo.repliesOf(ctx.database.db, commentId, (page - 1) * COMMENTS_PAGE_SIZE, COMMENTS_PAGE_SIZE + 1), COMMENTS_PAGE_SIZE),
  );
  return {
    results: await forReader(ctx, reader, membership, repo.truthy(row.locked), thread),
    page,
    pageSize: COMMENTS_PAGE_SIZE,
    hasMore: thread.hasMore,
  };
}

/**
 * Where a comment is shown, for a link to it: its discussion, its top-level comment and the page of the discussion's
 * comments holding that one. The visibility rule first (lib/visibility.ts): what the reader may not see is 404.
 */
export async function location(ctx: CommunitiesContext, reader: Actor, commentId: string): Promise<CommentLocation> {
  if (!(await targetVisible(ctx.database.db, reader, 'comment', commentId))) throw commentNotFound();
  const comment = await repo.findComment(ctx.database.db, commentId);
  if (!comment) throw commentNotFound();
  let top = comment;
  // A reply's ancestors, up to its top-level comment: one short lookup per level (threads are a few levels deep).
  while (top.parentId) {
    const parent = await repo.findComment(ctx.database.db, top.parentId);
    if (!parent) break;
    top = parent;
  }
  const before = await repo.topCommentsBefore(ctx.database.db, top.discussionId, top.id);
  return {
    commentId: comment.id,
    communityId: comment.communityId,
    discussionId: comment.discussionId,
    threadId: top.id,
    page: Math.floor(before / COMMENTS_PAGE_SIZE) + 1,
  };
}

async function one(ctx: CommunitiesContext, reader: Actor, membership: MembershipState, isLocked: boolean, commentId: string): Promise<Comment> {
  const row = await repo.findComment(ctx.database.db, commentId);
  if (!row) throw commentNotFound();
  const [c] = await withReplies(ctx, reader, membership, isLocked, [row]);
  return c;
}

/**
 * Anyone signed in who may read the discussion comments on it (a private community's members; anyone in a public
 * one). A reply names its parent, a comment of the same discussion that is not deleted. The discussion's comment
 * count and the parent's reply count change in the same transaction as the row.
 */
export async function createComment(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  communityId: string,
  discussionId: string,
  input: { text: string; parentId?: string | null; spoiler?: boolean },
): Promise<Comment> {
  const { row, membership } = await readable(ctx, actor, discussionId, communityId);
  if (repo.truthy(row.locked)) throw locked();
  let depth = 0;
  let parentAuthorId: string | null = null;
  if (input.parentId) {
    const parent = await repo.findComment(ctx.database.db, input.parentId);
    if (!parent || parent.discussionId !== discussionId) throw notFound('parentId: there is no such comment in this discussion.', 'comment_not_found');
    if (repo.truthy(parent.deleted)) throw conflict('parentId: that comment was deleted; it takes no replies.', 'deleted');
    depth = Number(parent.depth) + 1;
    parentAuthorId = parent.authorId;
  }
  // Someone who blocked the commenter, or whom the commenter blocked, takes no comments or replies from them.
  for (const authorId of new Set([row.authorId, parentAuthorId])) {
    if (authorId && authorId !== actor.id && (await blockedEitherWay(ctx.database.db, actor.id, authorId))) throw blockedByAuthor();
  }
  const id = randomUUID();
  const now = repo.nextTimestamp();
  await writeWithEvents(ctx.database, async (trx, emit) => {
    // The discussion's row first: it orders every comment write of the discussion (PostgreSQL locks it here), and a
    // lock that came in the meantime is seen (the transaction then rolls back).
    const d = await trx
      .updateTable('discussions')
      .set((eb) => ({ commentCount: eb('commentCount', '+', 1), lastActivityAt: now }))
      .where('id', '=', discussionId)
      .returning('locked')
      .executeTakeFirst();
    if (!d) throw notFound('There is no discussion with that id.', 'discussion_not_found');
    if (repo.truthy(d.locked)) throw locked();
    await trx
      .insertInto('comments')
      .values({
        id,
        discussionId,
        communityId,
        parentId: input.parentId ?? null,
        depth,
        authorId: actor.id,
        text: input.text,
        spoiler: input.spoiler ?? false,
        deleted: false,
        likeCount: 0,
        replyCount: 0,
        createdAt: now,
        editedAt: null,
      })
      .execute();
    if (input.parentId) await repo.addToCommentCounts(trx, input.parentId, { replies: 1 });
    await trx.updateTable('communities').set({ activityAt: now }).where('id', '=', communityId).execute();
    await emit('comment.created', {
      commentId: id,
      discussionId,
      authorId: actor.id,
      parentId: input.parentId ?? null,
      parentAuthorId,
      discussionAuthorId: row.authorId,
    });
  });
  await threadChanged(ctx, discussionId);
  if (repo.truthy(row.isPublic)) await Promise.all([ctx.cache.invalidate(NS_HOME_DISCUSSIONS), ctx.cache.invalidate(NS_HOME_COMMUNITIES)]);
  return one(ctx, actor, membership, false, id);
}

export async function updateComment(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  communityId: string,
  discussionId: string,
  commentId: string,
  input: { text?: string; spoiler?: boolean },
): Promise<Comment> {
  const { row, membership, comment } = await readableComment(ctx, actor, communityId, discussionId, commentId);
  if (repo.truthy(comment.deleted)) throw commentNotFound();
  authorize(actor, canEditComment(actor, { authorId: comment.authorId, deleted: false }), { message: 'Only the author may edit a comment.' });
  await ctx.database.db
    .updateTable('comments')
    .set({
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.spoiler !== undefined ? { spoiler: input.spoiler } : {}),
      editedAt: new Date().toISOString(),
    })
    .where('id', '=', commentId)
    .execute();
  await threadChanged(ctx, discussionId);
  return one(ctx, actor, membership, repo.truthy(row.locked), commentId);
}

/**
 * The author, or the community's admin, deletes a comment. One with replies keeps its place as 'deleted' (its text
 * and author are no longer shown); one without goes, and so does a deleted parent left with no replies.
 */
export async function deleteComment(ctx: CommunitiesContext, actor: NonNullable<Actor>, communityId: string, discussionId: string, commentId: string) {
  const { row, membership, comment } = await readableComment(ctx, actor, communityId, discussionId, commentId);
  if (repo.truthy(comment.deleted)) throw commentNotFound();
  authorize(actor, canDeleteComment(actor, { authorId: comment.authorId, deleted: false }, membership), {
    message: 'Only the author or the community’s admin may delete a comment.',
  });
  const result = await ctx.database.db.transaction().execute(async (trx) => {
    // The discussion's row first, as creating a comment does: comment writes of one discussion take turns.
    const counts = await repo.addToDiscussionCounts(trx, discussionId, { comments: -1 });
    const cur = await trx.selectFrom('comments').select(['replyCount', 'deleted', 'parentId']).where('id', '=', commentId).executeTakeFirst();
    // Deleted by someone else meanwhile: nothing changes (the count goes back with the rollback).
    if (!cur || repo.truthy(cur.deleted)) throw commentNotFound();
    let kept = false;
    if (Number(cur.replyCount) > 0) {
      kept = true;
      await trx
        .updateTable('comments')
        .set({ deleted: true, text: '', spoiler: false })
        .where('id', '=', commentId)
        .execute();
    } else {
      await trx.deleteFrom('comments').where('id', '=', commentId).execute();
      // Deleted parents left with no replies go too, up the thread.
      let parentId = cur.parentId;
      while (parentId) {
        const { replyCount } = await repo.addToCommentCounts(trx, parentId, { replies: -1 });
        const p = await trx.selectFrom('comments').select(['deleted', 'parentId']).where('id', '=', parentId).executeTakeFirstOrThrow();
        if (replyCount > 0 || !repo.truthy(p.deleted)) break;
        await trx.deleteFrom('comments').where('id', '=', parentId).execute();
        parentId = p.parentId;
      }
    }
    return { kept, commentCount: counts.commentCount };
  });
  await threadChanged(ctx, discussionId);
  if (repo.truthy(row.isPublic)) await ctx.cache.invalidate(NS_HOME_DISCUSSIONS);
  return { commentId, keptAsDeleted: result.kept, commentCount: result.commentCount };
}

export async function likeComment(
  ctx: CommunitiesContext,
  actor: NonNullable<Actor>,
  communityId: string,
  discussionId: string,
  commentId: string,
  on: boolean,
) {
  const { comment } = await readableComment(ctx, actor, communityId, discussionId, commentId);
  if (repo.truthy(comment.deleted)) throw commentNotFound();
  // A comment the reader may not see (hidden, blocked either way, suspended author) takes no like: 404.
  if (!(await targetVisible(ctx.database.db, actor, 'comment', commentId))) throw commentNotFound();
  const now = new Date().toISOString();
  const r = await writeWithEvents(ctx.database, async (trx, emit) => {
    const changed = on
      ? (await trx
          .insertInto('commentLikes')
          .values({ commentId, userId: actor.id, createdAt: now })
          .onConflict((oc) => oc.columns(['commentId', 'userId']).doNothing())
          .returning('userId')
          .executeTakeFirst()) !== undefined
      : (await trx.deleteFrom('commentLikes').where('commentId', '=', commentId).where('userId', '=', actor.id).returning('userId').executeTakeFirst()) !==
        undefined;
    if (changed && on) await emit('comment.liked', { commentId, authorId: comment.authorId, actorId: actor.id });
    if (changed) return { changed, ...(await repo.addToCommentCounts(trx, commentId, { likes: on ? 1 : -1 })) };
    const cur = await trx.selectFrom('comments').select('likeCount').where('id', '=', commentId).executeTakeFirstOrThrow();
    return { changed, likeCount: Number(cur.likeCount) };
  });
  if (r.changed) await threadChanged(ctx, discussionId);
  return { commentId, likedByMe: on, likeCount: r.likeCount, changed: r.changed };
}
