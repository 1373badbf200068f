import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { MessagesButton } from '../../features/messages';
import { SideMenu, TopBar } from '../../features/navigation';
import { NotificationBell } from '../../features/notifications';
import { SearchBox, TopSearch } from '../../features/search';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../lib/current-user';
import { connectLive, onLive } from '../../lib/live-events';
import { OutletProvider, useLocation } from '../../lib/router';
import type { AppOutletContext } from './outlet-context';

/** What the frame hands the pages below it (useOutletContext): the search box, so that pages never import the search feature. */
const outlet: AppOutletContext = { SearchBox };

const activity = (className: string) => (
  <>
    <NotificationBell className={className} />
    <MessagesButton className={className} />
  </>
);

const OnboardingModal = lazy(() => import('../../features/auth/components/onboarding-modal'));

/** The signed-in frame around its pages (`children`): fixed top bar, side menu, padded content, and the onboarding modal. */
export default function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const onboarding = pathname.startsWith('/onboarding');
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // One live connection per tab while someone is signed in. `signed-out` (the session ended elsewhere: signed out in
  // another tab, or the account was suspended) loads the sign-in page afresh, saying "Session expired. Please log in
  // again.", as logging out does, so that nothing fetched for the person stays in memory;
  // `account-closed` (the person closed it, maybe in another tab) loads the landing page the same way.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const close = connectLive();
    const off = onLive(['signed-out'], () => window.location.assign('/login?error=session_expired'));
    const offClosed = onLive(['account-closed'], () => window.location.assign('/'));
    return () => {
      off();
      offClosed();
      close();
    };
  }, [userId]);

  // Any navigation closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the location changes
  useEffect(() => setMenuOpen(false), [pathname, search]);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-[var(--accent)] px-4 py-2 text-[var(--accent-ink)] focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar user={user} search={TopSearch} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} activity={activity} />
      {user && <SideMenu user={user} open={menuOpen} onClose={closeMenu} />}
      <main id="main" tabIndex={-1} className={cn('min-h-dvh pt-16 outline-none', user && !onboarding && 'lg:pl-64')}>
        <div className={cn(!onboarding && 'mx-auto w-full max-w-[1600px] px-4 py-6 sm:px-6 lg:px-10 lg:py-8')}>
          <Suspense fallback={null}>
            <OutletProvider context={outlet}>{children}</OutletProvider>
          </Suspense>
        </div>
      </main>
      {onboarding && (
        <Suspense fallback={null}>
          <OnboardingModal SearchBox={SearchBox} />
        </Suspense>
      )}
    </>
  );
}
