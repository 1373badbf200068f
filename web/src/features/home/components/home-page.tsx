import { capitalizeWords, firstName } from '@common/format';
import { useUserInfo } from '../../../lib/stores';
import { ComingSoonNote, HomeSection } from './home-section';
import { CardRowSkeleton, CarouselSkeleton, PosterRowSkeleton } from './skeleton-rows';

/** The signed-in home: every section of spec 2 in place, filled by a later release. */
export function HomePage() {
  const user = useUserInfo();
  return (
    <div>
      <div className="mb-6">
        <p className="text-sm text-[var(--muted)]">Welcome back</p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Good to see you, {firstName(capitalizeWords(user?.displayName))}</h1>
      </div>

      <section aria-labelledby="top-picks" className="relative">
        <h2 id="top-picks" className="sr-only">
          Top movies and TV shows
        </h2>
        <CarouselSkeleton />
        <div className="pointer-events-none absolute inset-y-0 left-0 flex w-[85%] items-end rounded-3xl bg-gradient-to-t from-black/70 via-black/20 to-transparent p-5 sm:w-[58%] sm:p-8">
          <div className="text-white">
            <span className="rounded-full bg-[#ff8a3d] px-2.5 py-1 text-xs font-semibold tracking-wide text-[#1f0e02] uppercase">Top Movies · Top TV Shows</span>
            <p className="mt-3 text-lg font-semibold sm:text-2xl">The week’s top 10 films and top 10 series</p>
            <p className="mt-1 text-sm text-white/80">This carousel is coming soon, with ratings out of 10 and review counts.</p>
          </div>
        </div>
      </section>

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
          <PosterRowSkeleton />
          <ComingSoonNote>This week’s most popular films are coming soon.</ComingSoonNote>
        </HomeSection>
        <HomeSection id="weekly-shows" title="Weekly Popular TV Shows" seeAll="/shows">
          <PosterRowSkeleton />
          <ComingSoonNote>This week’s most popular series are coming soon.</ComingSoonNote>
        </HomeSection>
        <HomeSection id="trending-lists" title="Trending Lists" seeAll="">
          <CardRowSkeleton kind="list" />
          <ComingSoonNote>Lists fans are sharing right now are coming soon.</ComingSoonNote>
        </HomeSection>
      </div>
    </div>
  );
}
