import type { CurrentUser } from '@common/contracts/auth';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ChevronRightIcon, CloseIcon, CompassIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { ScrollArea } from '../../../components/ui/scroll-area';
import { useIsDesktop } from '../../../hooks/use-media-query';
import { cn } from '../../../lib/cn';
import { browseLinks, createLinks, homeLink } from '../nav-config';
import type { OverlaySearch } from './directory-overlay';
import { DirectoryTree } from './directory-tree';
import { MobileProfile } from './mobile-profile';
import { NavItem, navRowClasses } from './nav-item';

/** Phones only, opened on demand: loaded when first opened so /home ships less. */
const DirectoryOverlay = lazy(() => import('./directory-overlay').then((m) => ({ default: m.DirectoryOverlay })));

interface SideMenuProps {
  user: CurrentUser;
  /** Phones only: whether the slide-in menu is open. */
  open: boolean;
  onClose: () => void;
}

const closedSearch: OverlaySearch = { open: false, value: '' };

/** The left side menu: fixed from 1024 px, a slide-in panel below. */
export function SideMenu({ user, open, onClose }: SideMenuProps) {
  const isDesktop = useIsDesktop();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [search, setSearch] = useState<OverlaySearch>(closedSearch);
  const navRef = useRef<HTMLElement>(null);
  const mobileOpen = open && !isDesktop;

  // Closing the phone menu resets the Directory overlay, the profile dropdown and the search box.
  useEffect(() => {
    if (open) return;
    setOverlayOpen(false);
    setProfileOpen(false);
    setSearch(closedSearch);
  }, [open]);

  useEffect(() => {
    if (!mobileOpen) return;
    navRef.current?.querySelector<HTMLElement>('[data-menu-close]')?.focus();
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !overlayOpen) onClose();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [mobileOpen, overlayOpen, onClose]);

  return (
    <>
      {mobileOpen && <div className="animate-fade-in fixed inset-0 z-40 bg-black/60 lg:hidden" aria-hidden="true" onClick={onClose} />}
      <nav
        ref={navRef}
        id="main-menu"
        aria-label="Main"
        className={cn(
          'fixed bottom-0 left-0 z-40 flex w-[min(20rem,86vw)] flex-col border-r border-[var(--border)] bg-[var(--surface)] transition-[transform,visibility] duration-200 ease-out',
          'top-0 lg:top-16 lg:z-20 lg:w-64 lg:translate-x-0 lg:bg-[var(--bg)]/60 lg:visible',
          open ? 'translate-x-0 shadow-2xl shadow-black/40' : 'invisible -translate-x-full',
        )}
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-[var(--border)] px-3 lg:hidden">
          <Logo />
          <button
            type="button"
            data-menu-close
            aria-label="Close menu"
            onClick={onClose}
            className="grid h-10 w-10 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring"
          >
            <CloseIcon />
          </button>
        </div>
        <ScrollArea className="flex-1 px-3 py-4">
          {!isDesktop && <MobileProfile user={user} open={profileOpen} onOpenChange={setProfileOpen} />}
          <ul className="space-y-0.5">
            <NavItem item={homeLink} end />
            {isDesktop ? (
              <DirectoryTree />
            ) : (
              <li>
                <button type="button" aria-haspopup="dialog" onClick={() => setOverlayOpen(true)} className={navRowClasses(false)}>
                  <CompassIcon size={20} />
                  <span className="flex-1 text-left">Directory</span>
                  <ChevronRightIcon size={16} />
                </button>
              </li>
            )}
            {browseLinks.map((item) => (
              <NavItem key={item.to} item={item} />
            ))}
          </ul>
          <p className="mt-6 mb-2 px-3 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">Create</p>
          <ul className="space-y-0.5">
            {createLinks.map((item) => (
              <NavItem key={item.to} item={item} />
            ))}
          </ul>
          <p className="mt-8 px-3 text-xs leading-relaxed text-[var(--muted)]">Reelhouse · made for people who stay for the credits.</p>
        </ScrollArea>
      </nav>
      {mobileOpen && overlayOpen && (
        <Suspense fallback={null}>
          <DirectoryOverlay onBack={() => setOverlayOpen(false)} onNavigate={onClose} search={search} onSearchChange={setSearch} />
        </Suspense>
      )}
    </>
  );
}
