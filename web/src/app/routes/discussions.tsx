import { ComingSoon } from '../../components/coming-soon';

export default function DiscussionsRoute() {
  return (
    <>
      <title>Discussions · Reelhouse</title>
      <ComingSoon title="Discussions" description="threads from every community, sorted by what is worth reading." />
    </>
  );
}
