import { DirectoryPage } from '../../features/directory/components/directory-page';

/** /directory, /directory/movies and /directory/shows with their ?filter=. */
export default function DirectoryRoute() {
  return <DirectoryPage />;
}
