import { safeNextPath } from '@common/next-path';
import { Activity, type ReactNode } from 'react';
import { Spinner } from '../components/ui/button';
import { useCurrentUser } from '../lib/current-user';
import { Navigate, useLocation, useSearchParams } from '../lib/router';

function Checking() {
  return (
    <div className="grid min-h-[50vh] place-items-center text-[var(--muted)]" role="status" aria-label="Checking your session">
      <Spinner className="h-6 w-6" />
    </div>
  );
}

/**
 * Protected routes. A person with no session goes to /login with the way back (`?next=` this page, so a shared link
 * opened signed out leads there once signed in); while the session is
 * still being checked (for example right after an e-mail link) nothing redirects.
 * Meanwhile the page is prepared out of sight (<Activity mode="hidden">: rendered,
 * no effects, so nothing is fetched): its code downloads alongside the session
 * check instead of after it, and the page shows as soon as the person is known.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, status } = useCurrentUser();
  const location = useLocation();
  if (!user && status !== 'checking') {
    // /home is where a sign-in leads anyway: no need to say it.
    const next = safeNextPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={next && next !== '/home' ? `/login?next=${encodeURIComponent(next)}` : '/login'} replace />;
  }
  return (
    <>
      {!user && <Checking />}
      <Activity mode={user ? 'visible' : 'hidden'}>{children}</Activity>
    </>
  );
}

/** /login for someone already signed in: straight to the way back or the app (or to the profile step first). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  if (user) {
    if (user.onboarded) return <Navigate to={next ?? '/home'} replace />;
    return <Navigate to={next ? `/onboarding?next=${encodeURIComponent(next)}` : '/onboarding'} replace />;
  }
  return children;
}
