import { ComingSoon } from '../../components/coming-soon';

export default function ProfileRoute() {
  return (
    <>
      <title>My profile · Reelhouse</title>
      <ComingSoon title="My profile" description="your ratings, reviews, lists, badges and level will live here." />
    </>
  );
}
