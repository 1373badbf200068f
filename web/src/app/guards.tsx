import { Activity, type ReactNode } from 'react';
import { Spinner } from '../components/ui/button';
import { useCurrentUser } from '../lib/current-user';
import { Navigate, useLocation } from '../lib/router';

function Checking() {
  return (
    <div className="grid min-h-[50vh] place-items-center text-[var(--muted)]" role="status" aria-label="Checking your session">
      <Spinner className="h-6 w-6" />
    </div>
  );
}

/**
 * Protected routes. A person with no session goes to /login; while the session is
 * still being checked (for example right after an e-mail link) nothing redirects.
 * Meanwhile the page is prepared out of sight (<Activity mode="hidden">: rendered,
 * no effects, so nothing is fetched): its code downloads alongside the session
 * check instead of after it, and the page shows as soon as the person is known.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, status } = useCurrentUser();
  const location = useLocation();
  if (!user && status !== 'checking') return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return (
    <>
      {!user && <Checking />}
      <Activity mode={user ? 'visible' : 'hidden'}>{children}</Activity>
    </>
  );
}

/** /login for someone already signed in: straight to the app (or to the profile step). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  if (user) return <Navigate to={user.onboarded ? '/home' : '/onboarding'} replace />;
  return children;
}
