import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useLocation } from '../../../lib/router';
import { DIRECTORY_EXPAND_DEBOUNCE_MS } from '../nav-config';

export interface DirectoryExpansion {
  directory: boolean;
  movies: boolean;
  shows: boolean;
}

/** Open/closed state of the Directory sub-menus; expands itself under /directory after 500 ms. */
export function useDirectoryExpansion() {
  const { pathname } = useLocation();
  const settledPath = useDebouncedValue(pathname, DIRECTORY_EXPAND_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState<DirectoryExpansion>({ directory: false, movies: false, shows: false });

  useEffect(() => {
    if (!settledPath.startsWith('/directory')) return;
    setExpanded((prev) => ({
      directory: true,
      movies: prev.movies || settledPath.startsWith('/directory/movies'),
      shows: prev.shows || settledPath.startsWith('/directory/shows'),
    }));
  }, [settledPath]);

  const toggle = (key: keyof DirectoryExpansion) => setExpanded((prev) => ({ ...prev, [key]: !prev[key] }));
  return { expanded, toggle };
}
