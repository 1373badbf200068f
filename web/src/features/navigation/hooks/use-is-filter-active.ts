import { useLocation } from '../../../lib/router';

/** True when the current path and query match a directory filter link. */
export function useIsFilterActive() {
  const { pathname, search } = useLocation();
  return (to: string) => {
    const url = new URL(to, 'http://x');
    return url.pathname === pathname && new URLSearchParams(search).get('filter') === url.searchParams.get('filter');
  };
}
