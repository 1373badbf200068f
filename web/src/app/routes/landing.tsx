import { LandingPage } from '../../features/landing/components/landing-page';
import { useCurrentUser } from '../../lib/current-user';
import { Navigate } from '../../lib/router';

/** /: the landing page for visitors; signed-in people go straight to /home. */
export default function LandingRoute() {
  const { user } = useCurrentUser();
  if (user) return <Navigate to="/home" replace />;
  return (
    <>
      <title>Reelhouse · Films and series, with the people who love them</title>
      <LandingPage />
    </>
  );
}
