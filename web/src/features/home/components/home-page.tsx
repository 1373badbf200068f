import { capitalizeWords, firstName } from '@common/format';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Notice, QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/current-user';
import { useCarousel } from '../api/get-carousel';
import { useIsReturning } from '../hooks/use-is-returning';
import { HomeCarousel } from './home-carousel';
import { HomeSection } from './home-section';
import { CardRowSkeleton, CarouselSkeleton, PosterRowSkeleton } from './skeleton-rows';
import { WeeklyPopularRow } from './weekly-popular-row';

/** Sections other features bring, each a lazy component (the app composes them: app/routes/home.tsx). */
/** Trending Lists is home's own section, but like the others its code is fetched only when it nears the screen. */
const TrendingLists = lazy(() => import('./trending-lists'));
/** Said only while the catalogue is empty or being imported; its own small chunk. */
const CatalogueNotice = lazy(() => import('../../../components/catalogue-notice'));
/** For you: the person's own row (what they told onboarding), its code and data fetched when it nears the screen. */
const ForYouRow = lazy(() => import('./for-you-row'));

export interface HomeSections {
  topDiscussions?: ComponentType;
  trendingCommunities?: ComponentType;
  /** What the people one follows did (the feed feature). */
  feed?: ComponentType;
}

/** The signed-in home of spec 2. Lists arrive with their feature. */
export function HomePage({ sections = {} }: { sections?: HomeSections }) {
  const { topDiscussions: TopDiscussions, trendingCommunities: TrendingCommunities, feed: Feed } = sections;
  const { user } = useCurrentUser();
  const returning = useIsReturning(user?.id);
  const name = firstName(capitalizeWords(user?.displayName));
  return (
    <div>
      <div className="mb-6">
        <p className="text-sm text-[var(--muted)]">{returning ? 'Welcome back' : 'Welcome to Reelhouse'}</p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{returning ? `Good to see you, ${name}` : `Glad you’re here, ${name}`}</h1>
        {!returning && <p className="mt-1 text-sm text-[var(--muted)]">Start with this week’s most popular titles, or search for one you love.</p>}
      </div>

      <Suspense fallback={null}>
        <CatalogueNotice />
      </Suspense>

      <TopPicks />

      <div className="mt-10">
        <HomeSection id="top-discussions" title="Top Discussions" seeAll="">
          <WhenNear section={TopDiscussions} kind="discussion" />
        </HomeSection>
        <HomeSection id="trending-communities" title="Trending Communities" seeAll="">
          <WhenNear section={TrendingCommunities} kind="community" />
        </HomeSection>
        <HomeSection id="weekly-movies" title="Weekly Popular Movies" seeAll="/movies">
          <WeeklyPopularRow titleType="movie" />
        </HomeSection>
        <HomeSection id="weekly-shows" title="Weekly Popular TV Shows" seeAll="/shows">
          <WeeklyPopularRow titleType="tvSeries" />
        </HomeSection>
        <HomeSection id="trending-lists" title="Trending Lists" seeAll="">
          <WhenNear section={TrendingLists} kind="list" />
        </HomeSection>
        <HomeSection id="for-you" title="For you">
          <WhenNear section={ForYouRow} kind="poster" />
        </HomeSection>
        {Feed && (
          <HomeSection id="following-feed" title="From people you follow" seeAll="/feed">
            <WhenNear section={Feed} kind="discussion" />
          </HomeSection>
        )}
      </div>
    </div>
  );
}

/**
 * A lazy section (Trending Lists, or one another feature brings), loaded (its code and its data) once it comes within
 * 200 px of the screen: below the fold it costs nothing until the reader scrolls. The skeleton row holds its place meanwhile.
 */
function WhenNear({ section: Section, kind }: { section?: ComponentType; kind: 'discussion' | 'community' | 'list' | 'poster' }) {
  const [near, setNear] = useState(false);
  const skeleton = kind === 'poster' ? <PosterRowSkeleton /> : <CardRowSkeleton kind={kind} />;
  if (Section && near) return <Suspense fallback={skeleton}><Section /></Suspense>;
  return (
    <div
      // An observer of its own rather than useInViewCallback: that hook's chunk would join the /home download.
      ref={(node) => {
        if (!node || !Section) return;
        const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px 0px' });
        observer.observe(node);
        return () => observer.disconnect();
      }}
    >
      {skeleton}
    </div>
  );
}

function TopPicks() {
  const carousel = useCarousel();
  return (
    <QueryState
      query={carousel}
      loading={
        <div role="status" aria-label="Loading the top movies and TV shows">
          <CarouselSkeleton />
        </div>
      }
      errorTitle="The top picks did not load"
      errorVariant="notice"
      empty={<Notice>Top picks appear here once the catalogue has titles: the 10 most popular movies and TV shows take turns.</Notice>}
    >
      {(items) => <HomeCarousel items={items} />}
    </QueryState>
  );
}
