import { CommentLocationSchema } from '@common/contracts/communities';
import { ReviewLocationSchema } from '@common/contracts/ratings';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { titlePath } from '../../../lib/media';

export type TargetKind = 'comment' | 'review' | 'discussion';
export const isTargetKind = (kind: string | undefined): kind is TargetKind => kind === 'comment' || kind === 'review' || kind === 'discussion';

const DiscussionPlaceSchema = z.object({ discussionId: z.string(), communityId: z.string() });
const discussionPath = (communityId: string, discussionId: string) => `/community/${encodeURIComponent(communityId)}/discussions/${encodeURIComponent(discussionId)}`;

/**
 * Where a notification's subject is shown, asked of the server (the notification names only the subject's id):
 * a comment inside its thread, on the page of comments holding it (GET /api/comments/{id}/location); a review on its
 * title page (GET /api/ratings-and-reviews/{id}/location); a discussion in its community.
 */
export async function pathOf(kind: TargetKind, id: string, signal?: AbortSignal): Promise<string> {
  const key = encodeURIComponent(id);
  if (kind === 'comment') {
    const at = await api.get(`comments/${key}/location`, CommentLocationSchema, { signal });
    const query = new URLSearchParams({ comment: at.commentId, thread: at.threadId, page: String(at.page) });
    return `${discussionPath(at.communityId, at.discussionId)}?${query}`;
  }
  if (kind === 'review') {
    const at = await api.get(`ratings-and-reviews/${key}/location`, ReviewLocationSchema, { signal });
    return `${titlePath(at.titleType, at.titleId)}#review-${encodeURIComponent(at.reviewId)}`;
  }
  const d = await api.get(`discussions/${key}`, DiscussionPlaceSchema, { signal });
  return discussionPath(d.communityId, d.discussionId);
}
