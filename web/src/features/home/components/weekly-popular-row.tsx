import type { TitleType } from '@common/contracts/titles';
import { PosterRow } from '../../../components/ui/poster';
import { Notice, QueryState } from '../../../components/ui/query-state';
import { fromHomeItem } from '../../../lib/media';
import { useWeeklyPopular } from '../api/get-weekly-popular';
import { PosterRowSkeleton } from './skeleton-rows';

/** Weekly Popular Movies / TV Shows on the home page: a horizontal scrolling row. */
export function WeeklyPopularRow({ titleType }: { titleType: TitleType }) {
  const query = useWeeklyPopular(titleType);
  const what = titleType === 'movie' ? 'movies' : 'TV shows';
  return (
    <QueryState
      query={query}
      loading={<PosterRowSkeleton />}
      errorTitle={`This week’s popular ${what} did not load`}
      errorVariant="notice"
      empty={<Notice>No popular {what} yet: the catalogue is empty. Once titles are imported, the week’s most watched {what} appear here.</Notice>}
    >
      {(items) => <PosterRow items={items.map(fromHomeItem)} label={`Weekly popular ${what}`} />}
    </QueryState>
  );
}
