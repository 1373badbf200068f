import { useLocation } from 'react-router';
import { SearchBox } from '../../../components/search-box/search-box';

/** The top bar's search box: the home variant on /home, the default one elsewhere. */
export function TopSearch({ className, autoFocus = false, onDone }: { className?: string; autoFocus?: boolean; onDone?: () => void }) {
  const { pathname } = useLocation();
  return <SearchBox variant={pathname === '/home' ? 'home' : 'default'} className={className} autoFocus={autoFocus} onDone={onDone} />;
}
