import { buttonClasses } from '../../components/ui/button';
import { Link } from '../../lib/router';

export default function NotFoundRoute() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <title>Page not found · Reelhouse</title>
      <p className="text-6xl font-semibold text-[var(--accent)] tabular-nums">404</p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">This scene was cut</h1>
      <p className="mt-3 text-[var(--muted)]">The page you asked for is not part of Reelhouse.</p>
      <Link to="/home" className={buttonClasses('secondary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}
