import type { CurrentUser } from '@common/contracts/auth';
import { type ComponentType, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { ArrowLeftIcon, MenuIcon, SearchIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { Link } from '../../../lib/router';
import { AccountMenu } from './account-menu';
import { ActivityButtons } from './activity-buttons';

/** What the top bar needs from a search box; the app passes the search feature's. */
export interface TopBarSearchProps {
  className?: string;
  autoFocus?: boolean;
  onDone?: () => void;
}

interface TopBarProps {
  user: CurrentUser | null;
  search: ComponentType<TopBarSearchProps>;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

const iconButton =
  'grid h-10 w-10 shrink-0 place-items-center rounded-full text-[var(--muted)] transition-colors duration-150 hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring';

/** Fixed 64 px top bar (spec 2 "Layout"). */
export function TopBar({ user, search: TopSearch, menuOpen, onOpenMenu }: TopBarProps) {
  const [phoneSearch, setPhoneSearch] = useState(false);

  return (
    <header className="fixed inset-x-0 top-0 z-30 h-16 border-b border-[var(--border)] bg-[var(--bg)]/85 backdrop-blur-md supports-[backdrop-filter]:bg-[var(--bg)]/70">
      <div className="flex h-full items-center gap-2 px-3 sm:gap-3 sm:px-5">
        {user && (
          <button type="button" aria-label="Open menu" aria-expanded={menuOpen} aria-controls="main-menu" onClick={onOpenMenu} className={`${iconButton} lg:hidden`}>
            <MenuIcon />
          </button>
        )}
        <Link to={user ? '/home' : '/'} className="shrink-0 rounded-lg focus-ring" aria-label="Reelhouse home">
          <Logo compact={Boolean(user)} />
        </Link>

        <div className="flex flex-1 justify-center px-2">
          <TopSearch className="hidden w-full max-w-xl md:block" />
        </div>

        <button type="button" aria-label="Search" className={`${iconButton} md:hidden`} onClick={() => setPhoneSearch(true)}>
          <SearchIcon />
        </button>

        {user ? (
          <div className="flex items-center gap-0.5 sm:gap-1">
            <ActivityButtons />
            <AccountMenu user={user} />
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <Link to="/login" className={buttonClasses('ghost', 'sm')}>
              Login
            </Link>
            <Link to="/onboarding" className={buttonClasses('primary', 'sm')}>
              Signup
            </Link>
          </div>
        )}
      </div>

      {phoneSearch && (
        <div className="animate-fade-in absolute inset-0 flex items-center gap-2 bg-[var(--bg)] px-3 md:hidden">
          <button type="button" aria-label="Close search" className={iconButton} onClick={() => setPhoneSearch(false)}>
            <ArrowLeftIcon />
          </button>
          <TopSearch className="block flex-1" autoFocus onDone={() => setPhoneSearch(false)} />
        </div>
      )}
    </header>
  );
}
