import { WeeklyPopularPage } from '../../features/home/components/weekly-popular-page';

export default function WeeklyShowsRoute() {
  return (
    <>
      <title>Weekly Popular TV Shows · Reelhouse</title>
      <WeeklyPopularPage titleType="tvSeries" />
    </>
  );
}
