import { REPORT_REASON_MAX } from '@common/contracts/people';
import { type Rating, RatingSchema, type ReviewSort } from '@common/contracts/ratings';
import { relativeTime } from '@common/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PenIcon, StarIcon } from '../../../components/ui/icons';
import { LikeButton } from '../../../components/ui/like-button';
import { NextPageError } from '../../../components/ui/next-page-error';
import { PersonLink } from '../../../components/ui/person-link';
import { QueryState } from '../../../components/ui/query-state';
import { ReportDialog } from '../../../components/ui/report-dialog';
import { Segmented } from '../../../components/ui/segmented';
import { SkeletonList } from '../../../components/ui/skeleton';
import { SpoilerBlock } from '../../../components/ui/spoiler-block';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useHighlight } from '../../../lib/highlight';
import { useLocation } from '../../../lib/router';
import { useReviews } from '../api/get-reviews';
import { useLikeReview } from '../api/like-review';
import { useReportReview } from '../api/report-review';

const sorts: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'liked', label: 'Most liked' },
];

/** A title's reviews, 20 at a time, newest or most liked first, with likes. */
export function ReviewsSection({ titleId, title }: { titleId: string; title: string }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const reviews = useReviews(titleId, sort);
  const results = reviews.data?.pages.flatMap((p) => p.results) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;
  // A link to one review (a notification: /home/{type}/{id}#review-{id}): it is read on its own and shown first when
  // it is not on the pages loaded, then scrolled to and ringed.
  const { hash } = useLocation();
  const linked = hash.startsWith('#review-') ? decodeURIComponent(hash.slice('#review-'.length)) : null;
  const single = useQuery({
    queryKey: ['ratings', 'review', linked],
    queryFn: ({ signal }) => api.get(`ratings-and-reviews/${encodeURIComponent(linked ?? '')}`, RatingSchema, { signal }),
    enabled: linked !== null,
    retry: false,
  });
  const pinned = single.data && single.data.titleId === titleId && single.data.review && !results.some((r) => r.id === single.data.id) ? single.data : null;
  useHighlight([linked && `review-${linked}`], Boolean(reviews.data) && (single.isFetched || linked === null));

  return (
    <section aria-labelledby="reviews-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-semibold tracking-tight sm:text-2xl">
          Reviews
          {total > 0 && <span className="ml-2 text-base font-medium text-[var(--muted)] tabular-nums">{total.toLocaleString('en')}</span>}
        </h2>
        <Segmented value={sort} options={sorts} onChange={setSort} label="Order of reviews" />
      </div>

      <QueryState
        query={reviews}
        loading={<SkeletonList label="Loading reviews" itemClassName="h-28 w-full rounded-2xl" />}
        errorTitle="The reviews did not load"
        errorVariant="box"
        empty={
          <div className="flex items-center gap-4 rounded-2xl border border-dashed border-[var(--border)] p-6">
            <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-[var(--surface-2)] text-[var(--accent)]" aria-hidden="true">
              <PenIcon size={22} />
            </span>
            <div>
              <p className="font-medium">No reviews of {title} yet</p>
              <p className="text-sm text-[var(--muted)]">Rate it and write the first: a few lines are enough.</p>
            </div>
          </div>
        }
        isEmpty={() => results.length === 0}
      >
        {() => (
          <>
            <ul className="space-y-3">
              {pinned && (
                <li key={`pinned-${pinned.id}`}>
                  <ReviewCard review={pinned} titleId={titleId} />
                </li>
              )}
              {results.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} titleId={titleId} />
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-col items-center gap-2">
              {reviews.hasNextPage ? (
                <Button variant="secondary" onClick={() => reviews.fetchNextPage()} loading={reviews.isFetchingNextPage}>
                  Load more reviews
                </Button>
              ) : (
                results.length > 3 && <p className="text-sm text-[var(--muted)]">That is every review.</p>
              )}
              <NextPageError query={reviews} title="More reviews did not load" />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

function ReviewCard({ review, titleId }: { review: Rating; titleId: string }) {
  const { user } = useCurrentUser();
  const like = useLikeReview(titleId);
  const report = useReportReview();
  const [reporting, setReporting] = useState(false);
  const mine = user?.id === review.author.id;

  return (
    <article
      id={`review-${review.id}`}
      className="scroll-mt-24 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4"
      aria-label={`Review by ${review.author.displayName}`}
    >
      <header className="flex items-center gap-3">
        <PersonLink person={review.author} size={36} decorative className="shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">
            <PersonLink person={review.author} size={0} />
            {mine && <span className="ml-2 text-xs font-medium text-[var(--muted)]">(you)</span>}
          </p>
          <p className="text-xs text-[var(--muted)]">
            <time dateTime={review.createdAt}>{relativeTime(review.createdAt)}</time>
            {review.updatedAt !== review.createdAt && ' · edited'}
          </p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-[var(--surface-2)] px-2.5 py-1 text-sm font-semibold tabular-nums">
          <StarIcon size={14} className="text-[var(--rating)]" />
          {review.rating}
          <span className="sr-only"> out of 10</span>
          <span className="text-xs font-medium text-[var(--muted)]" aria-hidden="true">
            /10
          </span>
        </span>
      </header>

      <SpoilerBlock spoiler={review.spoiler} label="spoiler review" className="mt-3">
        <p className="text-sm leading-relaxed whitespace-pre-line break-words" data-testid="review-text">
          {review.review}
        </p>
      </SpoilerBlock>

      <footer className="mt-3 flex items-center gap-2">
        <LikeButton
          liked={review.likedByMe}
          count={review.likeCount}
          label={`the review by ${review.author.displayName}`}
          disabled={!review.abilities.like || like.isPending}
          title={review.abilities.like ? undefined : mine ? 'You cannot like your own review' : undefined}
          onToggle={() => like.mutate({ id: review.id, like: !review.likedByMe, likeCount: review.likeCount })}
          testId="like-count"
        />
        {like.isError && (
          <p role="alert" className="text-xs text-[var(--danger)]">
            {like.error.message}
          </p>
        )}
        {!mine && user && (
          <button type="button" onClick={() => setReporting(true)} className="ml-auto rounded-md px-2 py-1 text-xs font-medium text-[var(--muted)] hover:text-[var(--text)] focus-ring" aria-label={`Report the review by ${review.author.displayName}`}>
            Report
          </button>
        )}
      </footer>
      {reporting && (
        <ReportDialog
          title="Report this review"
          hint="The moderators read it; the author is not told who reported."
          label="What is wrong?"
          maxLength={REPORT_REASON_MAX}
          send={(reason) => report.mutateAsync({ reviewId: review.id, reason })}
          onClose={() => setReporting(false)}
        />
      )}
    </article>
  );
}
