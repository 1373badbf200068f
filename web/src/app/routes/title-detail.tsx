import { useParams } from 'react-router';
import { TitlePage } from '../../features/titles/components/title-page';
import NotFoundRoute from './not-found';

export default function TitleDetailRoute() {
  const { type, id } = useParams();
  if ((type !== 'movie' && type !== 'tvSeries') || !id) return <NotFoundRoute />;
  return <TitlePage key={`${type}-${id}`} type={type} id={id} />;
}
