import { ListCardRow } from '../../../components/ui/list-card';
import { useCurrentUser } from '../../../lib/current-user';
import { useNavigate } from '../../../lib/router';
import { useTrendingLists } from '../api/get-trending-lists';
import { SectionNotice } from './section-notice';
import { CardRowSkeleton } from './skeleton-rows';

/** Home "Trending Lists" (spec 2): list cards, loaded as their own chunk when the section nears the screen. */
export default function TrendingLists() {
  const trending = useTrendingLists();
  const userId = useCurrentUser().user?.id;
  const navigate = useNavigate();
  if (trending.isPending) return <CardRowSkeleton kind="list" />;
  if (trending.isError) {
    return <SectionNotice action={{ label: 'Try again', onClick: () => trending.refetch() }}>Trending lists did not load. {trending.error.message}</SectionNotice>;
  }
  if (trending.data.length === 0) {
    return (
      <SectionNotice action={{ label: 'Create list', onClick: () => navigate('/createList') }}>
        No public lists are trending this week. Make one of your favourites and share it.
      </SectionNotice>
    );
  }
  return <ListCardRow lists={trending.data} ownerId={userId} label="Trending lists" />;
}
