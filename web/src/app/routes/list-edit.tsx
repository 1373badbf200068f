import { ComingSoon } from '../../components/coming-soon';

export default function ListEditRoute() {
  return (
    <>
      <title>Edit list · Reelhouse</title>
      <ComingSoon title="Edit list" description="rename a list, reorder it and add or remove titles." />
    </>
  );
}
