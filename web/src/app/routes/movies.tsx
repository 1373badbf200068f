import { WeeklyPopularPage } from '../../features/home/components/weekly-popular-page';
import { ComingSoonRow } from '../../features/upcoming/components/coming-soon-row';

/** Loaded on demand by the router, so the Coming soon row adds nothing to / and /home. */
export default function WeeklyMoviesRoute() {
  return (
    <>
      <title>Weekly Popular Movies · Reelhouse</title>
      <WeeklyPopularPage titleType="movie">
        <ComingSoonRow />
      </WeeklyPopularPage>
    </>
  );
}
