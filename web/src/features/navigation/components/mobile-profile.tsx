import type { CurrentUser } from '@common/contracts/auth';
import { capitalizeWords } from '@common/format';
import { Suspense } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { AccountMenuItems, loadAccountMenuItems } from './account-menu';

interface MobileProfileProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Phones: avatar with name at the top of the side menu, opening the account menu's items. */
export function MobileProfile({ user, open, onOpenChange }: MobileProfileProps) {
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
          onPointerEnter={() => void loadAccountMenuItems()}
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
      <Suspense fallback={<div className="h-40" />}>
        <AccountMenuItems />
      </Suspense>
    </DropdownMenu>
  );
}
