import type { CurrentUser } from '@common/contracts/auth';
import { capitalizeWords } from '@common/format';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { DropdownMenu, menuItemClasses } from '../../../components/ui/dropdown-menu';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '../../../components/ui/icons';
import { useLogout } from '../../../lib/auth';
import { cn } from '../../../lib/cn';

interface MobileProfileProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Phones: avatar with name at the top of the side menu, with My Profile and Log out. */
export function MobileProfile({ user, open, onOpenChange }: MobileProfileProps) {
  const logout = useLogout();
  const name = capitalizeWords(user.displayName) || 'Your profile';
  return (
    <DropdownMenu
      open={open}
      onOpenChange={onOpenChange}
      align="start"
      className="mb-3"
      menuClassName="right-0"
      trigger={(props) => (
        <button
          type="button"
          {...props}
          className="flex min-h-14 w-full items-center gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] px-3 text-left transition-colors duration-150 hover:bg-[var(--surface-2)] focus-ring"
        >
          <Avatar name={user.displayName} photoURL={user.photoURL} size={36} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{name}</span>
            <span className="block truncate text-xs text-[var(--muted)]">{user.email}</span>
          </span>
          <ChevronDownIcon size={16} className={cn('text-[var(--muted)] transition-transform duration-200', open && 'rotate-180')} />
        </button>
      )}
    >
      <Link to="/profile/view" role="menuitem" className={menuItemClasses}>
        <UserIcon size={18} className="text-[var(--muted)]" /> My Profile
      </Link>
      <button type="button" role="menuitem" className={menuItemClasses} onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogoutIcon size={18} className="text-[var(--muted)]" /> Log out
      </button>
    </DropdownMenu>
  );
}
