import { useParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import NotFoundRoute from './not-found';

export default function TitleDetailRoute() {
  const { type } = useParams();
  if (type !== 'movie' && type !== 'tvSeries') return <NotFoundRoute />;
  const label = type === 'movie' ? 'Movie details' : 'TV show details';
  return (
    <>
      <title>{label} · Reelhouse</title>
      <ComingSoon title={label} description="plot, cast, ratings and reviews from fans will fill this page." />
    </>
  );
}
