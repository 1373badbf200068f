import { HomePage } from '../../features/home/components/home-page';

export default function HomeRoute() {
  return (
    <>
      <title>Home · Reelhouse</title>
      <HomePage />
    </>
  );
}
