import { useLocation } from '../../../lib/router';
import { SearchBox } from './search-box';
import type { SearchBoxProps } from './search-options';

export interface TopSearchProps {
  className?: string;
  autoFocus?: boolean;
  onDone?: () => void;
  people?: SearchBoxProps['people'];
}

/** The top bar's search box: the home variant on /home, the default one elsewhere. */
export function TopSearch({ className, autoFocus = false, onDone, people }: TopSearchProps) {
  const { pathname } = useLocation();
  return <SearchBox variant={pathname === '/home' ? 'home' : 'default'} className={className} autoFocus={autoFocus} onDone={onDone} people={people} />;
}
