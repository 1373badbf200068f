import { useLocation } from '../../../lib/router';
import { SearchBox } from './search-box';

export interface TopSearchProps {
  className?: string;
  autoFocus?: boolean;
  onDone?: () => void;
}

/** The top bar's search box: the home variant on /home, the default one elsewhere; titles, then people. */
export function TopSearch({ className, autoFocus = false, onDone }: TopSearchProps) {
  const { pathname } = useLocation();
  return <SearchBox variant={pathname === '/home' ? 'home' : 'default'} className={className} autoFocus={autoFocus} onDone={onDone} people />;
}
