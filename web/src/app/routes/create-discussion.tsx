import { ComingSoon } from '../../components/coming-soon';

export default function CreateDiscussionRoute() {
  return (
    <>
      <title>Create Discussion · Reelhouse</title>
      <ComingSoon title="Create Discussion" description="start a thread in any community you belong to." />
    </>
  );
}
