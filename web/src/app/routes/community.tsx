import { ComingSoon } from '../../components/coming-soon';

export default function CommunityRoute() {
  return (
    <>
      <title>Community · Reelhouse</title>
      <ComingSoon title="Community" description="each community gets its own page with members and discussions." />
    </>
  );
}
