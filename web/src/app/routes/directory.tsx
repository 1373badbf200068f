import { useLocation, useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';

const filterNames: Record<string, string> = {
  'box-office': 'Box Office',
  'top-rated': 'Top Rated',
  'coming-soon': 'Coming Soon',
  'by-genre': 'By Genre',
  ratings: 'Ratings',
  popular: 'Popular',
};

/** /directory, /directory/movies and /directory/shows with their ?filter=. */
export default function DirectoryRoute() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const section = pathname.startsWith('/directory/movies') ? 'Movies' : pathname.startsWith('/directory/shows') ? 'TV Shows' : null;
  const filter = filterNames[params.get('filter') ?? ''];
  const title = section ? `${section}${filter ? `: ${filter}` : ''}` : 'Directory';
  return (
    <>
      <title>{`${title} · Reelhouse`}</title>
      <ComingSoon title={title} description="browse movies and shows by box office, ratings, release date and genre." />
    </>
  );
}
