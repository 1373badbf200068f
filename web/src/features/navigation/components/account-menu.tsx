import type { CurrentUser } from '@common/contracts/auth';
import { capitalizeWords } from '@common/format';
import { lazy, Suspense, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { ChevronDownIcon } from '../../../components/ui/icons';

export const loadAccountMenuItems = () => import('./account-menu-items');
export const AccountMenuItems = lazy(loadAccountMenuItems);

/** Avatar menu of the top bar: who is signed in, then My profile, the theme and Log out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
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
          onPointerEnter={() => void loadAccountMenuItems()}
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
      <Suspense fallback={<div className="h-40" />}>
        <AccountMenuItems />
      </Suspense>
    </DropdownMenu>
  );
}
