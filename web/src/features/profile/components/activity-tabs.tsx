import type { Discussion } from '@common/contracts/communities';
import type { ActivityItem } from '@common/contracts/people';
import { compactCount, relativeTime } from '@common/format';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { listViewPath } from '../../../components/ui/list-card';
import { PosterImage } from '../../../components/ui/poster';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { titlePath } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { type ActivityTab, useActivity } from '../api/people';

const TABS: { id: ActivityTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'comments', label: 'Comments' },
  { id: 'liked', label: 'Liked' },
  { id: 'posts', label: 'Posts' },
];

/**
 * Spec 7's activity tabs. Liked reads `user/liked-discussions`, which answers only the reader's own likes, so
 * another person's profile shows All, Comments and Posts.
 */
export function ActivityTabs({ userId, isMe }: { userId: string | null; isMe: boolean }) {
  const tabs = isMe ? TABS : TABS.filter((t) => t.id !== 'liked');
  const [tab, setTab] = useState<ActivityTab>('all');
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const handleKey = (event: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length].id;
    setTab(next);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label="Activity" className="mb-4 flex gap-1 overflow-x-auto border-b border-[var(--border)]" onKeyDown={handleKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={cn(
              '-mb-px min-h-11 border-b-2 px-4 text-sm font-medium transition-colors duration-150 focus-ring',
              tab === t.id ? 'border-[var(--accent)] text-[var(--text)]' : 'border-transparent text-[var(--muted)] hover:text-[var(--text)]',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        <TabContent key={tab} tab={tab} userId={userId} />
      </div>
    </div>
  );
}

const EMPTY: Record<ActivityTab, string> = {
  all: 'No ratings, reviews or lists yet.',
  comments: 'No reviews or comments yet.',
  liked: 'No liked discussions yet.',
  posts: 'No discussions started yet.',
};

function TabContent({ tab, userId }: { tab: ActivityTab; userId: string | null }) {
  const { activity, discussions } = useActivity(tab, userId);
  const query = tab === 'all' || tab === 'comments' ? activity : discussions;
  const items = tab === 'all' || tab === 'comments' ? (activity.data?.pages.flat() ?? []) : [];
  const posts = tab === 'liked' || tab === 'posts' ? (discussions.data?.pages.flat() ?? []) : [];
  return (
    <QueryState<unknown>
      query={query}
      loading={<SkeletonList count={2} label="Loading activity" itemClassName="h-20 w-full" />}
      errorTitle="Could not load this activity"
      errorVariant="inline"
      errorClassName="text-[var(--muted)]"
      empty={
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-[var(--muted)]">{EMPTY[tab]}</p>
          {userId === null && (
            <Link to={tab === 'posts' || tab === 'liked' ? '/community' : '/directory'} className={buttonClasses('secondary', 'sm')}>
              {tab === 'posts' || tab === 'liked' ? 'Browse communities' : 'Find something to rate'}
            </Link>
          )}
        </div>
      }
      isEmpty={() => items.length === 0 && posts.length === 0}
    >
      {() => (
        <div className="space-y-3">
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item.id}>
                <ActivityRow item={item} />
              </li>
            ))}
            {posts.map((d) => (
              <li key={d.discussionId}>
                <DiscussionRow discussion={d} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button variant="secondary" size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Show more
            </Button>
          )}
        </div>
      )}
    </QueryState>
  );
}

const rowClass = 'flex gap-4 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4';

/**
 * Discussions started and comments written join the All and Comments tabs with the levels module's activity
 * (kinds `discussion` and `comment`); read structurally so they show as soon as the answer carries them.
 */
interface ActivityDiscussion {
  id: string;
  title: string;
  communityId: string;
  communityName: string;
  likeCount: number;
  commentCount: number;
}
type ActivityExtras = { discussion?: ActivityDiscussion | null; comment?: { text: string; spoiler: boolean; isReply: boolean; discussion: ActivityDiscussion } | null };
const discussionPath = (d: { communityId: string; id: string }) => `/community/${encodeURIComponent(d.communityId)}/discussions/${encodeURIComponent(d.id)}`;

function ActivityRow({ item }: { item: ActivityItem }) {
  const extras = item as ActivityItem & ActivityExtras;
  const when = (
    <time dateTime={item.createdAt} className="text-xs text-[var(--muted)]">
      {relativeTime(item.createdAt)}
    </time>
  );
  if (item.rating) {
    const { title } = item.rating;
    return (
      <article className={rowClass} aria-label={`${item.kind === 'review' ? 'Review' : 'Rating'} of ${title.title}`}>
        <Link to={titlePath(title.type, title.id)} className="w-14 shrink-0 focus-ring rounded-lg" aria-label={title.title}>
          <PosterImage id={title.id} title={title.title} src={title.primaryImage} width={120} mini className="rounded-lg" />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            {item.kind === 'review' ? 'Reviewed ' : 'Rated '}
            <Link to={titlePath(title.type, title.id)} className="font-medium hover:underline">
              {title.title}
            </Link>{' '}
            <span className="text-[var(--rating)] tabular-nums">{item.rating.rating}/10</span>
          </p>
          {item.rating.review && (
            <p className={cn('mt-1 line-clamp-3 text-sm', item.rating.spoiler && 'italic text-[var(--muted)]')}>
              {item.rating.spoiler ? 'This review contains spoilers.' : item.rating.review}
            </p>
          )}
          <div className="mt-1.5 flex gap-3">
            {when}
            {item.rating.likeCount > 0 && <span className="text-xs text-[var(--muted)] tabular-nums">{compactCount(item.rating.likeCount)} likes</span>}
          </div>
        </div>
      </article>
    );
  }
  if (item.list) {
    return (
      <article className={rowClass} aria-label={`List ${item.list.name}`}>
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            Made the list{' '}
            <Link to={listViewPath(item.list.id)} className="font-medium hover:underline">
              {item.list.name}
            </Link>
          </p>
          <p className="mt-1 text-xs text-[var(--muted)] tabular-nums">
            {item.list.titleCount} titles · {compactCount(item.list.likeCount)} likes · {relativeTime(item.createdAt)}
          </p>
        </div>
      </article>
    );
  }
  const comment = extras.comment;
  if (comment) {
    return (
      <article className={rowClass} aria-label={`${comment.isReply ? 'Reply' : 'Comment'} in ${comment.discussion.title}`}>
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            {comment.isReply ? 'Replied in ' : 'Commented on '}
            <Link to={discussionPath(comment.discussion)} className="font-medium hover:underline">
              {comment.discussion.title}
            </Link>
          </p>
          <p className={cn('mt-1 line-clamp-3 text-sm', comment.spoiler && 'italic text-[var(--muted)]')}>{comment.spoiler ? 'This comment contains spoilers.' : comment.text}</p>
          <p className="mt-1.5 text-xs text-[var(--muted)]">
            {comment.discussion.communityName} · {relativeTime(item.createdAt)}
          </p>
        </div>
      </article>
    );
  }
  const discussion = extras.discussion;
  if (discussion) {
    return (
      <article className={rowClass} aria-label={`Discussion ${discussion.title}`}>
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            Started{' '}
            <Link to={discussionPath(discussion)} className="font-medium hover:underline">
              {discussion.title}
            </Link>
          </p>
          <p className="mt-1 text-xs text-[var(--muted)] tabular-nums">
            {discussion.communityName} · {compactCount(discussion.likeCount)} likes · {compactCount(discussion.commentCount)} comments · {relativeTime(item.createdAt)}
          </p>
        </div>
      </article>
    );
  }
  return null;
}

function DiscussionRow({ discussion }: { discussion: Discussion }) {
  return (
    <article className={rowClass} aria-label={`Discussion ${discussion.title}`}>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-[var(--muted)]">
          <Link to={`/community/${encodeURIComponent(discussion.communityId)}`} className="hover:underline">
            {discussion.communityName}
          </Link>{' '}
          · <time dateTime={discussion.createdAt}>{relativeTime(discussion.createdAt)}</time>
        </p>
        <Link
          to={`/community/${encodeURIComponent(discussion.communityId)}/discussions/${encodeURIComponent(discussion.discussionId)}`}
          className="mt-0.5 block font-medium hover:underline"
        >
          {discussion.title}
        </Link>
        <p className="mt-1 text-xs text-[var(--muted)] tabular-nums">
          {compactCount(discussion.likeCount)} likes · {compactCount(discussion.commentCount)} comments
        </p>
      </div>
    </article>
  );
}
