import { ComingSoon } from '../../components/coming-soon';

export default function CommunitiesRoute() {
  return (
    <>
      <title>Communities · Reelhouse</title>
      <ComingSoon title="Communities" description="find your people, from horror devotees to prestige-TV completists." />
    </>
  );
}
