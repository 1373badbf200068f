/** Every query of communities and discussions lives under one root, so a membership change can refresh them together. */
export const communityKeys = {
  all: ['communities'] as const,
  lists: () => [...communityKeys.all, 'list'] as const,
  list: (mine: boolean) => [...communityKeys.lists(), mine ? 'mine' : 'discover'] as const,
  one: (communityId: string) => [...communityKeys.all, 'one', communityId] as const,
  home: () => [...communityKeys.all, 'home'] as const,
  trending: () => [...communityKeys.home(), 'trending-communities'] as const,
  topDiscussions: () => [...communityKeys.home(), 'top-discussions'] as const,
  discussionLists: () => [...communityKeys.all, 'discussions'] as const,
  discussions: (communityId: string | null, sort: DiscussionSort) => [...communityKeys.discussionLists(), communityId ?? 'all', sort] as const,
  discussion: (discussionId: string) => [...communityKeys.all, 'discussion', discussionId] as const,
  comments: (discussionId: string) => [...communityKeys.all, 'comments', discussionId] as const,
  replies: (discussionId: string, commentId: string) => [...communityKeys.comments(discussionId), 'replies', commentId] as const,
  admin: (communityId: string) => [...communityKeys.all, 'admin', communityId] as const,
  members: (communityId: string) => [...communityKeys.all, 'members', communityId] as const,
};

export type DiscussionSort = 'new' | 'active';

/** `/api/...` path pieces, each id encoded. */
export const paths = {
  community: (communityId: string) => `communities/${encodeURIComponent(communityId)}`,
  discussion: (discussionId: string) => `discussions/${encodeURIComponent(discussionId)}`,
  comments: (communityId: string, discussionId: string) =>
    `communities/${encodeURIComponent(communityId)}/discussions/${encodeURIComponent(discussionId)}/comments`,
  comment: (communityId: string, discussionId: string, commentId: string) =>
    `${paths.comments(communityId, discussionId)}/${encodeURIComponent(commentId)}`,
};
