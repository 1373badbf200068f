import {
  type Comment,
  CommentDeletedSchema,
  CommentLikeStateSchema,
  CommentsPageSchema,
  type CreateCommentRequest,
  RepliesPageSchema,
  type Reply,
  ReplySchema,
  ReportCreatedSchema,
  type UpdateCommentRequest,
} from '@common/contracts/communities';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys, paths } from './keys';

export interface Thread {
  communityId: string;
  discussionId: string;
}

/** GET .../comments?page=: top-level comments, 20 a page, each with its reply count and first replies. */
export const commentsQueryOptions = ({ communityId, discussionId }: Thread) =>
  infiniteQueryOptions({
    queryKey: [...communityKeys.comments(discussionId), 'top'],
    queryFn: ({ pageParam, signal }) => api.get(`${paths.comments(communityId, discussionId)}?page=${pageParam}`, CommentsPageSchema, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export const useComments = (thread: Thread) => useInfiniteQuery(commentsQueryOptions(thread));

/** GET .../comments/{commentId}/replies?page=: one comment's replies, oldest first, 20 a page. */
export const useReplies = ({ communityId, discussionId }: Thread, commentId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: communityKeys.replies(discussionId, commentId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`${paths.comment(communityId, discussionId, commentId)}/replies?page=${pageParam}`, RepliesPageSchema, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });

type AnyComment = Comment | Reply;

/** Writes a changed comment wherever it is loaded: the comments pages (and their first replies) and reply pages. */
function writeComment(client: QueryClient, discussionId: string, commentId: string, patch: (c: AnyComment) => AnyComment) {
  const apply = <T extends AnyComment>(c: T): T => {
    const next = (c.commentId === commentId ? patch(c) : c) as T;
    return 'replies' in next && Array.isArray(next.replies) ? ({ ...next, replies: next.replies.map(apply) } as T) : next;
  };
  client.setQueriesData<{ pages: { results: AnyComment[] }[] }>({ queryKey: communityKeys.comments(discussionId) }, (data) =>
    data?.pages ? { ...data, pages: data.pages.map((p) => ({ ...p, results: p.results.map(apply) })) } : data,
  );
}

/** POST .../comments `{ text, parentId?, spoiler? }`: a comment, or a reply when parentId is set. */
export function useCreateComment(thread: Thread) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentRequest) => api.post(paths.comments(thread.communityId, thread.discussionId), body, ReplySchema),
    onSuccess: (_comment, body) => {
      if (body.parentId) {
        writeComment(client, thread.discussionId, body.parentId, (c) => ({ ...c, replyCount: c.replyCount + 1 }));
        void client.invalidateQueries({ queryKey: communityKeys.replies(thread.discussionId, body.parentId) });
      }
      void client.invalidateQueries({ queryKey: [...communityKeys.comments(thread.discussionId), 'top'] });
      void client.invalidateQueries({ queryKey: communityKeys.discussion(thread.discussionId) });
    },
  });
}

/** PUT .../comments/{commentId} (the author). */
export function useUpdateComment(thread: Thread, commentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCommentRequest) => api.put(paths.comment(thread.communityId, thread.discussionId, commentId), body, ReplySchema),
    onSuccess: (comment) => writeComment(client, thread.discussionId, commentId, (c) => ({ ...c, text: comment.text, spoiler: comment.spoiler, editedAt: comment.editedAt })),
  });
}

/** DELETE .../comments/{commentId} (the author or the admin); one with replies stays as 'deleted'. */
export function useDeleteComment(thread: Thread, commentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(paths.comment(thread.communityId, thread.discussionId, commentId), CommentDeletedSchema),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: communityKeys.comments(thread.discussionId) });
      void client.invalidateQueries({ queryKey: communityKeys.discussion(thread.discussionId) });
    },
  });
}

/** POST (like) or DELETE (unlike) .../comments/{commentId}/likes; idempotent. */
export function useLikeComment(thread: Thread, commentId: string) {
  const client = useQueryClient();
  const path = `${paths.comment(thread.communityId, thread.discussionId, commentId)}/likes`;
  return useMutation({
    mutationFn: (like: boolean) => (like ? api.post(path, {}, CommentLikeStateSchema) : api.delete(path, CommentLikeStateSchema)),
    onMutate: (like) =>
      writeComment(client, thread.discussionId, commentId, (c) => ({ ...c, likedByMe: like, likeCount: Math.max(0, c.likeCount + (like === c.likedByMe ? 0 : like ? 1 : -1)) })),
    onSuccess: (state) => writeComment(client, thread.discussionId, commentId, (c) => ({ ...c, likedByMe: state.likedByMe, likeCount: state.likeCount })),
    onError: () => client.invalidateQueries({ queryKey: communityKeys.comments(thread.discussionId) }),
  });
}

/** POST .../comments/{commentId}/reports `{ reason }`. */
export const reportComment = (thread: Thread, commentId: string, reason: string) =>
  api.post(`${paths.comment(thread.communityId, thread.discussionId, commentId)}/reports`, { reason }, ReportCreatedSchema);
