import { ComingSoon } from '../../components/coming-soon';

export default function WeeklyMoviesRoute() {
  return (
    <>
      <title>Weekly Popular Movies · Reelhouse</title>
      <ComingSoon title="Weekly Popular Movies" description="the films everyone is watching this week, all in one place." />
    </>
  );
}
