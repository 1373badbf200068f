import type { ListSummary } from '@common/contracts/lists';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BookmarkIcon, ListIcon, PlusIcon } from '../../../components/ui/icons';
import { ListCard, ListCardRow, ListCardRowSkeleton } from '../../../components/ui/list-card';
import { QueryFailure } from '../../../components/ui/query-state';
import { CardSkeleton } from '../../../components/ui/skeleton';
import { useCurrentUser } from '../../../lib/current-user';
import { useListsState } from '../../../lib/lists-state';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useClearRecentlyViewed } from '../api/clear-recently-viewed';
import { useMyLists } from '../api/get-my-lists';
import { useRecentlyViewedLists } from '../api/get-recently-viewed-lists';
import { useRecommendedLists } from '../api/get-recommended-lists';
import { useTrendingLists } from '../api/get-trending-lists';

/** /lists: the reader's lists, the ones they opened lately, lists picked for them and trending lists. */
export function ListsPage() {
  const userId = useCurrentUser().user?.id;
  const mine = useMyLists();
  const recent = useRecentlyViewedLists();
  const recommended = useRecommendedLists();
  const trending = useTrendingLists();
  const state = useListsState((s) => s);
  const clear = useClearRecentlyViewed();
  const total = mine.data?.pages[0]?.total ?? 0;

  const retry = () => {
    void mine.refetch();
    void recent.refetch();
    void recommended.refetch();
    void trending.refetch();
  };
  const retrying = mine.isFetching || recent.isFetching || recommended.isFetching || trending.isFetching;

  return (
    <div>
      <title>Lists · Reelhouse</title>
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Lists</h1>
          <p className="mt-1 max-w-prose text-sm text-pretty text-[var(--muted)]">Rank your favourites, gather a theme, share a marathon. Up to 50 titles a list, each with a note.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/watchlist" className={buttonClasses('secondary')}>
            <BookmarkIcon size={18} />
            Watchlist
          </Link>
          <Link to="/createList" className={buttonClasses('primary')}>
            <PlusIcon size={18} />
            Create list
          </Link>
        </div>
      </header>

      {/* The four queries feed one store (lib/lists-state), which keeps the first failure's words. */}
      {state.error && <QueryFailure title="Lists did not load" variant="box" className="mb-8" message={state.error} retrying={retrying} onRetry={retry} />}

      <Section id="my-lists" title="My lists" aside={total > 0 ? <span className="text-sm text-[var(--muted)] tabular-nums">{total} in all</span> : null}>
        {mine.isPending ? (
          <GridSkeleton />
        ) : state.myLists.length > 0 ? (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-4" aria-label="My lists">
              {state.myLists.map((list) => (
                <li key={list.listId}>
                  <ListCard list={list} own />
                </li>
              ))}
            </ul>
            {mine.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" onClick={() => mine.fetchNextPage()} loading={mine.isFetchingNextPage}>
                  Show more of my lists
                </Button>
              </div>
            )}
          </>
        ) : mine.isError ? null : (
          <EmptyState
            icon={<ListIcon size={24} />}
            title="You have no lists yet"
            action={
              <Link to="/createList" className={buttonClasses('primary')}>
                <PlusIcon size={18} />
                Create list
              </Link>
            }
          >
            Start one from your all-time favourites, a director’s best, or what to watch this winter.
          </EmptyState>
        )}
      </Section>

      <Section
        id="recently-viewed"
        title="Recently viewed"
        aside={
          state.recentlyViewedLists.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              loading={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => toast('Recently viewed lists cleared', 'success'),
                  onError: (e) => toast(e.message, 'error'),
                })
              }
            >
              Clear
            </Button>
          ) : null
        }
      >
        <Row query={recent} lists={state.recentlyViewedLists} userId={userId} label="Recently viewed lists" compact empty="Lists you open show up here, newest first." />
      </Section>

      <Section id="recommended" title="Recommended for you">
        <Row query={recommended} lists={state.recommendedLists} userId={userId} label="Recommended lists" empty="Rate a few titles and pick favourite genres: lists that match your taste will appear here." />
      </Section>

      <Section id="trending" title="Trending Lists">
        <Row query={trending} lists={state.trendingLists} userId={userId} label="Trending lists" empty="No public lists are trending this week. Yours could be the first." />
      </Section>
    </div>
  );
}

function Section({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 first-of-type:mt-0">
      <div className="mb-4 flex min-h-10 items-center justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Row({ query, lists, userId, label, empty, compact = false }: { query: { isPending: boolean; isError: boolean }; lists: ListSummary[]; userId: string | undefined; label: string; empty: string; compact?: boolean }) {
  if (query.isPending) return <ListCardRowSkeleton />;
  if (lists.length > 0) return <ListCardRow lists={lists} ownerId={userId} label={label} compact={compact} />;
  if (query.isError) return null;
  return <p className="rounded-2xl border border-dashed border-[var(--border)] px-5 py-6 text-sm text-pretty text-[var(--muted)]">{empty}</p>;
}

function GridSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-4" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <CardSkeleton key={i} top="fan" />
      ))}
    </div>
  );
}
