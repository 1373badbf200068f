import { lazy, Suspense } from 'react';

const FeedList = lazy(() => import('../../features/feed/components/feed-list'));

export default function FeedRoute() {
  return (
    <div className="mx-auto max-w-2xl">
      <title>Feed · Reelhouse</title>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight sm:text-3xl">From people you follow</h1>
      <p className="mb-6 text-sm text-[var(--muted)]">Their ratings, reviews and public lists, newest first.</p>
      <Suspense fallback={null}>
        <FeedList limit={20} />
      </Suspense>
    </div>
  );
}
