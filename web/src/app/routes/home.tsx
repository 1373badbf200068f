import { lazy } from 'react';
import { HomePage, type HomeSections } from '../../features/home/components/home-page';

/** Each section is its own chunk, loaded after the home page shows (the /home download budget). */
const sections: HomeSections = {
  topDiscussions: lazy(() => import('../../features/communities/components/top-discussions-section')),
  trendingCommunities: lazy(() => import('../../features/communities/components/trending-communities-section')),
  feed: lazy(() => import('../../features/feed/components/feed-list')),
};

export default function HomeRoute() {
  return (
    <>
      <title>Home · Reelhouse</title>
      <HomePage sections={sections} />
    </>
  );
}
