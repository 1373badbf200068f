import type { Discussion } from '@common/contracts/communities';
import { compactCount, relativeTime } from '@common/format';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChatIcon, HeartIcon } from '../../../components/ui/icons';
import { PersonLink } from '../../../components/ui/person-link';
import { QueryState } from '../../../components/ui/query-state';
import { Segmented } from '../../../components/ui/segmented';
import { SkeletonList } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import { useDiscussions } from '../api/discussions';
import type { DiscussionSort } from '../api/keys';
import { CommunityImage } from './community-image';
import { LockIcon } from './icons';
import { discussionPath } from './top-discussion-card';

export const sortOptions: { value: DiscussionSort; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'active', label: 'Active' },
];

/**
 * One discussion in a list: title, author, time, likes and comments. A spoiler discussion keeps its title readable
 * (its author names it; that is how a reader chooses what to open) and tagged Spoiler; its body stays hidden.
 */
export function DiscussionRow({ discussion, showCommunity }: { discussion: Discussion; showCommunity: boolean }) {
  const author = discussion.author?.displayName ?? 'Anonymous';
  return (
    <article
      aria-label={discussion.title}
      className="relative flex gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 transition-colors duration-150 hover:border-[var(--surface-3)] hover:bg-[var(--surface-2)]/50"
    >
      {showCommunity && (
        <CommunityImage id={discussion.communityId} name={discussion.communityName} src={discussion.communityImage} className="hidden h-12 w-12 shrink-0 rounded-xl sm:grid sm:h-14 sm:w-14" />
      )}
      <div className="min-w-0 flex-1">
        {showCommunity && (
          <p className="mb-0.5 truncate text-xs font-semibold text-[var(--accent)]">
            {discussion.communityName}
            {!discussion.communityIsPublic && <span className="ml-1.5 font-medium text-[var(--muted)]">· Private</span>}
          </p>
        )}
        <h3 className="text-base leading-snug font-semibold break-words">
          <Link to={discussionPath(discussion.communityId, discussion.discussionId)} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl focus-ring">
            {discussion.spoiler && <span className="mr-1.5 text-xs font-semibold tracking-wider text-[var(--danger)] uppercase">Spoiler</span>}
            {discussion.title}
            {discussion.spoiler && <span className="sr-only"> (contains spoilers)</span>}
          </Link>
        </h3>
        {discussion.spoiler ? (
          <p className="mt-1 text-sm text-[var(--muted)] italic">Contains spoilers: open it to read.</p>
        ) : (
          discussion.body && <p className="mt-1 line-clamp-2 text-sm text-[var(--muted)] break-words">{discussion.body}</p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-[var(--muted)]">
          <PersonLink person={discussion.author} size={22} name={author} className="relative z-10 gap-1.5" nameClassName="max-w-[12rem] font-medium text-[var(--text)]" />
          <time dateTime={discussion.createdAt}>{relativeTime(discussion.createdAt)}</time>
          {discussion.locked && (
            <span className="inline-flex items-center gap-1 text-[var(--rating)]">
              <LockIcon size={12} /> Locked
            </span>
          )}
          <span className="ml-auto inline-flex items-center gap-3 tabular-nums">
            <span className="inline-flex items-center gap-1" title="Likes">
              <HeartIcon size={14} fill={discussion.likedByMe ? 'currentColor' : 'none'} className={cn(discussion.likedByMe && 'text-[var(--accent)]')} />
              {compactCount(discussion.likeCount)}
              <span className="sr-only">{discussion.likeCount === 1 ? 'like' : 'likes'}</span>
            </span>
            <span className="inline-flex items-center gap-1" title="Comments">
              <ChatIcon size={14} />
              {compactCount(discussion.commentCount)}
              <span className="sr-only">{discussion.commentCount === 1 ? 'comment' : 'comments'}</span>
            </span>
          </span>
        </div>
      </div>
    </article>
  );
}

/** Discussions of one community (communityId) or of every community the reader may see (null), New or Active. */
export function DiscussionList({
  communityId,
  sort,
  onSort,
  emptyTitle,
  emptyText,
  emptyAction,
}: {
  communityId: string | null;
  sort: DiscussionSort;
  onSort: (s: DiscussionSort) => void;
  emptyTitle: string;
  emptyText: string;
  emptyAction?: React.ReactNode;
}) {
  const discussions = useDiscussions(communityId, sort);
  const results = discussions.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-3">
        <Segmented label="Order of discussions" value={sort} options={sortOptions} onChange={onSort} />
        {discussions.isSuccess && results.length > 0 && (
          <p className="text-xs text-[var(--muted)]">{sort === 'new' ? 'Newest first' : 'Latest comment first'}</p>
        )}
      </div>
      <QueryState
        query={discussions}
        loading={<SkeletonList label="Loading discussions" itemClassName="h-28 w-full rounded-2xl" />}
        errorTitle="The discussions did not load"
        errorIcon={<ChatIcon size={24} />}
        empty={
          <EmptyState icon={<ChatIcon size={24} />} title={emptyTitle} action={emptyAction}>
            {emptyText}
          </EmptyState>
        }
        isEmpty={() => results.length === 0}
      >
        {() => (
          <>
            <ul className="space-y-3">
              {results.map((d) => (
                <li key={d.discussionId}>
                  <DiscussionRow discussion={d} showCommunity={communityId === null} />
                </li>
              ))}
            </ul>
            <div className="mt-6 flex justify-center">
              {discussions.hasNextPage && (
                <Button variant="secondary" onClick={() => discussions.fetchNextPage()} loading={discussions.isFetchingNextPage}>
                  Load more discussions
                </Button>
              )}
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}

export const newDiscussionLink = (communityId?: string) => (
  <Link to={communityId ? `/createDiscussion?communityId=${encodeURIComponent(communityId)}` : '/createDiscussion'} className={buttonClasses('primary')}>
    Start a discussion
  </Link>
);
