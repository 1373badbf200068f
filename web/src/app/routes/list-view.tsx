import { ComingSoon } from '../../components/coming-soon';

export default function ListViewRoute() {
  return (
    <>
      <title>List · Reelhouse</title>
      <ComingSoon title="List" description="every title on the list, with posters, genres and who made it." />
    </>
  );
}
