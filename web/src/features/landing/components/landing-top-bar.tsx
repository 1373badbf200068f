import { buttonClasses } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { Link } from '../../../lib/router';

/** The landing page's own top bar: Sign in and Join go to /home, Download to /onboarding. */
export function LandingTopBar() {
  return (
    <header className="sticky top-0 z-30 border-b border-transparent bg-[var(--bg)]/70 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="rounded-lg focus-ring" aria-label="Reelhouse">
          <Logo />
        </Link>
        <nav aria-label="Site" className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link to="/onboarding" className={buttonClasses('ghost', 'sm', 'max-sm:hidden')}>
            Download
          </Link>
          <Link to="/home" className={buttonClasses('ghost', 'sm')}>
            Sign in
          </Link>
          <Link to="/home" className={buttonClasses('primary', 'sm')}>
            Join
          </Link>
        </nav>
      </div>
    </header>
  );
}
