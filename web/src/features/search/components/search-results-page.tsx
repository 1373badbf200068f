import type { TitleType } from '@common/contracts/titles';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchIcon } from '../../../components/ui/icons';
import { NextPageError } from '../../../components/ui/next-page-error';
import { PosterGrid, PosterGridSkeleton } from '../../../components/ui/poster-grid';
import { QueryState } from '../../../components/ui/query-state';
import { TitleTypeTabs } from '../../../components/ui/title-type-tabs';
import { fromSearchResult } from '../../../lib/media';
import { Link, useSearchParams } from '../../../lib/router';
import { useSearchPage } from '../api/get-search-page';

/** /search?q=: every match for movies and TV shows, 20 at a time. */
export function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const rawType = params.get('type');
  const type: TitleType | null = rawType === 'movie' || rawType === 'tvSeries' ? rawType : null;
  const search = useSearchPage(q, type);
  const results = search.data?.pages.flatMap((p) => p.results) ?? [];
  // No title has every word: say so first, then offer the closest titles.
  const weak = search.data?.pages[0]?.match === 'weak';

  const setType = (next: TitleType | null) => {
    const copy = new URLSearchParams(params);
    if (next) copy.set('type', next);
    else copy.delete('type');
    setParams(copy, { replace: true });
  };

  if (!q) {
    return (
      <EmptyState icon={<SearchIcon size={24} />} title="Search Reelhouse" action={<Link to="/directory" className={buttonClasses('secondary')}>Browse the directory</Link>}>
        Type a title, a year (“dune 2021”) or even a misspelling in the search box at the top, then press Enter.
      </EmptyState>
    );
  }

  return (
    <div>
      <header className="mb-5">
        <p className="text-sm text-[var(--muted)]">Search results for</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">“{q}”</h1>
      </header>

      <TitleTypeTabs value={type} onChange={setType} />

      <QueryState
        query={search}
        loading={<PosterGridSkeleton count={12} />}
        errorTitle="The search did not answer"
        errorIcon={<SearchIcon size={24} />}
        empty={
          <EmptyState icon={<SearchIcon size={24} />} title="We couldn't find any matches for your search"
            action={
              <>
                {type && <Button variant="secondary" onClick={() => setType(null)}>Search movies and TV shows</Button>}
                <Link to="/directory" className={buttonClasses(type ? 'ghost' : 'secondary')}>Browse the directory</Link>
              </>
            }>
            Nothing in the catalogue matches “{q}”{type ? (type === 'movie' ? ' among movies' : ' among TV shows') : ''}. Try fewer words, or another spelling.
          </EmptyState>
        }
        isEmpty={() => results.length === 0}
      >
        {() => (
          <>
            {weak && (
              <p className="mb-4 text-base break-words" role="status">
                No titles match “{q}”. Closest titles:
              </p>
            )}
            <PosterGrid items={results.map(fromSearchResult)} />
            <div className="mt-10 flex flex-col items-center gap-2">
              {search.hasNextPage ? (
                <Button variant="secondary" size="lg" onClick={() => search.fetchNextPage()} loading={search.isFetchingNextPage}>
                  Load more results
                </Button>
              ) : (
                <p className="text-sm text-[var(--muted)]">
                  {weak
                    ? results.length === 1
                      ? 'That is the only close title.'
                      : `That is all ${results.length} close titles.`
                    : results.length === 1
                      ? 'That is the only match.'
                      : `That is all ${results.length} matches.`}
                </p>
              )}
              <NextPageError query={search} title="More results did not load" />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
