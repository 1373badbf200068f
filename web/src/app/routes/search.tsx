import { SearchResultsPage } from '../../features/search/components/search-results-page';
import { useSearchParams } from '../../lib/router';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  return (
    <>
      <title>{query ? `“${query}” · Search · Reelhouse` : 'Search · Reelhouse'}</title>
      <SearchResultsPage />
    </>
  );
}
