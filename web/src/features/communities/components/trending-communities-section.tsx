import { Notice, noticeButtonClass, QueryState } from '../../../components/ui/query-state';
import { Link } from '../../../lib/router';
import { useTrendingCommunities } from '../api/home';
import { CommunityCard } from './community-card';
import { HomeRowLoading, homeCardClass, homeRowClass } from './home-notice';

/** Home "Trending Communities": community cards, loaded as their own chunk (app/routes/home.tsx). */
export default function TrendingCommunitiesSection() {
  const trending = useTrendingCommunities();
  return (
    <QueryState
      query={trending}
      loading={<HomeRowLoading label="Loading trending communities" />}
      errorTitle="The trending communities did not load"
      errorVariant="notice"
      empty={
        <Notice
          action={
            <Link to="/createCommunity" className={noticeButtonClass}>
              Create a community
            </Link>
          }
        >
          No communities are trending yet. Start one around a genre, a director or a show.
        </Notice>
      }
    >
      {(communities) => (
        <ul className={homeRowClass}>
          {communities.map((c) => (
            <li key={c.communityId} className={homeCardClass}>
              <CommunityCard community={c} className="h-full" />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
