import type { TitleDetails } from '@common/contracts/titles';
import { WatchedPanel } from '../../features/diary/components/watched-panel';
import { MyRating } from '../../features/ratings/components/my-rating';
import { ReelhouseRating } from '../../features/ratings/components/reelhouse-rating';
import { ReviewsSection } from '../../features/ratings/components/reviews-section';
import { type TitleExtras, TitlePage } from '../../features/titles/components/title-page';
import { WhereToWatch } from '../../features/titles/components/where-to-watch';
import { useParams } from '../../lib/router';
import NotFoundRoute from './not-found';

/** The title page with the Reelhouse figures, the reader's own rating, watchlist and diary, where to watch, and the reviews. */
const extras: TitleExtras = {
  score: (details: TitleDetails) => <ReelhouseRating titleId={details.id} />,
  actions: (details: TitleDetails) => (
    <>
      <MyRating title={details} />
      <WatchedPanel titleId={details.id} title={details.title} />
    </>
  ),
  section: (details: TitleDetails) => (
    <>
      <WhereToWatch type={details.type} id={details.id} />
      <ReviewsSection titleId={details.id} title={details.title} />
    </>
  ),
};

export default function TitleDetailRoute() {
  const { type, id } = useParams();
  if ((type !== 'movie' && type !== 'tvSeries') || !id) return <NotFoundRoute />;
  return <TitlePage key={`${type}-${id}`} type={type} id={id} extras={extras} />;
}
