import { ChevronDownIcon, FilmIcon, TvIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import type { DirectoryExpansion } from '../hooks/use-directory-expansion';
import { useIsFilterActive } from '../hooks/use-is-filter-active';
import { directoryGroups } from '../nav-config';
import { navRowClasses } from './nav-item';

/** The desktop Directory entry's Movies and TV Shows sub-menus, with their filter links. */
export default function DirectorySubmenu({ expanded, toggle }: { expanded: DirectoryExpansion; toggle: (key: keyof DirectoryExpansion) => void }) {
  const isFilterActive = useIsFilterActive();
  return (
    <ul id="directory-submenu" className="animate-fade-in mt-1 ml-5 space-y-0.5 border-l border-[var(--border)] pl-3">
      {directoryGroups.map((group) => {
        const Icon = group.id === 'movies' ? FilmIcon : TvIcon;
        const open = expanded[group.id];
        return (
          <li key={group.id}>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`directory-${group.id}`}
              onClick={() => toggle(group.id)}
              className={navRowClasses(false)}
            >
              <Icon size={18} />
              <span className="flex-1 text-left">{group.label}</span>
              <ChevronDownIcon size={15} className={cn('transition-transform duration-200', open && 'rotate-180')} />
            </button>
            {open && (
              <ul id={`directory-${group.id}`} className="animate-fade-in mb-1 space-y-0.5 pl-8">
                {group.filters.map((filter) => {
                  const active = isFilterActive(filter.to);
                  return (
                    <li key={filter.to}>
                      <Link
                        to={filter.to}
                        aria-current={active ? 'page' : undefined}
                        className={cn(
                          'flex min-h-9 items-center rounded-lg px-3 text-sm transition-colors duration-150 focus-ring',
                          active ? 'font-medium text-[var(--accent)]' : 'text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)]',
                        )}
                      >
                        {filter.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
