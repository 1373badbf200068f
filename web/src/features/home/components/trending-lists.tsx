import { ListCardRow } from '../../../components/ui/list-card';
import { Notice, noticeButtonClass, QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/current-user';
import { Link } from '../../../lib/router';
import { useTrendingLists } from '../api/get-trending-lists';
import { CardRowSkeleton } from './skeleton-rows';

/** Home "Trending Lists" (spec 2): list cards, loaded as their own chunk when the section nears the screen. */
export default function TrendingLists() {
  const trending = useTrendingLists();
  const userId = useCurrentUser().user?.id;
  return (
    <QueryState
      query={trending}
      loading={<CardRowSkeleton kind="list" />}
      errorTitle="Trending lists did not load"
      errorVariant="notice"
      empty={
        <Notice
          action={
            <Link to="/createList" className={noticeButtonClass}>
              Create list
            </Link>
          }
        >
          No public lists are trending this week. Make one of your favourites and share it.
        </Notice>
      }
    >
      {(lists) => <ListCardRow lists={lists} ownerId={userId} label="Trending lists" />}
    </QueryState>
  );
}
