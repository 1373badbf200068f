import { lazy, Suspense } from 'react';
import { ChevronDownIcon, CompassIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { useLocation } from '../../../lib/router';
import { useDirectoryExpansion } from '../hooks/use-directory-expansion';
import { navRowClasses } from './nav-item';

/** The Movies and TV Shows sub-menus, loaded when Directory first opens. */
const DirectorySubmenu = lazy(() => import('./directory-submenu'));

/** Desktop Directory entry with expandable Movies and TV Shows sub-menus. */
export function DirectoryTree() {
  const { pathname } = useLocation();
  const { expanded, toggle } = useDirectoryExpansion();
  const inDirectory = pathname.startsWith('/directory');

  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded.directory}
        aria-controls="directory-submenu"
        onClick={() => toggle('directory')}
        className={navRowClasses(inDirectory && !expanded.directory)}
      >
        <CompassIcon size={20} />
        <span className="flex-1 text-left">Directory</span>
        <ChevronDownIcon size={16} className={cn('transition-transform duration-200', expanded.directory && 'rotate-180')} />
      </button>
      {expanded.directory && (
        <Suspense fallback={null}>
          <DirectorySubmenu expanded={expanded} toggle={toggle} />
        </Suspense>
      )}
    </li>
  );
}
