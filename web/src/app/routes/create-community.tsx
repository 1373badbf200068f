import { ComingSoon } from '../../components/coming-soon';

export default function CreateCommunityRoute() {
  return (
    <>
      <title>Create Community · Reelhouse</title>
      <ComingSoon title="Create Community" description="gather fans around a genre, a director or a single show." />
    </>
  );
}
