import type { Notification } from '@common/contracts/people';

/**
 * Where a notification leads: a follow to the follower's profile; a like or a reply to its comment inside its thread,
 * a review like to the review on its title page, a discussion's like or reply to the discussion (through /go, which
 * asks the server where the subject is); a join request to the community's admin tools, an approval to the community,
 * a level to the levels page.
 */
export function targetOf(n: Notification): string {
  const id = encodeURIComponent(n.targetId);
  switch (n.kind) {
    case 'follow':
      return n.actor ? `/profile/${encodeURIComponent(n.actor.username ?? n.actor.id)}` : '/profile/view';
    case 'review_like':
      return `/go/review/${id}`;
    case 'comment_like':
    case 'comment_reply':
      return `/go/comment/${id}`;
    case 'discussion_like':
    case 'discussion_reply':
      return `/go/discussion/${id}`;
    case 'join_request':
      return `/community/${id}?tab=admin`;
    case 'request_approved':
      return `/community/${id}`;
    case 'level_reached':
      return '/levels';
  }
}
