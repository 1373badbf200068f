import { YearReviewPage } from '../../features/diary/components/year-review-page';
import { useParams } from '../../lib/router';
import NotFoundRoute from './not-found';

export default function YearReviewRoute() {
  const { year } = useParams();
  const n = Number(year);
  if (!/^\d{4}$/.test(year ?? '') || n < 1900 || n > 2100) return <NotFoundRoute />;
  return <YearReviewPage key={n} year={n} />;
}
