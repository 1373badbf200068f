import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { menuItemClasses } from '../../../components/ui/dropdown-menu';
import { BookmarkIcon, CalendarIcon, EyeIcon, LogoutIcon, PenIcon, SparkIcon, StarIcon, UploadIcon, UserIcon } from '../../../components/ui/icons';
import { useLogout } from '../../../lib/auth';
import { moderatorQueryOptions } from '../../../lib/moderator';
import { profileQueryOptions } from '../../../lib/profile';
import { Link } from '../../../lib/router';
import { ThemeOptions } from './theme-options';

/**
 * What the account menus hold (the top bar's avatar menu and, on phones, the
 * side menu's profile): My profile, the theme switch and Log out. Loaded when
 * a menu first opens, so pages do not ship it.
 */
export default function AccountMenuItems() {
  const logout = useLogout();
  // Someone who closed onboarding early is offered the rest here, on every page (home included) at no cost to it.
  const profile = useQuery(profileQueryOptions('me'));
  const moderator = useQuery(moderatorQueryOptions());
  const firstRef = useRef<HTMLAnchorElement>(null);
  // The menu opened before these items arrived: focus goes to the first, as it would have.
  useEffect(() => {
    if (!firstRef.current?.closest('[role="menu"]')?.contains(document.activeElement)) firstRef.current?.focus();
  }, []);
  return (
    <>
      <Link ref={firstRef} to="/profile/view" role="menuitem" className={menuItemClasses}>
        <UserIcon size={18} className="text-[var(--muted)]" /> My profile
      </Link>
      {profile.data && !profile.data.profileComplete && (
        <Link to="/onboarding" role="menuitem" className={menuItemClasses}>
          <PenIcon size={18} className="text-[var(--accent)]" /> Finish your profile
        </Link>
      )}
      <Link to="/watchlist" role="menuitem" className={menuItemClasses}>
        <BookmarkIcon size={18} className="text-[var(--muted)]" /> Watchlist
      </Link>
      <Link to="/diary" role="menuitem" className={menuItemClasses}>
        <CalendarIcon size={18} className="text-[var(--muted)]" /> Diary
      </Link>
      <Link to="/premium" role="menuitem" className={menuItemClasses}>
        <SparkIcon size={18} className="text-[var(--muted)]" /> Premium
      </Link>
      <Link to="/gems" role="menuitem" className={menuItemClasses}>
        <StarIcon size={18} className="text-[var(--muted)]" /> Gems and badges
      </Link>
      <Link to="/settings/import" role="menuitem" className={menuItemClasses}>
        <UploadIcon size={18} className="text-[var(--muted)]" /> Import history
      </Link>
      <Link to="/settings/account" role="menuitem" className={menuItemClasses}>
        <UserIcon size={18} className="text-[var(--muted)]" /> Your data and account
      </Link>
      <Link to="/settings/safety" role="menuitem" className={menuItemClasses}>
        <EyeIcon size={18} className="text-[var(--muted)]" /> Safety and notifications
      </Link>
      {moderator.data && (
        <Link to="/moderation" role="menuitem" className={menuItemClasses}>
          <EyeIcon size={18} className="text-[var(--accent)]" /> Moderation
        </Link>
      )}
      <div className="my-1 h-px bg-[var(--border)]" />
      <ThemeOptions />
      <div className="my-1 h-px bg-[var(--border)]" />
      <button type="button" role="menuitem" className={menuItemClasses} onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogoutIcon size={18} className="text-[var(--muted)]" /> Log out
      </button>
    </>
  );
}
