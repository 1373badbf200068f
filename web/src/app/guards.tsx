import type { ReactNode } from 'react';
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
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, status } = useCurrentUser();
  const location = useLocation();
  if (user) return children;
  if (status === 'checking') return <Checking />;
  return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** /login for someone already signed in: straight to the app (or to the profile step). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  if (user) return <Navigate to={user.onboarded ? '/home' : '/onboarding'} replace />;
  return children;
}
