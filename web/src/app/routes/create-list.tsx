import { ComingSoon } from '../../components/coming-soon';

export default function CreateListRoute() {
  return (
    <>
      <title>Create List · Reelhouse</title>
      <ComingSoon title="Create List" description="pick up to 50 titles, tag genres and share the result." />
    </>
  );
}
