import { ComingSoon } from '../../components/coming-soon';

export default function ListsRoute() {
  return (
    <>
      <title>Lists · Reelhouse</title>
      <ComingSoon title="Lists" description="your lists, lists picked for you and the ones you opened lately." />
    </>
  );
}
