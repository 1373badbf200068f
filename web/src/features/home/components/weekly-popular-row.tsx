import type { TitleType } from '@common/contracts/titles';
import { PosterRow } from '../../../components/ui/poster';
import { fromHomeItem } from '../../../lib/media';
import { useWeeklyPopular } from '../api/get-weekly-popular';
import { SectionNotice } from './section-notice';
import { PosterRowSkeleton } from './skeleton-rows';

/** Weekly Popular Movies / TV Shows on the home page: a horizontal scrolling row. */
export function WeeklyPopularRow({ titleType }: { titleType: TitleType }) {
  const query = useWeeklyPopular(titleType);
  const what = titleType === 'movie' ? 'movies' : 'TV shows';

  if (query.isPending) return <PosterRowSkeleton shimmer />;
  if (query.isError) {
    return <SectionNotice action={{ label: 'Try again', onClick: () => query.refetch() }}>This week’s popular {what} did not load. {query.error.message}</SectionNotice>;
  }
  if (query.data.length === 0) {
    return <SectionNotice>No popular {what} yet: the catalogue is empty. Once titles are imported, the week’s most watched {what} appear here.</SectionNotice>;
  }
  return <PosterRow items={query.data.map(fromHomeItem)} label={`Weekly popular ${what}`} />;
}
