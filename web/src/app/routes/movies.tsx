import { WeeklyPopularPage } from '../../features/home/components/weekly-popular-page';

export default function WeeklyMoviesRoute() {
  return (
    <>
      <title>Weekly Popular Movies · Reelhouse</title>
      <WeeklyPopularPage titleType="movie" />
    </>
  );
}
