import { ComingSoon } from '../../components/coming-soon';

export default function WeeklyShowsRoute() {
  return (
    <>
      <title>Weekly Popular TV Shows · Reelhouse</title>
      <ComingSoon title="Weekly Popular TV Shows" description="the series everyone is talking about this week, all in one place." />
    </>
  );
}
