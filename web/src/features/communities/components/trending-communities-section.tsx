import { Link } from '../../../lib/router';
import { useTrendingCommunities } from '../api/home';
import { CommunityCard } from './community-card';
import { HomeNotice, HomeRowLoading, homeCardClass, homeRowClass, noticeButtonClass } from './home-notice';

/** Home "Trending Communities": community cards, loaded as their own chunk (app/routes/home.tsx). */
export default function TrendingCommunitiesSection() {
  const trending = useTrendingCommunities();
  if (trending.isPending) return <HomeRowLoading label="Loading trending communities" />;
  if (trending.isError) {
    return (
      <HomeNotice action={<button type="button" className={noticeButtonClass} onClick={() => trending.refetch()}>Try again</button>}>
        The trending communities did not load. {trending.error.message}
      </HomeNotice>
    );
  }
  if (trending.data.length === 0) {
    return (
      <HomeNotice action={<Link to="/createCommunity" className={noticeButtonClass}>Create a community</Link>}>
        No communities are trending yet. Start one around a genre, a director or a show.
      </HomeNotice>
    );
  }
  return (
    <ul className={homeRowClass}>
      {trending.data.map((c) => (
        <li key={c.communityId} className={homeCardClass}>
          <CommunityCard community={c} className="h-full" />
        </li>
      ))}
    </ul>
  );
}
