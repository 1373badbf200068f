import { ForYouSchema } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PosterRow } from '../../../components/ui/poster';
import { Notice, noticeButtonClass, QueryState } from '../../../components/ui/query-state';
import { api } from '../../../lib/api-client';
import { fromSearchResult } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { PosterRowSkeleton } from './skeleton-rows';

/** GET /api/home/for-you: the person's own row; refreshed when they come back to home (a rating or watchlist add changes it). */
export const forYouQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'for-you'] as const,
    queryFn: ({ signal }) => api.get('home/for-you', ForYouSchema, { signal }),
    staleTime: 30_000,
  });

const joined = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * Home "For you": titles from the genres and top titles the person chose in onboarding, none they rated or keep on
 * the watchlist. Its own chunk, loaded when the section nears the screen (the /home JS budget).
 */
export default function ForYouRow() {
  const query = useQuery(forYouQueryOptions());
  return (
    <QueryState
      query={query}
      loading={<PosterRowSkeleton />}
      errorTitle="Your picks did not load"
      errorVariant="notice"
      isEmpty={(data) => data.results.length === 0}
      empty={
        <Notice
          action={
            <Link to="/onboarding" className={noticeButtonClass}>
              Choose genres
            </Link>
          }
        >
          Tell us the genres and titles you love, and this row fills with picks for you.
        </Notice>
      }
    >
      {(data) => (
        <>
          <p className="-mt-2 mb-3 text-sm text-[var(--muted)]">Because you like {joined(data.genres)}</p>
          <PosterRow items={data.results.map(fromSearchResult)} label="Picks for you" />
        </>
      )}
    </QueryState>
  );
}
