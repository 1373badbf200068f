import { capitalizeWords, firstName } from '@common/format';
import { useCurrentUser } from '../../../lib/current-user';
import { useCarousel } from '../api/get-carousel';
import { useIsReturning } from '../hooks/use-is-returning';
import { HomeCarousel } from './home-carousel';
import { ComingSoonNote, HomeSection } from './home-section';
import { SectionNotice } from './section-notice';
import { CardRowSkeleton, CarouselSkeleton } from './skeleton-rows';
import { TrendingListsSlot } from './trending-lists-slot';
import { WeeklyPopularRow } from './weekly-popular-row';

/** The signed-in home of spec 2. Discussions, communities and lists arrive with their features. */
export function HomePage() {
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

      <TopPicks />

      <div className="mt-10">
        <HomeSection id="top-discussions" title="Top Discussions" seeAll="">
          <CardRowSkeleton kind="discussion" />
          <ComingSoonNote>The liveliest threads from across Reelhouse are coming soon.</ComingSoonNote>
        </HomeSection>
        <HomeSection id="trending-communities" title="Trending Communities" seeAll="">
          <CardRowSkeleton kind="community" />
          <ComingSoonNote>Communities growing fastest this week are coming soon.</ComingSoonNote>
        </HomeSection>
        <HomeSection id="weekly-movies" title="Weekly Popular Movies" seeAll="/movies">
          <WeeklyPopularRow titleType="movie" />
        </HomeSection>
        <HomeSection id="weekly-shows" title="Weekly Popular TV Shows" seeAll="/shows">
          <WeeklyPopularRow titleType="tvSeries" />
        </HomeSection>
        <HomeSection id="trending-lists" title="Trending Lists" seeAll="">
          <TrendingListsSlot />
        </HomeSection>
      </div>
    </div>
  );
}

function TopPicks() {
  const carousel = useCarousel();
  if (carousel.isPending) {
    return (
      <div role="status" aria-label="Loading the top movies and TV shows">
        <CarouselSkeleton />
      </div>
    );
  }
  if (carousel.isError) {
    return <SectionNotice action={{ label: 'Try again', onClick: () => carousel.refetch() }}>The top picks did not load. {carousel.error.message}</SectionNotice>;
  }
  if (carousel.data.length === 0) {
    return <SectionNotice>Top picks appear here once the catalogue has titles: the 10 most popular movies and TV shows take turns.</SectionNotice>;
  }
  return <HomeCarousel items={carousel.data} />;
}
