import type { ActivityItem, PersonCard } from '@common/contracts/people';
import { relativeTime } from '@common/format';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { AvatarRowsSkeleton } from '../../../components/ui/avatar-rows-skeleton';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { HeartIcon, ListIcon, StarIcon, UsersIcon } from '../../../components/ui/icons';
import { PosterImage } from '../../../components/ui/poster';
import { QueryState } from '../../../components/ui/query-state';
import { cn } from '../../../lib/cn';
import { titlePath, typeLabel } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { feedQueryOptions } from '../api/feed';

const profilePath = (p: PersonCard) => `/profile/${encodeURIComponent(p.username ?? p.id)}`;

/** The feed of followed people, newest first, with Load more (keyset pages). `limit` is the page size. */
export default function FeedList({ limit = 10 }: { limit?: number }) {
  const feed = useInfiniteQuery(feedQueryOptions(limit));
  const items = feed.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <QueryState
      query={feed}
      loading={
        <AvatarRowsSkeleton
          label="Loading the feed"
          className="grid gap-3"
          rowClassName="flex gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4"
          lines={['h-4 w-2/3', 'h-3 w-1/3']}
        />
      }
      errorTitle="The feed did not load"
      empty={
        <EmptyState icon={<UsersIcon />} title="Nothing from people you follow yet">
          Follow fans whose taste you like: their ratings, reviews and public lists show up here, newest first.
        </EmptyState>
      }
      isEmpty={() => items.length === 0}
    >
      {() => (
        <div className="@container">
          <ul className="grid gap-3 @3xl:grid-cols-2" aria-label="From people you follow">
            {items.map((item) => (
              <FeedItem key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </ul>
          {feed.hasNextPage && (
            <div className="mt-4 text-center">
              <Button variant="secondary" loading={feed.isFetchingNextPage} onClick={() => feed.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}

const discussionPath = (d: { communityId: string; id: string }) =>
  `/community/${encodeURIComponent(d.communityId)}/discussions/${encodeURIComponent(d.id)}`;

function FeedItem({ item }: { item: ActivityItem }) {
  const { actor, rating, list, discussion } = item;
  const who = (
    <Link to={profilePath(actor)} className="font-semibold hover:underline focus-ring rounded">
      {actor.displayName}
    </Link>
  );
  return (
    <li className="flex">
      <article aria-label={`${actor.displayName}, ${relativeTime(item.createdAt)}`} className="flex w-full gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:gap-4">
        <Link to={profilePath(actor)} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar name={actor.displayName} photoURL={actor.imageUrl} size={40} />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-snug">
            {who}{' '}
            {rating ? (
              <>
                {rating.review ? 'reviewed' : 'rated'}{' '}
                <Link to={titlePath(rating.title.type, rating.title.id)} className="font-medium text-[var(--accent)] hover:underline focus-ring rounded">
                  {rating.title.title}
                </Link>
              </>
            ) : list ? (
              <>
                published the list{' '}
                <Link to={`/lists/${encodeURIComponent(list.id)}/view`} className="font-medium text-[var(--accent)] hover:underline focus-ring rounded">
                  {list.name}
                </Link>
              </>
            ) : discussion ? (
              <>
                started{' '}
                <Link to={discussionPath(discussion)} className="font-medium text-[var(--accent)] hover:underline focus-ring rounded">
                  {discussion.title}
                </Link>{' '}
                in {discussion.communityName}
              </>
            ) : null}
            <span className="text-[var(--muted)]"> · {relativeTime(item.createdAt)}</span>
          </p>
          {rating && (
            <>
              <p className="mt-1.5 inline-flex items-center gap-1 text-sm font-semibold text-[var(--rating)] tabular-nums">
                <StarIcon size={15} /> {rating.rating}/10
              </p>
              {rating.review && <Review text={rating.review} spoiler={rating.spoiler} />}
              {rating.likeCount > 0 && (
                <p className="mt-2 inline-flex items-center gap-1 text-xs text-[var(--muted)] tabular-nums">
                  <HeartIcon size={13} /> {rating.likeCount}
                </p>
              )}
            </>
          )}
          {discussion && (
            <p className="mt-1.5 inline-flex items-center gap-3 text-sm text-[var(--muted)] tabular-nums">
              <span className="inline-flex items-center gap-1">
                <HeartIcon size={13} /> {discussion.likeCount}
              </span>
              <span>
                {discussion.commentCount} {discussion.commentCount === 1 ? 'comment' : 'comments'}
              </span>
            </p>
          )}
          {list && (
            <p className="mt-1.5 inline-flex items-center gap-1.5 text-sm text-[var(--muted)]">
              <ListIcon size={15} /> {list.titleCount} {list.titleCount === 1 ? 'title' : 'titles'} · {typeLabel(list.type)}
            </p>
          )}
        </div>
        {rating && (
          <Link to={titlePath(rating.title.type, rating.title.id)} tabIndex={-1} aria-hidden="true" className="w-14 shrink-0 sm:w-16">
            <PosterImage id={rating.title.id} title={rating.title.title} year={rating.title.year ? String(rating.title.year) : undefined} src={rating.title.primaryImage} width={160} mini />
          </Link>
        )}
      </article>
    </li>
  );
}

function Review({ text, spoiler }: { text: string; spoiler: boolean }) {
  const [shown, setShown] = useState(!spoiler);
  return (
    <div className="mt-2">
      <p className={cn('line-clamp-4 text-[15px] leading-relaxed whitespace-pre-line', !shown && 'select-none blur-sm')} aria-hidden={!shown}>
        {text}
      </p>
      {!shown && (
        <Button variant="ghost" size="sm" className="mt-1 -ml-3" onClick={() => setShown(true)}>
          Contains spoilers: show the review
        </Button>
      )}
    </div>
  );
}
