import type { CurrentUser } from '@common/contracts/auth';
import { capitalizeWords } from '@common/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { DropdownMenu, menuItemClasses } from '../../../components/ui/dropdown-menu';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '../../../components/ui/icons';
import { useLogout } from '../../../lib/auth';
import { ThemeOptions } from './theme-options';

/** Avatar menu of the top bar: My profile, the theme, and Log out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const name = capitalizeWords(user.displayName) || user.email;

  return (
    <DropdownMenu
      open={open}
      onOpenChange={setOpen}
      trigger={(props) => (
        <button
          type="button"
          aria-label="Account menu"
          {...props}
          className="flex h-10 items-center gap-1 rounded-full pr-1 pl-0.5 transition-colors duration-150 hover:bg-[var(--surface-2)] focus-ring"
        >
          <Avatar name={user.displayName} photoURL={user.photoURL} size={34} />
          <ChevronDownIcon size={16} className="hidden text-[var(--muted)] sm:block" />
        </button>
      )}
    >
      <div className="flex items-center gap-3 px-3 pt-2 pb-3">
        <Avatar name={user.displayName} photoURL={user.photoURL} size={40} />
        <div className="min-w-0">
          <p className="truncate font-medium">{name}</p>
          <p className="truncate text-xs text-[var(--muted)]">{user.email}</p>
        </div>
      </div>
      <div className="my-1 h-px bg-[var(--border)]" />
      <Link to="/profile/view" role="menuitem" className={menuItemClasses}>
        <UserIcon size={18} className="text-[var(--muted)]" /> My profile
      </Link>
      <div className="my-1 h-px bg-[var(--border)]" />
      <ThemeOptions />
      <div className="my-1 h-px bg-[var(--border)]" />
      <button type="button" role="menuitem" className={menuItemClasses} onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogoutIcon size={18} className="text-[var(--muted)]" /> Log out
      </button>
    </DropdownMenu>
  );
}
