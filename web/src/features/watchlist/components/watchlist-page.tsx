import type { TitleType } from '@common/contracts/titles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BookmarkIcon } from '../../../components/ui/icons';
import { NextPageError } from '../../../components/ui/next-page-error';
import { PosterGrid, PosterGridSkeleton } from '../../../components/ui/poster-grid';
import { QueryState } from '../../../components/ui/query-state';
import { TitleTypeTabs } from '../../../components/ui/title-type-tabs';
import { fromSearchResult } from '../../../lib/media';
import { Link, useSearchParams } from '../../../lib/router';
import { onWatchlistKey } from '../../../lib/watchlist';
import { useWatchlist } from '../api/get-watchlist';

/** /watchlist: what the reader means to watch, newest first, movies or series, 20 at a time. */
export function WatchlistPage() {
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type');
  const type: TitleType | null = rawType === 'movie' || rawType === 'tvSeries' ? rawType : null;
  const watchlist = useWatchlist(type);
  const client = useQueryClient();
  const results = watchlist.data?.pages.flatMap((p) => p.results) ?? [];
  const total = watchlist.data?.pages[0]?.total ?? 0;

  // Every title listed is on the watchlist: its cards need not ask.
  useEffect(() => {
    for (const item of results) client.setQueryData(onWatchlistKey(item.id), true);
  }, [results, client]);

  const setType = (next: TitleType | null) => {
    const copy = new URLSearchParams(params);
    if (next) copy.set('type', next);
    else copy.delete('type');
    setParams(copy, { replace: true });
  };

  const noun = type === 'movie' ? 'movies' : type === 'tvSeries' ? 'TV shows' : 'titles';

  return (
    <div>
      <title>Watchlist · Reelhouse</title>
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your watchlist</h1>
          <p className="mt-1 text-sm text-[var(--muted)] tabular-nums">
            {watchlist.isSuccess ? (total ? `${total.toLocaleString('en')} ${total === 1 ? noun.replace(/s$/, '') : noun} to watch, newest first` : '') : ' '}
          </p>
        </div>
      </header>

      <TitleTypeTabs value={type} onChange={setType} />

      <QueryState
        query={watchlist}
        loading={<PosterGridSkeleton count={12} />}
        errorTitle="Your watchlist did not load"
        errorIcon={<BookmarkIcon size={24} />}
        empty={
          <EmptyState
            icon={<BookmarkIcon size={24} />}
            title={type ? `No ${noun} on your watchlist` : 'Your watchlist is empty'}
            action={
              <>
                {type && (
                  <Button variant="secondary" onClick={() => setType(null)}>
                    Show everything
                  </Button>
                )}
                <Link to="/directory" className={buttonClasses(type ? 'ghost' : 'primary')}>
                  Browse the directory
                </Link>
              </>
            }
          >
            Press the bookmark on any poster, search result or title page to keep it here until you have watched it.
          </EmptyState>
        }
        isEmpty={() => results.length === 0}
      >
        {() => (
          <>
            <PosterGrid items={results.map(fromSearchResult)} />
            <div className="mt-10 flex flex-col items-center gap-2">
              {watchlist.hasNextPage ? (
                <Button variant="secondary" size="lg" onClick={() => watchlist.fetchNextPage()} loading={watchlist.isFetchingNextPage}>
                  Load more
                </Button>
              ) : (
                results.length > 12 && <p className="text-sm text-[var(--muted)]">That is your whole watchlist.</p>
              )}
              <NextPageError query={watchlist} title="More titles did not load" />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
