import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  return (
    <>
      <title>{query ? `“${query}” · Search · Reelhouse` : 'Search · Reelhouse'}</title>
      <ComingSoon title={query ? `Results for “${query}”` : 'Search'} description="full results for movies and TV shows will appear right here." />
    </>
  );
}
